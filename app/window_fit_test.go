package app

import "testing"

func TestFitSize(t *testing.T) {
	tests := []struct {
		name          string
		screenW, scrH int
		wantW, wantH  int
		wantChanged   bool
	}{
		{name: "a large screen keeps the default", screenW: 1920, scrH: 1080, wantW: defaultWidth, wantH: defaultHeight},
		{name: "exactly the default", screenW: defaultWidth, scrH: defaultHeight, wantW: defaultWidth, wantH: defaultHeight},
		{name: "a 1024×700 laptop gets its whole screen", screenW: 1024, scrH: 700, wantW: 1024, wantH: 700, wantChanged: true},
		{name: "a short wide screen keeps the width", screenW: 1920, scrH: 768, wantW: defaultWidth, wantH: 768, wantChanged: true},
		{name: "never below the window's minimum", screenW: 800, scrH: 480, wantW: minWidth, wantH: minHeight, wantChanged: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, h, changed := fitSize(tt.screenW, tt.scrH)
			if w != tt.wantW || h != tt.wantH || changed != tt.wantChanged {
				t.Errorf("fitSize(%d, %d) = %d, %d, %v; want %d, %d, %v", tt.screenW, tt.scrH, w, h, changed, tt.wantW, tt.wantH, tt.wantChanged)
			}
		})
	}
}
