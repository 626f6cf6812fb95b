package vale

import (
	"context"

	"continuity/backend/voice"
)

func runOne(ctx context.Context, c *compiled, text string) ([]voice.Issue, error) {
	return voice.NewOffline(voice.FromRules("", []voice.ExternalRule{c.rule})).CheckAll(ctx, text)
}
