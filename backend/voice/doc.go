// Package voice checks a draft against the team's voice & tone guidelines:
// typed rules from the guide's YAML block (offline) and the whole guide read by a model (LLM).
package voice
