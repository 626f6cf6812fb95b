package llm

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestSchemaBuildersWriteStrictJSON(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		schema map[string]any
		want   string
	}{
		{"string", String(), `{"type":"string"}`},
		{"integer", Integer(), `{"type":"integer"}`},
		{"boolean", Boolean(), `{"type":"boolean"}`},
		{"number with bounds", Number(0, 1), `{"maximum":1,"minimum":0,"type":"number"}`},
		{"string enum", Enum("supported", "contradicted"), `{"enum":["supported","contradicted"],"type":"string"}`},
		{"integer enum", Enum(0, 1), `{"enum":[0,1],"type":"integer"}`},
		{"array", Array(String()), `{"items":{"type":"string"},"type":"array"}`},
		{"object keeps the order of required", Object(Prop("b", String()), Prop("a", Integer())),
			`{"additionalProperties":false,"properties":{"a":{"type":"integer"},"b":{"type":"string"}},"required":["b","a"],"type":"object"}`},
		{"empty object", Object(), `{"additionalProperties":false,"properties":{},"required":[],"type":"object"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := json.Marshal(tc.schema)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Fatalf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// The validator the structured-output path runs reads built schemas as
// it reads hand-written ones.
func TestBuiltSchemasValidate(t *testing.T) {
	t.Parallel()
	schema := Object(
		Prop("verdict", Enum("yes", "no")),
		Prop("score", Number(0, 1)),
		Prop("binary", Enum(0, 1)),
		Prop("notes", Array(Object(Prop("text", String()), Prop("ok", Boolean())))),
		Prop("count", Integer()),
	)
	cases := []struct{ name, body, path string }{
		{"valid", `{"verdict":"yes","score":0.5,"binary":1,"notes":[{"text":"a","ok":true}],"count":2}`, ""},
		{"missing property", `{"verdict":"yes","score":0.5,"binary":1,"notes":[]}`, "$.count"},
		{"extra property", `{"verdict":"yes","score":0.5,"binary":1,"notes":[],"count":2,"x":1}`, "$.x"},
		{"string outside the enum", `{"verdict":"maybe","score":0.5,"binary":1,"notes":[],"count":2}`, "$.verdict"},
		{"integer outside the enum", `{"verdict":"yes","score":0.5,"binary":2,"notes":[],"count":2}`, "$.binary"},
		{"number above the maximum", `{"verdict":"yes","score":1.5,"binary":1,"notes":[],"count":2}`, "$.score"},
		{"number below the minimum", `{"verdict":"yes","score":-0.1,"binary":1,"notes":[],"count":2}`, "$.score"},
		{"fraction for an integer", `{"verdict":"yes","score":1,"binary":1,"notes":[],"count":2.5}`, "$.count"},
		{"wrong type inside an array item", `{"verdict":"yes","score":0,"binary":0,"notes":[{"text":"a","ok":"yes"}],"count":0}`, "$.notes[0].ok"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var out map[string]any
			err := decodeStrict(Response{Content: tc.body}, schema, &out)
			var inv *InvalidOutputError
			switch {
			case tc.path == "" && err != nil:
				t.Fatalf("unexpected %v", err)
			case tc.path != "" && (!errors.As(err, &inv) || inv.Path != tc.path):
				t.Fatalf("err = %v, want a problem at %s", err, tc.path)
			}
		})
	}
}

func TestObjectRejectsADuplicateProperty(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Fatal("a property given twice did not panic")
		}
	}()
	Object(Prop("a", String()), Prop("a", Integer()))
}
