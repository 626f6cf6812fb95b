import { FolderOpen, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api, type SourceKind } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';

export const KIND_LABELS: Record<SourceKind, string> = {
  wxr: 'WordPress export (WXR .xml)',
  ghost: 'Ghost export (.json)',
  zendesk: 'Zendesk Help Center articles (.json)',
  html_folder: 'Folder of .html / .docx pages',
  folder: 'Folder of Markdown',
  sitemap: 'Website sitemap (URL)',
};

const KINDS: SourceKind[] = ['wxr', 'ghost', 'zendesk', 'html_folder', 'folder', 'sitemap'];

/** Adds a source: the kind, where it is (a picked path or a typed path or URL) and an optional name. */
export function AddSourceDialog({ onClose, onStarted }: { onClose: () => void; onStarted: (jobId: string) => void }) {
  const [kind, setKind] = useState<SourceKind>('wxr');
  const [location, setLocation] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const isURL = kind === 'sitemap';

  const browse = async () => {
    setError(undefined);
    try {
      const p = await api.sources.chooseLocation(kind);
      if (p) setLocation(p);
    } catch (e) {
      setError(e as Error);
    }
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const jobId = await api.sources.add(kind, location.trim(), name.trim());
      onStarted(jobId);
      onClose();
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="src-overlay" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <form className="src-dialog" role="dialog" aria-modal="true" aria-labelledby="add-source-title" onSubmit={submit} data-testid="add-source-dialog">
        <header className="src-dialog-head">
          <h2 id="add-source-title">Add a source</h2>
          <button type="button" className="btn btn-small" onClick={onClose} aria-label="Close">
            <X size={14} aria-hidden />
          </button>
        </header>
        <p className="muted small">
          Its published items are written as documents under <code>_sources/</code> in the content folder and indexed; drafts, private and
          trashed items are listed as skipped. Sync it again after a new export.
        </p>
        {error && <ErrorBanner error={error} />}
        <label className="src-field">
          <span>Kind</span>
          <select ref={first} value={kind} onChange={(e) => setKind(e.target.value as SourceKind)} data-testid="source-kind">
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="src-field">
          <span>{isURL ? 'Sitemap URL' : kind === 'folder' || kind === 'html_folder' ? 'Folder' : 'Export file'}</span>
          <span className="src-location">
            <input
              type="text"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
              placeholder={isURL ? 'https://docs.example.com/sitemap.xml' : '/path/to/export'}
              required
              data-testid="source-location"
            />
            {!isURL && (
              <button type="button" className="btn" onClick={() => void browse()}>
                <FolderOpen size={14} aria-hidden /> Browse…
              </button>
            )}
          </span>
        </label>
        <label className="src-field">
          <span>Name (optional)</span>
          <input
            type="text"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="from the file name or host"
            pattern="[a-z0-9][a-z0-9_\-]{0,59}"
            title="lower-case letters, digits, '-' or '_'"
            data-testid="source-name"
          />
        </label>
        <footer className="src-dialog-foot">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !location.trim()} data-testid="source-add-submit">
            Add and sync
          </button>
        </footer>
      </form>
    </div>
  );
}
