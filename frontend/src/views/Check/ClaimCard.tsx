import { Copy, FileText, ThumbsDown, ThumbsUp } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { type CheckClaim, type CheckEvidence, type Verdict, type Vote } from '../../api/check';
import { checkStore } from '../../stores/check';
import { openSource } from '../../stores/source';
import { useStore } from '../../stores/store';
import { confidenceBand, confidenceText } from './claimOrder';
import { ClosestPassage } from './ClosestPassage';
import { Dismissal } from './Dismissal';
import { PageVersions } from './PageVersions';
import { TriageCause } from './TriageCause';
import { quoteSegments } from './marks';
import { VerdictBadge } from './verdicts';

function Passage({ ev }: { ev: CheckEvidence }) {
  const segs = quoteSegments(ev.chunk_text || ev.quote, ev.quote);
  return (
    <figure className="evidence" data-testid="evidence">
      <figcaption className="evidence-head">
        <strong>{ev.title}</strong> <span className="muted small">{ev.chunk_id}</span>
        <button
          type="button"
          className="link-button small"
          onClick={() => openSource({ docId: ev.doc_id, chunkId: ev.chunk_id, quote: ev.quote })}
          aria-label={`Open ${ev.title}`}
        >
          <FileText size={12} aria-hidden /> Open
        </button>
        <button type="button" className="link-button small" onClick={() => void navigator.clipboard?.writeText(ev.quote)} aria-label={`Copy quote from ${ev.title}`}>
          <Copy size={12} aria-hidden /> Copy
        </button>
      </figcaption>
      <blockquote className="evidence-text">
        {segs.map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}
      </blockquote>
    </figure>
  );
}

interface Props {
  claim: CheckClaim;
  corpusDocs: number;
  selected: boolean;
  onVote: (v: Vote) => void;
  onShow: () => void;
  /** Dismisses for reason ("" restores); no dismiss control without it. */
  onDismiss?: (reason: string) => Promise<boolean>;
  /** The claim's words were edited since the check: its mark is gone. */
  edited?: boolean;
  /** "popover": the card shown over the draft, compact and outside the list. */
  variant?: 'list' | 'popover';
}

// One claim: verdict badge, explanation, evidence, and the writer's vote.
export const ClaimCard = forwardRef<HTMLElement, Props>(function ClaimCard({ claim, corpusDocs, selected, onVote, onShow, onDismiss, edited, variant = 'list' }, ref) {
  const v = claim.verdict as Verdict;
  const popover = variant === 'popover';
  const [open, setOpen] = useState(v !== 'supported' && !claim.dismissed);
  const [more, setMore] = useState(false);
  const checkId = useStore(checkStore).report?.id;
  const shown = more ? claim.evidence : claim.evidence.slice(0, 2);
  const voteBtn = (value: 'up' | 'down', label: string) => (
    <button
      type="button"
      className="btn btn-small"
      aria-pressed={claim.vote === value}
      aria-label={label}
      title={label}
      onClick={() => onVote(claim.vote === value ? '' : value)}
    >
      {value === 'up' ? <ThumbsUp size={13} aria-hidden /> : <ThumbsDown size={13} aria-hidden />}
    </button>
  );
  return (
    <article
      ref={ref}
      tabIndex={-1}
      className={`claim-card verdict-${v}${selected ? ' selected' : ''}${claim.dismissed ? ' dismissed' : ''}${popover ? ' in-popover' : ''}`}
      data-testid={popover ? 'popover-claim-card' : 'claim-card'}
      data-verdict={v}
      data-dismissed={claim.dismissed ? 'true' : undefined}
      aria-current={selected && !popover ? 'true' : undefined}
    >
      <header className="claim-head">
        <VerdictBadge verdict={v} />
        <span
          className={`confidence-pill confidence-${confidenceBand(claim.confidence)}`}
          data-testid="confidence"
          title="How sure the engine is of this verdict"
        >
          Confidence {confidenceText(claim.confidence)}
        </span>
        <button type="button" className="link-button claim-title" onClick={onShow} aria-expanded={open} onDoubleClick={() => setOpen(!open)} title="Show in the draft">
          {claim.text}
        </button>
        {!open && (
          <button type="button" className="btn btn-small" onClick={() => setOpen(true)}>
            Details
          </button>
        )}
      </header>
      {edited && <p className="edited-note small">Edited since this check: check again to judge the new words.</p>}
      {claim.resolved && (
        <p className="claim-resolved" data-testid="resolved" title="The self-contained form the engine searched and verified; your words above are unchanged">
          <span className="hint-label">read as:</span> {claim.resolved}
        </p>
      )}
      {open && (
        <div className="claim-body">
          {v === 'contradicted' && claim.evidence[0] ? (
            <dl className="says">
              <dt>Draft says</dt>
              <dd>
                <mark className="mark-draft">{claim.text}</mark>
              </dd>
              <dt>Corpus says</dt>
              <dd>
                <mark className="mark-corpus">{claim.evidence[0].quote}</mark> <span className="muted small">({claim.evidence[0].title})</span>
              </dd>
            </dl>
          ) : null}
          {claim.superseded && <PageVersions superseded={claim.superseded} />}
          <p className="claim-why">{claim.explanation}</p>
          {claim.flags.includes('unverified_evidence') && <p className="flag">The model cited evidence that was not found in the passages sent, so this is marked not covered.</p>}
          {claim.flags.includes('unlocated_claim') && <p className="flag">The model's claim was not found in your draft, so the whole paragraph it came from is shown.</p>}
          {claim.flags.includes('cut_sentence') && <p className="flag">This is part of a sentence over 400 words with no full stop, such as a long list, so it was checked in pieces.</p>}
          {v === 'not_covered' && claim.evidence.length === 0 && (
            <p className="muted small" data-testid="searched">
              Searched {claim.searched.passages} passages from {claim.searched.documents.length} of {corpusDocs} published documents
              {claim.searched.documents.length > 0 ? `: ${claim.searched.documents.slice(0, 4).join('; ')}` : ''}. None states this claim.
            </p>
          )}
          {v === 'not_covered' && claim.evidence.length === 0 && claim.closest && <ClosestPassage closest={claim.closest} differs={claim.differs ?? ''} />}
          {shown.map((ev, i) => (
            <Passage key={`${ev.chunk_id}-${i}`} ev={ev} />
          ))}
          {claim.evidence.length > 2 && (
            <button type="button" className="link-button small" onClick={() => setMore(!more)}>
              {more ? 'Show fewer' : `Show ${claim.evidence.length - 2} more`}
            </button>
          )}
        </div>
      )}
      <footer className="claim-foot">
        <span className="muted small">Is this verdict right?</span>
        {voteBtn('up', 'Verdict is right')}
        {voteBtn('down', 'Verdict is wrong')}
        {claim.vote === 'down' && <span className="small">In triage</span>}
        {onDismiss && !claim.dismissed && <Dismissal dismissed={false} reason="" what={`claim “${claim.text}”`} onDismiss={onDismiss} />}
      </footer>
      {claim.vote === 'down' && !popover && checkId ? <TriageCause key={claim.note} checkId={checkId} claimIndex={claim.index} /> : null}
      {onDismiss && claim.dismissed && <Dismissal dismissed reason={claim.dismiss_reason} what={`claim “${claim.text}”`} onDismiss={onDismiss} />}
    </article>
  );
});
