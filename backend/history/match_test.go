package history

import (
	"testing"

	"continuity/backend/retrieval"
)

func TestStatesOld(t *testing.T) {
	refund := retrieval.Superseded{Text: "Refunds are accepted within 14 days of purchase.",
		Replacement: "Refunds are accepted within 30 days of purchase.", Current: "Refunds are accepted within 30 days of purchase."}
	pets := retrieval.Superseded{Text: "Employees may bring pets to the office.", Replacement: "Employees may not bring pets to the office."}
	canteen := retrieval.Superseded{Text: "The canteen is on the first floor of the building."}
	cases := []struct {
		name string
		text string
		s    retrieval.Superseded
		want bool
	}{
		{"the old sentence quoted", "Refunds are accepted within 14 days of purchase.", refund, true},
		{"the old fact in other words", "You can get refunds within 14 days of your purchase.", refund, true},
		{"the new fact", "Refunds are accepted within 30 days of purchase.", refund, false},
		{"another number", "Refunds are accepted within 114 days of purchase.", refund, false},
		{"another fact with the old number", "Support answers within 14 days.", refund, false},
		{"the old polarity", "Yes, employees may bring pets to the office.", pets, true},
		{"the new polarity", "Employees may not bring their pets to the office.", pets, false},
		{"a removed fact", "The canteen is on the first floor.", canteen, true},
		{"unrelated", "Parking is free on weekends.", canteen, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := StatesOld(c.text, c.s); got != c.want {
				t.Errorf("StatesOld(%q) = %v, want %v", c.text, got, c.want)
			}
		})
	}
}

func TestStatesOldValue(t *testing.T) {
	refund := retrieval.Superseded{Text: "Refunds are accepted within 14 days of purchase.",
		Replacement: "Refunds are accepted within 30 days of purchase."}
	carrier := retrieval.Superseded{Text: "Parcels ship with Fastway.", Replacement: "Parcels ship with Ziptrack."}
	cases := []struct {
		name string
		text string
		s    retrieval.Superseded
		want bool
	}{
		{"the old value in other units", "Customers have two weeks from purchase to ask for a refund.", refund, true},
		{"the old value as written", "Refunds come within 14 days of purchase.", refund, true},
		{"the old value and nothing else of the sentence", "You have 14 days.", refund, false},
		{"the new value in other words", "Customers have a month from purchase to ask for a refund.", refund, false},
		{"both values", "It went from 14 days to 30 days.", refund, false},
		{"no figure", "Refunds are accepted.", refund, false},
		{"another fact with the old value", "Support answers within two weeks.", refund, false},
		{"a word change is no value change", "Parcels ship with Fastway.", carrier, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := StatesOldValue(c.text, c.s); got != c.want {
				t.Errorf("StatesOldValue(%q) = %v, want %v", c.text, got, c.want)
			}
		})
	}
}
