package httpapi

import (
	"encoding/base64"
	"errors"
	"net/http"
	"strings"

	"continuity/backend/draftfile"
	"continuity/backend/workdraft"
)

// draftFileRequest is a file a writer opened or dropped in the browser
// (Name and DataBase64), or a rich paste (HTML). The server converts it as
// the desktop does; the file itself is neither kept nor logged.
type draftFileRequest struct {
	Name       string `json:"name"`
	DataBase64 string `json:"data_base64"`
	HTML       string `json:"html"`
}

// draftFileMaxBody fits the largest draft file in base64 and its JSON.
const draftFileMaxBody = draftfile.MaxFileSize/3*4 + 64<<10

func (s *Server) convertDraftFile(w http.ResponseWriter, r *http.Request, _ *call) error {
	var in draftFileRequest
	if err := decode(r, &in); err != nil {
		return err
	}
	var d draftfile.Draft
	switch {
	case in.HTML != "" && in.DataBase64 == "":
		md, err := draftfile.ConvertHTML(r.Context(), in.HTML)
		if err != nil {
			return draftFileError(err)
		}
		d = draftfile.Draft{Name: "the pasted text", Format: draftfile.FormatHTML, Markdown: md}
	case in.HTML == "":
		name := in.Name
		if i := strings.LastIndexAny(name, `/\`); i >= 0 {
			name = name[i+1:]
		}
		if name == "" {
			return errorf(http.StatusBadRequest, "bad_request", "name: the file has no name")
		}
		data, err := base64.StdEncoding.DecodeString(in.DataBase64)
		if err != nil {
			return errorf(http.StatusBadRequest, "bad_request", "%s: the file did not arrive intact: %v", name, err)
		}
		if d, err = draftfile.Convert(name, data); err != nil {
			return draftFileError(err)
		}
	default:
		return errorf(http.StatusBadRequest, "bad_request", "send a file (name, data_base64) or pasted HTML (html), not both")
	}
	if len(d.Markdown) > workdraft.MaxTextBytes {
		return errorf(http.StatusRequestEntityTooLarge, "too_large", "%s is %d bytes as Markdown; a draft can be at most %d MB",
			d.Name, len(d.Markdown), workdraft.MaxTextBytes>>20)
	}
	writeJSON(w, http.StatusOK, map[string]any{"name": d.Name, "format": d.Format, "markdown": d.Markdown})
	return nil
}

// draftFileError: a file the converter refuses is the sender's to fix.
func draftFileError(err error) error {
	if errors.Is(err, draftfile.ErrTooLarge) {
		return errorf(http.StatusRequestEntityTooLarge, "too_large", "%v", err)
	}
	return errorf(http.StatusBadRequest, "bad_request", "%v", err)
}
