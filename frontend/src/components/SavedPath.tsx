import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

// Where an export was written, said next to the button that wrote it: a
// native save dialog closes without a trace, and "saved" alone leaves the
// writer hunting for the file.
export function SavedPath({ path, what = 'Saved' }: { path: string; what?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [path]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(path);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard here: the path stays on screen to select
    }
  };
  return (
    <span className="saved-path" role="status" data-testid="saved-path">
      <span>
        {what} to <code className="saved-path-file">{path}</code>
      </span>
      <button type="button" className="link-button small" onClick={() => void copy()} aria-label={`Copy the path ${path}`}>
        {copied ? <Check size={12} aria-hidden /> : <Copy size={12} aria-hidden />} {copied ? 'Copied' : 'Copy path'}
      </button>
    </span>
  );
}
