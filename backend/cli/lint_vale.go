package cli

import (
	"context"
	"fmt"

	"continuity/backend/check"
	"continuity/backend/engine"
	"continuity/backend/muddy"
	"continuity/backend/session"
	"continuity/backend/voice"
	"continuity/backend/voice/vale"
	"continuity/backend/workspace"
)

// voiceRunner checks one file's Markdown for lint.
type voiceRunner func(file, md string) (voice.Result, error)

// lintVoice picks the rules lint uses: valePath, the workspace's .vale.ini,
// or its guidelines.md. A broken rule source fails before any file is read.
func lintVoice(ctx context.Context, env *Env, s *session.Session, ws workspace.Workspace, valePath string) (voiceRunner, error) {
	src, err := vale.ActiveSource(ws.Root, valePath)
	if err != nil {
		return nil, err
	}
	if src.Kind == vale.SourceGuidelines {
		if _, err := voice.LoadFile(src.Path); err != nil {
			return nil, err
		}
		return func(_, md string) (voice.Result, error) {
			return check.RunVoice(ctx, s, ws, md, engine.Offline)
		}, nil
	}
	st, err := vale.Load(ctx, src.Path)
	if err != nil {
		return nil, err
	}
	var warned []string
	for _, w := range st.Warnings {
		warned = append(warned, w.String())
	}
	reportVoiceRules(env, st.Describe(), warned)
	return func(file, md string) (voice.Result, error) {
		rules := st.For(file)
		for _, w := range rules.Warnings {
			fmt.Fprintf(env.Stderr, "vale: not run: %s\n", w)
		}
		return vale.Run(ctx, rules.Guidelines, md)
	}, nil
}

// reportVoiceRules says on stderr which voice rules ran and what of a Vale
// configuration did not, so nothing is skipped silently.
func reportVoiceRules(env *Env, rules string, warnings []string) {
	if rules == "" {
		return
	}
	fmt.Fprintf(env.Stderr, "voice rules: %s\n", rules)
	for _, w := range warnings {
		fmt.Fprintf(env.Stderr, "vale: not run: %s\n", w)
	}
}

// lintRules loads what lint runs: the voice rules (a Vale configuration
// or the guidelines) and, with --muddy, the lexicon of the muddy-sentence
// rules. Broken rules fail every file alike, so they are reported once.
func lintRules(ctx context.Context, env *Env, s *session.Session, ws workspace.Workspace, valePath string, withMuddy bool) (voiceRunner, muddy.Lexicon, error) {
	voiceOf, err := lintVoice(ctx, env, s, ws, valePath)
	if err != nil {
		return nil, nil, fmt.Errorf("lint: %w", err)
	}
	if !withMuddy {
		return voiceOf, nil, nil
	}
	lex, err := muddy.DefaultLexicon()
	if err != nil {
		return nil, nil, fmt.Errorf("lint --muddy: %w", err)
	}
	return voiceOf, lex, nil
}
