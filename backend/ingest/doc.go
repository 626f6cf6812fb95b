// Package ingest turns content that lives outside a folder of Markdown (a
// WordPress or Ghost export, Zendesk Help Center articles, a folder of
// .html or .docx pages, a crawled sitemap) into documents the index reads.
//
// Each source is parsed into Items and materialized as Markdown files with
// front matter in <content dir>/_sources/<source name>/. Putting them inside
// the workspace's content folder means the existing authoritative index
// sync, source viewer and unchanged-file skipping apply to them unchanged:
// a re-import rewrites only the files whose bytes differ, deletes the files
// of items that are gone, and the next index sync updates and removes the
// matching documents. Unpublished items (draft, private, trashed, pending,
// scheduled, archived) are not written, so an item that becomes unpublished
// loses its file and leaves the index; they are listed as skipped with
// their status, never dropped silently.
//
// _sources/ holds a .gitignore of "*" so a docs repository is not polluted
// by generated files, and each source folder holds a .source.json manifest
// (dot files are not scanned as documents). The list of sources of a
// workspace is kept in <workspace root>/.continuity/sources.json, so it
// survives restarts and belongs to that workspace alone.
package ingest
