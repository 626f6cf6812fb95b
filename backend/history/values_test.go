package history

import "testing"

func TestDescribe(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		kind     Kind
		values   []ValueChange
	}{
		{"a duration", "Refunds are accepted within 14 days.", "Refunds are accepted within 30 days.", KindValue, []ValueChange{{"14 days", "30 days"}}},
		{"an amount and a word", "The stipend is $500 per year for staff.", "The stipend is $750 per year for all employees.", KindValue,
			[]ValueChange{{"$500", "$750"}, {"staff", "all employees"}}},
		{"a vendor", "Payments are processed by Stripe.", "Payments are processed by Adyen.", KindWording, []ValueChange{{"Stripe", "Adyen"}}},
		{"a negation added", "Employees may bring pets.", "Employees may not bring pets.", KindPolarity, []ValueChange{{"", "not"}}},
		{"a contraction dropped", "You don't need a receipt for taxis.", "You do need a receipt for taxis.", KindPolarity,
			[]ValueChange{{"don't", "do"}}},
		{"a requirement level", "This class is recommended.", "This class is required.", KindWording, []ValueChange{{"recommended", "required"}}},
		{"removed", "The canteen is on the first floor.", "", KindRemoved, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			kind, vals := Describe(c.old, c.new)
			if kind != c.kind || !equalValues(vals, c.values) {
				t.Errorf("Describe = %s %+v, want %s %+v", kind, vals, c.kind, c.values)
			}
		})
	}
}
