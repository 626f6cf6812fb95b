package progress

import (
	"testing"
	"time"
)

func TestThrottleKeepsStageChangesAndTheEnd(t *testing.T) {
	t.Parallel()
	var got []Event
	f := Throttle(func(e Event) { got = append(got, e) }, time.Hour)
	for i := 1; i <= 100; i++ {
		f(Event{Stage: "load", Done: i, Total: 100})
	}
	f(Event{Stage: "index", Done: 1, Total: 2})
	f(Event{Stage: "index", Done: 2, Total: 2})
	want := []Event{{"load", 1, 100, ""}, {"load", 100, 100, ""}, {"index", 1, 2, ""}, {"index", 2, 2, ""}}
	if len(got) != len(want) {
		t.Fatalf("got %d events %v, want %v", len(got), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestNilFuncIsSafe(t *testing.T) {
	t.Parallel()
	var f Func
	f.Report(Event{Stage: "x"})
	if Throttle(nil, time.Second) != nil {
		t.Fatal("Throttle(nil) should stay nil")
	}
}
