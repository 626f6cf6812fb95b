import { FileText, TriangleAlert } from 'lucide-react';
import type { CheckEvidence } from '../../api/check';
import { openSource } from '../../stores/source';

interface Props {
  /** The published passage nearest a not-covered claim. */
  closest: CheckEvidence;
  /** The fact slot it states otherwise ("closest published: …"); "" when none. */
  differs: string;
}

// What the corpus says nearest a not-covered claim, so the writer sees the
// published fact even when no passage states the claim. Corpus text is
// rendered as text, never as HTML.
export function ClosestPassage({ closest, differs }: Props) {
  return (
    <section className="closest" data-testid="closest" aria-label="Closest published passage">
      {differs && (
        <p className="closest-differs" data-testid="differs">
          <TriangleAlert size={13} aria-hidden /> <span>{differs}</span>
        </p>
      )}
      <figure className="evidence closest-passage">
        <figcaption className="evidence-head">
          <span className="closest-label">Closest published passage</span> <strong>{closest.title}</strong>
          <button
            type="button"
            className="link-button small"
            onClick={() => openSource({ docId: closest.doc_id, chunkId: closest.chunk_id, quote: closest.quote })}
            aria-label={`Open ${closest.title}`}
          >
            <FileText size={12} aria-hidden /> Open
          </button>
        </figcaption>
        <blockquote className="evidence-text" data-testid="closest-quote">
          {closest.quote}
        </blockquote>
      </figure>
    </section>
  );
}
