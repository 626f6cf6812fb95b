// Package calibrate learns from a workspace's own history: it turns the
// facts its pages changed into labelled pairs (the old sentence should
// be contradicted by the corpus now, the current one supported), checks
// each pair the way a writer's draft is checked, reports the offline
// verifier's recall and precision per kind of change, and fits the
// workspace's contradicted threshold on them (backend/calibrate/stored).
// Nothing leaves the machine: it is the offline engine on the local index.
package calibrate
