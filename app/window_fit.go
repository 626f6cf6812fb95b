package app

import (
	"context"
	"log/slog"

	wruntime "github.com/wailsapp/wails/v2/pkg/runtime"
)

// The window's default and smallest sizes; a screen smaller than the
// default gets a window that fits it.
const (
	defaultWidth  = 1280
	defaultHeight = 820
	minWidth      = 900
	minHeight     = 600
)

// fitSize is the window size for a screen of w×h logical pixels: the
// default, shrunk to the screen (never below the window's minimum).
func fitSize(w, h int) (width, height int, changed bool) {
	width, height = min(defaultWidth, w), min(defaultHeight, h)
	width, height = max(width, minWidth), max(height, minHeight)
	return width, height, width != defaultWidth || height != defaultHeight
}

// fitScreen shrinks the window to a screen smaller than its default size
// (a 1024×700 laptop): a window larger than its screen puts the findings
// of a check past the screen's edge, where no scrolling reaches them.
func fitScreen(ctx context.Context, log *slog.Logger) {
	screens, err := wruntime.ScreenGetAll(ctx)
	if err != nil || len(screens) == 0 {
		log.Warn("screen size not read; the window keeps its default size", "err", err)
		return
	}
	s := screens[0]
	for _, c := range screens {
		if c.IsCurrent {
			s = c
			break
		}
	}
	w, h, changed := fitSize(s.Size.Width, s.Size.Height)
	if !changed {
		return
	}
	wruntime.WindowSetSize(ctx, w, h)
	wruntime.WindowCenter(ctx)
	log.Info("window fitted to the screen", "screen", [2]int{s.Size.Width, s.Size.Height}, "window", [2]int{w, h})
}
