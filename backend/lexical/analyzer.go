package lexical

import (
	"continuity/backend/text"
	"fmt"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"
	"sync"
)

// Names registered with bleve's registry.
const (
	StemmerName  = "continuity_snowball_en"
	AnalyzerName = "continuity_en"
)

// snowballFilter stems English terms with kljensen/snowball. Stop words
// are removed before it, so they are never stemmed into content terms.
type snowballFilter struct{}

func (snowballFilter) Filter(in analysis.TokenStream) analysis.TokenStream {
	for _, tok := range in {
		tok.Term = []byte(text.Stem(string(tok.Term)))
	}
	return in
}

// registerStemmer adds the stemmer to bleve's registry of token filters,
// once, before any mapping names it. bleve resolves filters by name from
// that process-wide registry when an index is created or opened, so it
// runs from newMapping and Open rather than at package load.
var registerStemmer = sync.OnceValue(func() error {
	err := registry.RegisterTokenFilter(StemmerName, func(map[string]any, *registry.Cache) (analysis.TokenFilter, error) {
		return snowballFilter{}, nil
	})
	if err != nil {
		return fmt.Errorf("register stemmer: %w", err)
	}
	return nil
})

func addAnalyzer(m *mapping.IndexMappingImpl) error {
	return m.AddCustomAnalyzer(AnalyzerName, map[string]any{
		"type":          custom.Name,
		"tokenizer":     unicode.Name,
		"token_filters": []string{en.PossessiveName, lowercase.Name, en.StopName, StemmerName},
	})
}
