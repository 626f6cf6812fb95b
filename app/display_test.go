package app

import (
	"runtime"
	"testing"
)

func TestHaveDisplay(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the variables decide only on X11 and Wayland systems")
	}
	cases := []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"no display", map[string]string{}, false},
		{"x11", map[string]string{"DISPLAY": ":0"}, true},
		{"wayland", map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, true},
		{"empty values", map[string]string{"DISPLAY": "", "WAYLAND_DISPLAY": ""}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := haveDisplay(func(k string) string { return tc.env[k] }); got != tc.want {
				t.Errorf("haveDisplay = %v, want %v", got, tc.want)
			}
		})
	}
}
