import { type FormEvent, useId, useState } from 'react';
import type { TriageItem } from '../../api/check';

/** The set a triage item goes to unless the writer picks another. */
export const TRIAGE_SET = 'triage';

// Sentence openers that are not names, so lower-casing them reads naturally.
const COMMON_OPENERS = /^(You|Your|We|Our|The|A|An|It|Its|This|These|That|Those|There|All|Every|Each|Any|Most|Some)\b/;

/** A question an expert can answer, built from the disputed claim. */
export function questionFromClaim(claim: string): string {
  let s = claim.replace(/\s+/g, ' ').trim().replace(/[.!?;:,\s]+$/, '');
  if (!s) return '';
  s = s.replace(COMMON_OPENERS, (w) => w.toLowerCase());
  return `Is it true that ${s}?`;
}

export interface TriageGoldenProps {
  item: TriageItem;
  /** Existing golden set names; "triage" is always offered. */
  loadSets: () => Promise<string[]>;
  /** Adds the question; resolves to the new row's set and ID. */
  onAdd: (set: string, question: string) => Promise<{ set: string; rowId: string }>;
}

/** "Add as golden question" for one 👎 item: an inline form, then the result as text. */
export function TriageGoldenForm({ item, loadSets, onAdd }: TriageGoldenProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [sets, setSets] = useState<string[]>([TRIAGE_SET]);
  const [set, setSet] = useState(TRIAGE_SET);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [added, setAdded] = useState<{ set: string; rowId: string }>();

  const done = added ?? (item.golden_row_id ? { set: item.golden_set, rowId: item.golden_row_id } : undefined);
  if (done) {
    return (
      <span className="small triage-added" data-testid="triage-added">
        Added to {done.set} as {done.rowId}
      </span>
    );
  }

  const start = async () => {
    setQuestion(questionFromClaim(item.claim_text));
    setError('');
    setOpen(true);
    try {
      const names = await loadSets();
      setSets([...new Set([TRIAGE_SET, ...names])]);
    } catch (e) {
      setError(`Could not list golden sets: ${(e as Error).message}`);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!question.trim()) {
      setError('Write the question first.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      setAdded(await onAdd(set, question.trim()));
      setOpen(false);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button type="button" className="btn btn-small" onClick={() => void start()}>
        Add as golden question
      </button>
    );
  }
  return (
    <form className="triage-golden-form" onSubmit={(e) => void submit(e)} aria-label="Add as golden question">
      <label htmlFor={`${id}-q`} className="small">
        Question
      </label>
      <textarea id={`${id}-q`} rows={2} maxLength={2000} value={question} onChange={(e) => setQuestion(e.target.value)} />
      <label htmlFor={`${id}-set`} className="small">
        Golden set
      </label>
      <select id={`${id}-set`} value={set} onChange={(e) => setSet(e.target.value)}>
        {sets.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <span className="muted small">Added as a tricky question; the approved answer is left for the expert.</span>
      <div className="triage-golden-actions">
        <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add question'}
        </button>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {error && (
        <p className="small triage-golden-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
