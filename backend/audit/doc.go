// Package audit looks at the published corpus as something that can be
// wrong: it decomposes every published document into claims with the
// offline claim engine and checks each against the other documents (never
// against itself), reporting pairs of conflicting statements.
//
// Incremental design. Per audited document D the cache (component
// "audit", table audit_results) keeps D's content hash, the engine model,
// the content hash of every other document D was checked against, and the
// conflicts found. On the next audit:
//   - D changed (hash or model differ): D is re-checked against all others.
//   - D unchanged, some others changed, added or removed: conflicts citing a
//     changed or removed document are dropped, and D's claims are re-checked
//     against the changed and added documents only (search restricted to
//     their ids), then merged. So "claims of the rest against the changed
//     ones" costs one restricted pass, not a full one.
//   - nothing changed: the cached conflicts are reused as they are.
//
// The restricted pass ranks passages among the changed documents only, so
// it can surface a conflict that a full pass would have ranked below k:
// an incremental result is never smaller than a fresh one for the same
// corpus, only sometimes larger. Rows are written per document as each
// finishes, so a cancelled audit leaves a usable cache and a re-run resumes
// where it stopped.
//
// A contradicted verdict becomes a conflict only when the cited sentence
// is from another document, shares a subject word with the claim and at
// least half of its other content words, states a value of the same slot
// (kind, unit for counts) that differs with none agreeing, and the
// engine's confidence is at least Options.MinConfidence. Negation-only
// conflicts are not reported: on the sample corpus they were nearly all
// about different things. A-vs-B and B-vs-A
// findings about the same two sentences are one conflict, keyed by a hash
// of both sentences and their document ids; that key also names the
// conflict's resolution (resolved or intended, with a note).
package audit
