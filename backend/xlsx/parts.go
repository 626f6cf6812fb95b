package xlsx

import (
	"archive/zip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
)

// findSheetPart finds the zip entry of a sheet the way excelize does: the
// workbook named by the package relationships, its sheet list, and the
// workbook's relationships from r:id to the part.
func findSheetPart(zr *zip.Reader, sheet string) (*zip.File, error) {
	files := map[string]*zip.File{}
	for _, f := range zr.File {
		files[f.Name] = f
	}
	wb := "xl/workbook.xml"
	if rels, err := readRels(files, "_rels/.rels"); err == nil {
		for _, r := range rels {
			if strings.HasSuffix(r.Type, "/officeDocument") {
				wb = strings.TrimPrefix(r.Target, "/")
			}
		}
	}
	var book struct {
		Sheets []struct {
			Name  string     `xml:"name,attr"`
			Attrs []xml.Attr `xml:",any,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := decodePart(files, wb, &book); err != nil {
		return nil, err
	}
	relID := ""
	for _, sh := range book.Sheets {
		if strings.EqualFold(sh.Name, sheet) {
			for _, a := range sh.Attrs {
				if a.Name.Local == "id" && a.Name.Space != "" {
					relID = a.Value
				}
			}
		}
	}
	rels, err := readRels(files, path.Join(path.Dir(wb), "_rels", path.Base(wb)+".rels"))
	if err != nil {
		return nil, err
	}
	for _, r := range rels {
		if r.ID != relID || relID == "" {
			continue
		}
		p := path.Clean(path.Join(path.Dir(wb), r.Target))
		if strings.HasPrefix(r.Target, "/") {
			p = path.Clean(strings.TrimPrefix(r.Target, "/"))
		}
		if f := files[p]; f != nil {
			return f, nil
		}
		return nil, fmt.Errorf("sheet %q points at %s, which is not in the file", sheet, p)
	}
	return nil, fmt.Errorf("sheet %q has no part in the workbook", sheet)
}

type relationship struct {
	ID     string `xml:"Id,attr"`
	Type   string `xml:"Type,attr"`
	Target string `xml:"Target,attr"`
}

func readRels(files map[string]*zip.File, name string) ([]relationship, error) {
	var rels struct {
		List []relationship `xml:"Relationship"`
	}
	if err := decodePart(files, name, &rels); err != nil {
		return nil, err
	}
	return rels.List, nil
}

// decodePart decodes a small XML part (workbook, relationships).
func decodePart(files map[string]*zip.File, name string, v any) error {
	f := files[name]
	if f == nil {
		return fmt.Errorf("%s is missing", name)
	}
	rc, err := f.Open()
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer rc.Close()
	if err := xml.NewDecoder(io.LimitReader(rc, UnzipXMLSizeLimit)).Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// countSharedStrings counts the <si> items of the shared-string table at
// the path excelize reads it from; no table holds no strings.
func countSharedStrings(zr *zip.Reader) (int, error) {
	for _, f := range zr.File {
		if f.Name != "xl/sharedStrings.xml" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return 0, err
		}
		defer rc.Close()
		d := xml.NewDecoder(io.LimitReader(rc, UnzipSizeLimit))
		d.CharsetReader = refuseCharset
		n, depth := 0, 0
		for {
			tok, err := d.Token()
			if errors.Is(err, io.EOF) {
				return n, nil
			}
			if err != nil {
				return n, err
			}
			switch t := tok.(type) {
			case xml.StartElement:
				depth++
				if depth == 2 && t.Name.Local == "si" { // excelize counts the table's own items only
					n++
				}
			case xml.EndElement:
				depth--
			}
		}
	}
	return 0, nil
}
