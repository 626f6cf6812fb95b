package lexical

import (
	"continuity/backend/lexical/stem"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"
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
		tok.Term = []byte(stem.English(string(tok.Term)))
	}
	return in
}

func init() {
	registry.RegisterTokenFilter(StemmerName, func(map[string]any, *registry.Cache) (analysis.TokenFilter, error) {
		return snowballFilter{}, nil
	})
}

func addAnalyzer(m *mapping.IndexMappingImpl) error {
	return m.AddCustomAnalyzer(AnalyzerName, map[string]any{
		"type":          custom.Name,
		"tokenizer":     unicode.Name,
		"token_filters": []string{en.PossessiveName, lowercase.Name, en.StopName, StemmerName},
	})
}
