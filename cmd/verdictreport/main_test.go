package main

import (
	"slices"
	"testing"
)

func TestParseFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		sets    []string
		wantErr bool
	}{
		{"defaults run the report's sets", nil, defaultSets, false},
		{"a subset, spaces allowed", []string{"-sets", "scifact, vitaminc"}, []string{"scifact", "vitaminc"}, false},
		{"unknown set", []string{"-sets", "fever"}, nil, true},
		{"no set", []string{"-sets", ","}, nil, true},
		{"negative limit", []string{"-vitaminc-limit", "-1"}, nil, true},
		{"negative k", []string{"-k", "-2"}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := parseFlags(tt.args)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if err == nil && !slices.Equal(c.sets, tt.sets) {
				t.Errorf("sets = %v, want %v", c.sets, tt.sets)
			}
		})
	}
}
