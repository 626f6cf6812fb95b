//go:build !amd64 || purego

package uselite

// haveFMA is false off amd64 (or with the purego tag): products go through gonum.
var haveFMA = false

func kernel6x16(int, *float32, int, *float32, *float32, int, *float32, bool) {
	panic("uselite: kernel6x16 without AVX2/FMA")
}

func sparse64(int, *float32, *int, *float32, *float32) {
	panic("uselite: sparse64 without AVX2/FMA")
}

var have512 = false

func kernel6x32(int, *float32, int, *float32, int, *float32, int, *float32, bool) {
	panic("uselite: kernel6x32 without AVX-512")
}
