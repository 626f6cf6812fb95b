// Package verifier is the trained pair model of the offline claims engine:
// it reads a claim and one aligned passage unit together and gives
// P(supported), P(contradicted), P(not covered) for that pair.
//
// The model (model.go, forward.go) embeds each side's words with the
// frozen GloVe table plus per-word match flags computed against the other
// side (tokens.go), contextualises them with one convolution, aligns them
// by cross-attention, compares each word with what it aligned to, pools,
// and mixes in the rule engine's per-pair slot and alignment features. It
// is trained in PyTorch (scripts/train_verifier.py, run by
// `make train-verdict`) and run here in pure Go.
package verifier
