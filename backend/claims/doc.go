// Package claims checks a draft claim by claim against the published corpus: it splits the draft into paragraphs and atomic claims, retrieves passages per paragraph and gives each claim a verdict (supported, contradicted, not_covered) with verbatim evidence, offline or through an LLM.
package claims
