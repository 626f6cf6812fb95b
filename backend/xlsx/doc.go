// Package xlsx reads and writes golden sets as Excel workbooks; it is the only package that imports excelize.
package xlsx
