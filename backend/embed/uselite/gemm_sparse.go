package uselite

import "slices"

// sparseScratch holds the non-zero lists of a sparse left operand, reused
// from call to call through the arena.
type sparseScratch struct {
	vals  []float32
	offs  []int // byte offset of the matching row of b
	start []int // row i's entries are [start[i], start[i+1])
}

// gemmSparseFMA sets c = a·b for row-major a [m,k], b [k,n], c [m,n] where
// a is mostly zeros and n is a multiple of 64: each row's non-zeros are
// listed once, then every 64-column strip of c is summed from the rows of b
// they pick, the strip of b (k·256 bytes) staying in cache across rows.
// Only call it when haveFMA.
func gemmSparseFMA(s *sparseScratch, m, n, k int, a, b, c []float32) {
	s.vals, s.offs, s.start = s.vals[:0], s.offs[:0], append(s.start[:0], 0)
	for i := range m {
		// Every element is written and the count moves only past the
		// non-zeros: no branch to mispredict on a Relu's scattered zeros.
		at := len(s.vals)
		s.vals, s.offs = slices.Grow(s.vals, k)[:at+k], slices.Grow(s.offs, k)[:at+k]
		vals, offs := s.vals[at:at+k], s.offs[at:at+k]
		cnt := 0
		for p, v := range a[i*k : (i+1)*k] {
			vals[cnt], offs[cnt] = v, 4*p*n
			if v != 0 {
				cnt++
			}
		}
		s.vals, s.offs = s.vals[:at+cnt], s.offs[:at+cnt]
		s.start = append(s.start, at+cnt)
	}
	for j0 := 0; j0 < n; j0 += 64 {
		for i := range m {
			lo, hi := s.start[i], s.start[i+1]
			out := c[i*n+j0 : i*n+j0+64]
			if lo == hi {
				clear(out)
				continue
			}
			sparse64(hi-lo, &s.vals[lo], &s.offs[lo], &b[j0], &out[0])
		}
	}
}
