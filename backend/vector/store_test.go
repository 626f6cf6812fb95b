package vector

import "testing"

func TestSearchAndDelete(t *testing.T) {
	t.Parallel()
	s := New("m", 2)
	for id, v := range map[string][]float32{"a": {1, 0}, "b": {0, 1}, "c": {0.6, 0.8}} {
		if err := s.Put(id, v); err != nil {
			t.Fatal(err)
		}
	}
	hits, err := s.Search([]float32{1, 0}, 2)
	if err != nil || len(hits) != 2 || hits[0].ID != "a" || hits[1].ID != "c" {
		t.Fatalf("hits %v err %v", hits, err)
	}
	s.Delete("a")
	if s.Has("a") || s.Len() != 2 {
		t.Fatal("delete failed")
	}
	hits, _ = s.Search([]float32{1, 0}, 5)
	if len(hits) != 2 || hits[0].ID != "c" {
		t.Fatalf("after delete: %v", hits)
	}
	if err := s.Put("x", []float32{1}); err == nil {
		t.Fatal("dimension mismatch accepted")
	}
}
