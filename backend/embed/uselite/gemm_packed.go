package uselite

// The packed product: c = a·b with b laid out once in 16-column panels, so
// the AVX2/FMA micro-kernel reads it with unit stride, and the work cut into
// blocks that keep a panel's slice in L1 and a block of a's rows in L2.
const (
	mr = 6   // rows per micro-kernel call
	nr = 16  // columns per panel
	kc = 256 // k per block: one panel slice, kc·nr floats, is 16 KB
	mc = 96  // a's rows per block: mc·kc floats, 96 KB
)

// packed is a [k,n] right operand in panels: element (p, j) sits at
// (j/nr)·k·nr + p·nr + j%nr, the last panel padded with zeros.
type packed struct {
	k, n int
	data []float32
	// bias, when set, is added to every row of the product (a BiasAdd
	// folded in), padded with zeros to whole panels.
	bias []float32
}

// withBias returns b adding bias [n] to every row of its products.
func (b packed) withBias(bias []float32) packed {
	b.bias = make([]float32, (b.n+nr-1)/nr*nr)
	copy(b.bias, bias[:b.n])
	return b
}

// packInto lays out b into dst (grown as needed); b is [k,n] row-major, or
// [n,k] when transposed.
func packInto(dst []float32, b []float32, k, n int, transposed bool) packed {
	panels := (n + nr - 1) / nr
	size := panels * k * nr
	if cap(dst) < size {
		dst = make([]float32, size)
	}
	dst = dst[:size]
	for jp := range panels {
		for p := range k {
			row := dst[(jp*k+p)*nr : (jp*k+p+1)*nr]
			for c := range nr {
				j := jp*nr + c
				switch {
				case j >= n:
					row[c] = 0
				case transposed:
					row[c] = b[j*k+p]
				default:
					row[c] = b[p*n+j]
				}
			}
		}
	}
	return packed{k: k, n: n, data: dst}
}

// gemmPacked sets c = a·b for row-major a [m,k] and c [m,n] (row strides
// lda and ldc) and the packed b. Only call it when haveFMA.
func gemmPacked(m int, a []float32, lda int, b packed, c []float32, ldc int) {
	k, n := b.k, b.n
	if m == 0 || n == 0 {
		return
	}
	if k == 0 {
		for i := range m {
			if b.bias != nil {
				copy(c[i*ldc:i*ldc+n], b.bias)
			} else {
				clear(c[i*ldc : i*ldc+n])
			}
		}
		return
	}
	var edgeA [mr * kc]float32
	var edgeC [mr * nr]float32
	panels := (n + nr - 1) / nr
	for i0 := 0; i0 < m; i0 += mc {
		mb := min(mc, m-i0)
		for p0 := 0; p0 < k; p0 += kc {
			kb := min(kc, k-p0)
			acc := p0 > 0
			last := p0+kb == k
			full := mb - mb%mr
			// The rows past the last full micro-block go through a
			// zero-padded copy, so the kernel never reads past a.
			rest := mb - full
			if rest > 0 {
				clear(edgeA[:])
				for r := range rest {
					off := (i0+full+r)*lda + p0
					copy(edgeA[r*kb:(r+1)*kb], a[off:off+kb])
				}
			}
			for jp := 0; jp < panels; jp++ {
				j0 := jp * nr
				cols := min(nr, n-j0)
				bp := &b.data[(jp*k+p0)*nr]
				var bias *float32
				if last && b.bias != nil {
					bias = &b.bias[j0]
				}
				if have512 && j0+2*nr <= n {
					// Two full panels per call; the rows past the last full
					// micro-block take the 16-column path below, twice.
					for i := 0; i < full; i += mr {
						kernel6x32(kb, &a[(i0+i)*lda+p0], lda, bp, k*nr, &c[(i0+i)*ldc+j0], ldc, bias, acc)
					}
					if rest > 0 {
						for q := range 2 {
							var qb *float32
							if bias != nil {
								qb = &b.bias[j0+q*nr]
							}
							edge(kb, &edgeA[0], kb, &b.data[((jp+q)*k+p0)*nr], c[(i0+full)*ldc+j0+q*nr:], ldc, rest, nr, qb, acc, &edgeC)
						}
					}
					jp++
					continue
				}
				for i := 0; i < full; i += mr {
					ci := (i0+i)*ldc + j0
					if cols == nr {
						kernel6x16(kb, &a[(i0+i)*lda+p0], lda, bp, &c[ci], ldc, bias, acc)
						continue
					}
					edge(kb, &a[(i0+i)*lda+p0], lda, bp, c[ci:], ldc, mr, cols, bias, acc, &edgeC)
				}
				if rest > 0 {
					edge(kb, &edgeA[0], kb, bp, c[(i0+full)*ldc+j0:], ldc, rest, cols, bias, acc, &edgeC)
				}
			}
		}
	}
}

// edge runs the kernel into a scratch tile and copies rows×cols of it to c.
func edge(kb int, a *float32, lda int, bp *float32, c []float32, ldc, rows, cols int, bias *float32, acc bool, tile *[mr * nr]float32) {
	if acc {
		for r := range rows {
			copy(tile[r*nr:r*nr+cols], c[r*ldc:r*ldc+cols])
		}
	}
	kernel6x16(kb, a, lda, bp, &tile[0], nr, bias, acc)
	for r := range rows {
		copy(c[r*ldc:r*ldc+cols], tile[r*nr:r*nr+cols])
	}
}
