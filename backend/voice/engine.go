package voice

import (
	"context"
	"sort"
)

// Offline checks drafts against compiled rules; it needs no network.
type Offline struct{ g *Guidelines }

// NewOffline returns an engine for parsed guidelines.
func NewOffline(g *Guidelines) *Offline { return &Offline{g: g} }

// Check returns the draft's issues sorted by position, without
// duplicates. ctx is checked between rules so a huge draft can be cancelled.
func (o *Offline) Check(ctx context.Context, text string) ([]Issue, error) {
	d := newDraft(text)
	var out []Issue
	for _, r := range o.g.rules {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out = append(out, r.check(d)...)
	}
	return Merge(out), nil
}

// Merge sorts issues by position and removes duplicates: issues of the
// same rule on overlapping passages (a 40-word sentence breaks both the
// 25- and the 35-word limit), and a model's issue on exactly the passage an
// offline rule already flagged. The kept issue is the required one, then
// the one with a concrete rewrite, then the offline one.
func Merge(groups ...[]Issue) []Issue {
	var all []Issue
	for _, g := range groups {
		all = append(all, g...)
	}
	sort.SliceStable(all, func(i, j int) bool { return better(all[i], all[j]) })
	var kept []Issue
	for _, is := range all {
		dup := false
		for _, k := range kept {
			sameRule := k.Rule == is.Rule && is.Start < k.End && k.Start < is.End
			samePassage := k.Start == is.Start && k.End == is.End && (k.Engine != is.Engine || k.Rule == is.Rule)
			if sameRule || samePassage {
				dup = true
				break
			}
		}
		if !dup {
			kept = append(kept, is)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool {
		if kept[i].Start != kept[j].Start {
			return kept[i].Start < kept[j].Start
		}
		if kept[i].End != kept[j].End {
			return kept[i].End < kept[j].End
		}
		return kept[i].Rule < kept[j].Rule
	})
	return kept
}

func better(a, b Issue) bool {
	if (a.Level == Required) != (b.Level == Required) {
		return a.Level == Required
	}
	if a.Concrete != b.Concrete {
		return a.Concrete
	}
	return a.Engine == EngineOffline && b.Engine != EngineOffline
}
