import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { api } from '../../api';
import type { SearchComparison, SearchHit } from '../../api/corpus';
import { ErrorBanner } from '../../components/ErrorBanner';

const COLUMNS: { key: 'bm25' | 'vector' | 'hybrid'; label: string }[] = [
  { key: 'bm25', label: 'BM25' },
  { key: 'vector', label: 'Vector' },
  { key: 'hybrid', label: 'Hybrid' },
];

function rank(r: number) {
  return r > 0 ? String(r) : '–';
}

function HitItem({ hit }: { hit: SearchHit }) {
  return (
    <li className="hit">
      <div className="hit-title">
        {hit.rank}. {hit.title}
      </div>
      <div className="hit-meta">
        <code>{hit.chunk_id}</code> · score {hit.score.toFixed(3)} · BM25 rank {rank(hit.bm25_rank)} · vector rank{' '}
        {rank(hit.vector_rank)}
      </div>
      {hit.heading_path.length > 0 && <div className="hit-path">{hit.heading_path.join(' › ')}</div>}
      <p className="hit-text">{hit.text.length > 280 ? hit.text.slice(0, 280) + '…' : hit.text}</p>
    </li>
  );
}

export function SearchPlayground() {
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<SearchComparison>();
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!query.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      setResult(await api.corpus.search(query, 5));
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="playground-title" className="playground">
      <h2 id="playground-title">Search playground</h2>
      <form onSubmit={submit} className="playground-form">
        <label htmlFor="corpus-query">Query</label>
        <input id="corpus-query" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. how long is the refund window" />
        <button type="submit" className="btn" disabled={busy || !query.trim()}>
          <Search size={16} aria-hidden /> Search
        </button>
      </form>
      {error && <ErrorBanner error={error} />}
      {result && (
        <div className="playground-columns" data-testid="search-results">
          {COLUMNS.map((c) => (
            <div key={c.key} className="playground-column" data-testid={`results-${c.key}`}>
              <h3>{c.label}</h3>
              {result[c.key].length === 0 ? <p className="muted">No results</p> : <ol>{result[c.key].map((h) => <HitItem key={h.chunk_id} hit={h} />)}</ol>}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
