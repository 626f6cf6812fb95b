// Package goldenset is the golden-sets use case: the one policy for
// importing a golden workbook (tolerant headers, located problems,
// all-or-nothing or valid rows only, a new version only when the rows
// changed, checks against the corpus) and the validation of stored sets.
// The desktop import, `golden import` and `eval --golden` all go through
// it. It sits above golden (model and storage) and xlsx (the workbook
// format), which cannot import each other's way round.
package goldenset
