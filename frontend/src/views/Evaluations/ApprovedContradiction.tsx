import type { ApprovedContradiction as Finding } from '../../api';
import { fmt } from './format';

/**
 * The corpus now says otherwise than the question's approved answer: the
 * question fails until the golden row or the page is fixed (issue 29 item
 * 13). The passage is corpus text, rendered as text.
 */
export function ApprovedContradiction({ c }: { c: Finding }) {
  const where = c.chunk_id || c.doc_id;
  return (
    <div className="banner banner-error ev-approved-contradicted" role="note" data-testid="eval-approved-contradicted">
      <strong>The corpus now contradicts the approved answer</strong>
      {c.claim && (
        <p className="small">
          Approved: <q>{c.claim}</q>
        </p>
      )}
      <blockquote className="ev-approved-passage" data-testid="eval-approved-passage">
        {c.passage}
      </blockquote>
      <p className="small">
        <code>{where}</code> ·{' '}
        <span data-testid="eval-approved-confidence">
          {c.confidence != null ? `confidence ${fmt(c.confidence, 2)}` : 'from the page’s history: it changed (no confidence: nothing was judged)'}
        </span>
      </p>
    </div>
  );
}
