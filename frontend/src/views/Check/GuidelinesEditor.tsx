import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { GuidelinesValidation } from '../../api/voice';
import { ErrorBanner } from '../../components/ErrorBanner';

// Edit, validate and save the workspace's guidelines; invalid text is never saved.
export function GuidelinesEditor() {
  const [text, setText] = useState<string>();
  const [path, setPath] = useState('');
  const [result, setResult] = useState<GuidelinesValidation>();
  const [error, setError] = useState<Error>();

  useEffect(() => {
    api.voice
      .getGuidelines()
      .then((g) => {
        setText(g.text);
        setPath(g.path);
      })
      .catch((e) => setError(e as Error));
  }, []);

  const run = async (save: boolean) => {
    if (text === undefined) return;
    setError(undefined);
    try {
      setResult(save ? await api.voice.saveGuidelines(text) : await api.voice.validateGuidelines(text));
    } catch (e) {
      setError(e as Error);
    }
  };

  return (
    <div className="guidelines-editor">
      {error && <ErrorBanner error={error} />}
      <label htmlFor="guidelines-text" className="label">
        Guidelines <span className="muted small">{path}</span>
      </label>
      <textarea
        id="guidelines-text"
        className="draft-input guidelines-input"
        value={text ?? ''}
        disabled={text === undefined}
        onChange={(e) => {
          setText(e.target.value);
          setResult(undefined);
        }}
      />
      <div className="voice-head">
        <button type="button" className="btn btn-small" onClick={() => run(false)}>
          Validate
        </button>
        <button type="button" className="btn btn-primary btn-small" onClick={() => run(true)}>
          Save guidelines
        </button>
      </div>
      {result?.valid && (
        <p className="banner banner-ok" role="status">
          {result.saved ? 'Saved' : 'Valid'}: {result.rules} rules.
        </p>
      )}
      {result && !result.valid && (
        <div className="banner banner-error" role="alert">
          <div>
            <strong>Not saved: fix these first.</strong>
            <ul className="guideline-errors">
              {result.errors.map((e, i) => (
                <li key={i}>
                  {e.line > 0 ? `Line ${e.line}: ` : ''}
                  {e.message}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </div>
  );
}
