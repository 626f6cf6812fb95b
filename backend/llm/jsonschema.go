package llm

import "fmt"

// The builders below write the JSON schemas of strict structured output,
// as the plain maps Schema.Schema holds. Strict mode (the provider's and
// validate's) needs every property listed as required and no other
// property allowed; building every object through Object keeps each
// prompt's schema to that rule instead of each package writing its own
// maps and getting it slightly different.

// Field is one property of an object schema.
type Field struct {
	Name   string
	Schema map[string]any
}

// Prop names a property of an Object.
func Prop(name string, schema map[string]any) Field { return Field{Name: name, Schema: schema} }

// Object is an object with exactly these properties, all required, no
// others allowed. "required" lists them in the order given, so a schema
// that must stay byte-identical can keep its old order.
// A name given twice is a programming error and panics.
func Object(fields ...Field) map[string]any {
	props := make(map[string]any, len(fields))
	required := make([]string, len(fields))
	for i, f := range fields {
		if _, dup := props[f.Name]; dup {
			panic(fmt.Sprintf("llm.Object: property %q given twice", f.Name))
		}
		props[f.Name] = f.Schema
		required[i] = f.Name
	}
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}

// Array is an array of items.
func Array(items map[string]any) map[string]any {
	return map[string]any{"type": "array", "items": items}
}

// String is any string.
func String() map[string]any { return map[string]any{"type": "string"} }

// Integer is any whole number.
func Integer() map[string]any { return map[string]any{"type": "integer"} }

// Boolean is true or false.
func Boolean() map[string]any { return map[string]any{"type": "boolean"} }

// Number is a number from lo to hi, both included.
func Number(lo, hi float64) map[string]any {
	return map[string]any{"type": "number", "minimum": lo, "maximum": hi}
}

// Enum is one of values: strings, or integers such as the 0/1 of a
// binary verdict. The type is stated with the values, as strict mode
// expects.
func Enum[T string | int](values ...T) map[string]any {
	typ := "string"
	var zero T
	if _, ok := any(zero).(int); ok {
		typ = "integer"
	}
	return map[string]any{"type": typ, "enum": values}
}
