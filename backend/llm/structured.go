package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"
)

func jsonSchemaFormat(s Schema) openai.ChatCompletionNewParamsResponseFormatUnion {
	return openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
		JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: s.Name, Schema: s.Schema, Strict: openai.Bool(true)},
	}}
}

// CompleteJSON asks for strict JSON-schema output, validates the reply
// against req.Schema in Go (servers such as Ollama Cloud accept a schema
// without enforcing it) and decodes it into out, rejecting unknown fields.
// A reply that fails is an *InvalidOutputError; out is then left untouched.
func (c *Client) CompleteJSON(ctx context.Context, req Request, out any) (Response, error) {
	if req.Schema == nil || req.Schema.Name == "" || req.Schema.Schema == nil {
		return Response{Prompt: req.Prompt}, fmt.Errorf("llm: prompt %s: CompleteJSON needs a named schema", req.Prompt)
	}
	if rv := reflect.ValueOf(out); rv.Kind() != reflect.Pointer || rv.IsNil() {
		return Response{Prompt: req.Prompt}, fmt.Errorf("llm: prompt %s: CompleteJSON needs a non-nil pointer, got %T", req.Prompt, out)
	}
	resp, err := c.complete(ctx, req)
	if err == nil {
		err = decodeStrict(resp, req.Schema.Schema, out)
	}
	c.record(req, resp, err)
	return resp, err
}

func decodeStrict(resp Response, schema map[string]any, out any) error {
	bad := func(path, reason string) error {
		return &InvalidOutputError{Prompt: resp.Prompt, Model: resp.Model, Path: path, Reason: reason, Content: truncate(resp.Content, 2000)}
	}
	body := stripCodeFence(resp.Content)
	if strings.TrimSpace(body) == "" {
		return bad("", "the reply is empty")
	}
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return bad("", "not valid JSON: "+err.Error())
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return bad("", "text after the JSON value")
	}
	if err := validate(schema, v, "$"); err != nil {
		var se *schemaError
		if errors.As(err, &se) {
			return bad(se.path, se.reason)
		}
		return bad("", err.Error())
	}
	// Decode into a fresh value first so a failure never leaves out half-filled.
	tmp := reflect.New(reflect.TypeOf(out).Elem())
	d := json.NewDecoder(bytes.NewReader([]byte(body)))
	d.DisallowUnknownFields()
	if err := d.Decode(tmp.Interface()); err != nil {
		return bad("", "does not fit the result type: "+err.Error())
	}
	reflect.ValueOf(out).Elem().Set(tmp.Elem())
	return nil
}

// stripCodeFence removes one ```json … ``` wrapper, which local models add
// even when asked for bare JSON. The content is still validated.
func stripCodeFence(s string) string {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "```") || !strings.HasSuffix(t, "```") || len(t) < 6 {
		return s
	}
	t = strings.TrimSuffix(t[3:], "```")
	if nl := strings.IndexByte(t, '\n'); nl >= 0 && !strings.ContainsAny(t[:nl], "{[") {
		t = t[nl+1:]
	}
	return t
}
