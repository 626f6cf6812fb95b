package httpapi

import (
	_ "embed"
	"net/http"
)

//go:embed openapi.yaml
var openAPI []byte

// OpenAPI is the API's description, as served at /api/v1/openapi.yaml.
func OpenAPI() []byte { return append([]byte(nil), openAPI...) }

func serveOpenAPI(w http.ResponseWriter, _ *http.Request, _ *call) error {
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	_, err := w.Write(openAPI)
	return err
}
