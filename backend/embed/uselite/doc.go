// Package uselite runs Google's Universal Sentence Encoder Lite in pure Go:
// the model's SentencePiece-unigram tokenizer and an evaluator for its
// TF.js GraphDef (model.json plus weight shards), implementing exactly the
// ops that graph uses. Matrix products run through a blocked AVX2/FMA
// micro-kernel (gemm_amd64.s) where the CPU has it, else gonum's blas32;
// the purego build tag forces gonum.
//
// An embedding aligns texts, it does not decide between them: a sentence and
// its negation stay close (cosine around 0.9), so callers that need polarity
// must look for it elsewhere.
package uselite

import "errors"

var (
	// ErrModel reports model files that are missing pieces or malformed.
	ErrModel = errors.New("uselite: bad model files")
	// ErrUnsupported reports a graph feature this evaluator does not implement.
	ErrUnsupported = errors.New("uselite: unsupported graph feature")
	// ErrGraph reports operands an op cannot work with (shape, type, range).
	ErrGraph = errors.New("uselite: bad operands")
)
