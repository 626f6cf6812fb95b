package app

import (
	"fmt"
	"time"

	"continuity/backend/history"
	"continuity/backend/session"
)

// ValueChangeDTO is one changed stretch of a sentence, old then new.
type ValueChangeDTO struct {
	Old string `json:"old"`
	New string `json:"new"`
}

// ChangedFactDTO is one published sentence a change replaced or removed.
type ChangedFactDTO struct {
	DocID       string           `json:"doc_id"`
	Title       string           `json:"title"`
	Old         string           `json:"old"`
	New         string           `json:"new"`     // "" when removed
	Current     string           `json:"current"` // set when New changed again since
	Kind        string           `json:"kind"`    // value, polarity, wording or removed
	Values      []ValueChangeDTO `json:"values"`
	Date        string           `json:"date"`   // YYYY-MM-DD
	Commit      string           `json:"commit"` // short hash; "" when only a sync saw it
	Message     string           `json:"message"`
	Republished bool             `json:"republished"`
}

// ChangedFactsDTO lists the facts that changed, newest first, and why the
// git history was not read when it was not.
type ChangedFactsDTO struct {
	Facts    []ChangedFactDTO `json:"facts"`
	Notice   string           `json:"notice"`
	Warnings []string         `json:"warnings"`
}

// ChangedFacts syncs the index, brings the git history up to date (when
// Settings allow) and lists the facts that changed since a date
// (YYYY-MM-DD) or revision; "" lists them all.
func (s *AuditService) ChangedFacts(since string) (ChangedFactsDTO, error) {
	s.c.ready()
	ctx := s.c.ctx
	if err := history.ValidSince(since); err != nil {
		return ChangedFactsDTO{}, err
	}
	ix, _, err := s.c.sess.FreshIndex(ctx, nil)
	if err != nil {
		return ChangedFactsDTO{}, err
	}
	ws, err := s.c.sess.Workspace(ctx)
	if err != nil {
		return ChangedFactsDTO{}, err
	}
	out := ChangedFactsDTO{Facts: []ChangedFactDTO{}, Warnings: []string{}}
	run, err := s.c.sess.ImportHistory(ctx, ix, ws.ContentDir(), session.HistoryIfOn, nil)
	if err != nil {
		out.Warnings = append(out.Warnings, err.Error())
	}
	out.Notice = run.Skipped
	for _, w := range run.Report.Warnings {
		out.Warnings = append(out.Warnings, w.String())
	}
	facts, err := history.Changes(ctx, ix, ws.ContentDir(), since)
	if err != nil {
		return ChangedFactsDTO{}, fmt.Errorf("list the changed facts: %w", err)
	}
	for i := len(facts) - 1; i >= 0; i-- {
		out.Facts = append(out.Facts, changedFactDTO(facts[i]))
	}
	return out, nil
}

func changedFactDTO(c history.Change) ChangedFactDTO {
	d := ChangedFactDTO{DocID: c.DocID, Title: c.Title, Old: c.Old, New: c.New, Current: c.Current, Kind: string(c.Kind),
		Values: make([]ValueChangeDTO, 0, len(c.Values)), Date: c.Date.Format(time.DateOnly), Message: c.Message, Republished: c.Republished}
	if c.Commit != "" {
		d.Commit = c.Commit[:min(7, len(c.Commit))]
	}
	for _, v := range c.Values {
		d.Values = append(d.Values, ValueChangeDTO{Old: v.Old, New: v.New})
	}
	return d
}
