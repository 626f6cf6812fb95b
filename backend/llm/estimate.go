package llm

import "unicode/utf8"

// CharsPerToken is the rough ratio used for estimates (English prose with
// OpenAI tokenizers); estimates are for budgeting, not billing.
const CharsPerToken = 4

// EstimateTokens approximates the token count of text.
func EstimateTokens(text string) int {
	n := utf8.RuneCountInString(text)
	return (n + CharsPerToken - 1) / CharsPerToken
}

// EstimateItem is one kind of call in a planned run.
type EstimateItem struct {
	Model        string
	Calls        int
	PromptChars  int // characters of prompt per call (system + user + fenced text)
	OutputTokens int // expected reply tokens per call
}

// Estimation is the planned cost of a run.
type Estimation struct {
	Calls        int  `json:"calls"`
	InputTokens  int  `json:"input_tokens"`
	OutputTokens int  `json:"output_tokens"`
	Cost         Cost `json:"cost"`
}

// Estimate sums calls, tokens and cost for a planned run, for showing
// before it starts. Unpriced models make the cost unknown.
func Estimate(prices Prices, items ...EstimateItem) Estimation {
	e := Estimation{Cost: Cost{Known: true}}
	for _, it := range items {
		if it.Calls <= 0 {
			continue
		}
		in := it.Calls * ((it.PromptChars + CharsPerToken - 1) / CharsPerToken)
		out := it.Calls * it.OutputTokens
		e.Calls += it.Calls
		e.InputTokens += in
		e.OutputTokens += out
		if usd, ok := prices.cost(it.Model, Usage{InputTokens: in, OutputTokens: out}); ok {
			e.Cost.USD += usd
		} else if !contains(e.Cost.Unpriced, it.Model) {
			e.Cost.Unpriced = append(e.Cost.Unpriced, it.Model)
		}
	}
	e.Cost.Known = len(e.Cost.Unpriced) == 0
	return e
}

// Estimate is the package Estimate with this client's price table.
func (c *Client) Estimate(items ...EstimateItem) Estimation {
	return Estimate(c.ledger.Prices(), items...)
}

// DefaultPrices are OpenAI list prices (USD per million tokens) at the
// time of writing. They are a starting point for the editable table in
// Settings, not a source of truth.
func DefaultPrices() Prices {
	return Prices{
		"gpt-4o-mini":            {InputPerMTok: 0.15, OutputPerMTok: 0.60},
		"gpt-4o":                 {InputPerMTok: 2.50, OutputPerMTok: 10.00},
		"gpt-4.1-mini":           {InputPerMTok: 0.40, OutputPerMTok: 1.60},
		"gpt-4.1":                {InputPerMTok: 2.00, OutputPerMTok: 8.00},
		"text-embedding-3-small": {InputPerMTok: 0.02},
		"text-embedding-3-large": {InputPerMTok: 0.13},
	}
}
