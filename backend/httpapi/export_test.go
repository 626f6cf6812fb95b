package httpapi

// Routes lists every endpoint as "METHOD path", /metrics included.
func Routes(s *Server) []string {
	out := []string{"GET /metrics"}
	for _, r := range s.routes() {
		out = append(out, r.method+" "+r.path)
	}
	return out
}
