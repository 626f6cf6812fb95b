import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api';
import type { IgnoreRules } from '../../api/corpus';
import { ErrorBanner } from '../../components/ErrorBanner';

// Loaded only when opened, like the other optional panels.
export function IgnorePanel() {
  const [rules, setRules] = useState<IgnoreRules>();
  const [text, setText] = useState('');
  const [error, setError] = useState<Error>();
  const [saved, setSaved] = useState(false);
  const show = (r: IgnoreRules) => {
    setRules(r);
    setText(r.text);
  };
  const load = async () => {
    if (rules) return;
    try {
      show(await api.corpus.ignoreRules());
    } catch (e) {
      setError(e as Error);
    }
  };
  const save = async () => {
    setError(undefined);
    setSaved(false);
    try {
      show(await api.corpus.saveIgnoreRules(text));
      setSaved(true);
    } catch (e) {
      setError(e as Error);
    }
  };
  return (
    <details className="panel form" data-testid="ignore-panel" onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && void load()}>
      <summary className="panel-title">
        <EyeOff size={16} aria-hidden /> Ignore rules
      </summary>
      <p className="muted">
        Files and folders the sync leaves out, in <code>.gitignore</code> syntax. The defaults apply first; a line such as{' '}
        <code>!LICENSE*</code> brings their files back. Changes apply at the next sync, which removes newly ignored documents from the index.
      </p>
      {error && <ErrorBanner error={error} />}
      {saved && (
        <p className="banner banner-ok" role="status">
          Ignore rules saved. Sync the index to apply them.
        </p>
      )}
      {rules && (
        <>
          <p>
            Defaults:{' '}
            {rules.defaults.map((d) => (
              <code key={d} style={{ marginRight: 8 }} data-testid="ignore-default">
                {d}
              </code>
            ))}
          </p>
          {rules.errors.length > 0 && (
            <ul className="warnings" data-testid="ignore-errors">
              {rules.errors.map((e) => (
                <li key={e.line}>
                  Line {e.line}: {e.message} (not applied)
                </li>
              ))}
            </ul>
          )}
          <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <span>
              <code>{rules.path}</code>
            </span>
            <textarea
              aria-label="Ignore rules file"
              rows={8}
              className="mono"
              style={{ width: '100%', boxSizing: 'border-box' }}
              spellCheck={false}
              placeholder={'# one pattern a line, e.g.\narchive/\n!archive/keep.md'}
              value={text}
              onChange={(e) => {
                setSaved(false);
                setText(e.target.value);
              }}
            />
          </label>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={text === rules.text}>
              Save ignore rules
            </button>
          </div>
        </>
      )}
    </details>
  );
}
