package httpapi

import (
	"bytes"
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// transportMeta tells the React app it is served by this server, so its
// api/ layer speaks HTTP instead of the desktop's bindings.
const transportMeta = `<meta name="continuity-transport" content="http" />`

// The pages' own policy: nothing but this server's scripts, styles, images
// and API; no framing (the UI must not be clickjacked into a write).
const contentPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

// webUI serves the built frontend: its files as they are, and index.html
// (marked as served over HTTP) for every other page path, so a reload of a
// view's URL opens the app. Paths under /api/ never fall back to the page.
type webUI struct {
	files fs.FS
	index []byte
}

func newWebUI(files fs.FS) (*webUI, error) {
	page, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return nil, errors.New("httpapi: the web UI has no index.html (build the frontend: make frontend)")
	}
	if !bytes.Contains(page, []byte("<head>")) {
		return nil, errors.New("httpapi: the web UI's index.html has no <head>")
	}
	return &webUI{files: files, index: bytes.Replace(page, []byte("<head>"), []byte("<head>\n    "+transportMeta), 1)}, nil
}

func (u *webUI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		writeJSON(w, http.StatusNotFound, map[string]any{"error": map[string]string{"code": "not_found", "message": "no such endpoint"}})
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", contentPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name != "" && name != "index.html" {
		if st, err := fs.Stat(u.files, name); err == nil && !st.IsDir() {
			if strings.HasPrefix(name, "assets/") { // Vite names them by content hash
				h.Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			http.ServeFileFS(w, r, u.files, name)
			return
		}
	}
	h.Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(u.index))
}
