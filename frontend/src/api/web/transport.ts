// Which face serves the page: the desktop's Wails bindings, or
// `continuity serve`, which marks its index.html with a meta tag.
export function servedOverHTTP(doc: Document = document): boolean {
  return doc.querySelector('meta[name="continuity-transport"]')?.getAttribute('content') === 'http';
}
