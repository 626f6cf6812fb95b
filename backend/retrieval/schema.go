package retrieval

import "continuity/backend/store"

// Component is this package's name in schema_migrations.
const Component = "index"

var migrations = []store.Migration{{Version: 1, SQL: `
CREATE TABLE index_docs (
	id         TEXT PRIMARY KEY,
	path       TEXT NOT NULL,
	title      TEXT NOT NULL,
	url        TEXT NOT NULL,
	published  TEXT NOT NULL,
	type       TEXT NOT NULL,
	status     TEXT NOT NULL,
	hash       TEXT NOT NULL,
	text       TEXT NOT NULL,
	indexed_at TEXT NOT NULL
);
CREATE TABLE index_chunks (
	id           TEXT PRIMARY KEY,
	doc_id       TEXT NOT NULL REFERENCES index_docs(id) ON DELETE CASCADE,
	ordinal      INTEGER NOT NULL,
	heading_path TEXT NOT NULL,
	text         TEXT NOT NULL,
	start_byte   INTEGER NOT NULL,
	end_byte     INTEGER NOT NULL,
	hash         TEXT NOT NULL,
	embed_hash   TEXT NOT NULL
);
CREATE INDEX index_chunks_doc ON index_chunks(doc_id);
CREATE TABLE index_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE index_embeddings (
	embedder TEXT NOT NULL,
	model    TEXT NOT NULL,
	hash     TEXT NOT NULL,
	dim      INTEGER NOT NULL,
	vec      BLOB NOT NULL,
	PRIMARY KEY (embedder, model, hash)
);`}, {Version: 2, SQL: `
ALTER TABLE index_docs ADD COLUMN size INTEGER NOT NULL DEFAULT -1;
ALTER TABLE index_docs ADD COLUMN mtime INTEGER NOT NULL DEFAULT 0;`}, {Version: 3, SQL: `
CREATE TABLE index_models (
	embedder TEXT PRIMARY KEY,
	model    TEXT NOT NULL,
	data     BLOB NOT NULL
);`}, {Version: 4, SQL: `
CREATE TABLE index_sentences (
	chunk_id   TEXT NOT NULL REFERENCES index_chunks(id) ON DELETE CASCADE,
	ordinal    INTEGER NOT NULL,
	start_byte INTEGER NOT NULL,
	end_byte   INTEGER NOT NULL,
	hash       TEXT NOT NULL,
	PRIMARY KEY (chunk_id, ordinal)
);
CREATE INDEX index_sentences_hash ON index_sentences(hash);`}, {Version: 5, SQL: supersededSchema}}

// Keys of index_state.
const (
	keyInProgress = "in_progress" // "1" while a sync mutates the index; found at open = crash
	keyLastSync   = "last_sync"
	keySource     = "source_dir" // the content folder the last complete sync read
	keyWarnings   = "warnings"
	keyModelDocs  = "model_docs"        // published documents when the embedding model was fitted
	keyModelChurn = "model_churn"       // documents added, updated or removed since
	keySplitter   = "sentence_splitter" // text.SentenceSplitVersion the sentence rows were cut with
	keyChunker    = "chunker"           // corpus.ChunkVersion the chunks were cut with
	// keySentencesComplete names the sentence model every sentence row had
	// a vector of at the last count (see countSentenceVectors).
	keySentencesComplete = "sentence_vectors_complete"
	// keyHistoryPrefix + content folder: the git commit the history
	// import of that folder has read up to (see superseded_history.go).
	keyHistoryPrefix = "history_head:"
)
