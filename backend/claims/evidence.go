package claims

// MaxEvidence caps the passages cited for one verdict.
const MaxEvidence = 3
