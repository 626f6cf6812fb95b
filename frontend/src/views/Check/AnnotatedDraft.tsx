import { useMemo } from 'react';
import type { CheckClaim, Verdict } from '../../api/check';
import { draftPieces } from './marks';
import { VERDICT_WORD, VerdictIcon, worst } from './verdicts';

// The checked draft, claim by claim: colour, underline style and a
// trailing icon per verdict; each claim is a button that opens its card.
export function AnnotatedDraft({ draft, claims, visible, onSelect }: { draft: string; claims: CheckClaim[]; visible: Record<Verdict, boolean>; onSelect: (index: number) => void }) {
  const pieces = useMemo(() => draftPieces(draft, claims.map((c) => ({ index: c.index, start: c.start, end: c.end }))), [draft, claims]);
  return (
    <div className="annotated-draft" data-testid="annotated-draft">
      {pieces.map((p, i) => {
        if (p.claims.length === 0) return <span key={i}>{p.text}</span>;
        const verdicts = p.claims.map((ci) => claims[ci]?.verdict as Verdict);
        const v = worst(verdicts);
        if (!visible[v]) return <span key={i}>{p.text}</span>;
        const label = p.claims.map((ci) => `${VERDICT_WORD[claims[ci].verdict as Verdict]}: ${claims[ci].text}`).join('; ');
        return (
          <span
            key={i}
            role="button"
            tabIndex={0}
            className={`claim-mark verdict-${v}`}
            data-claim-index={p.claims[0]}
            aria-label={label}
            title={label}
            onClick={() => onSelect(p.claims[0])}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onSelect(p.claims[0]);
              }
            }}
          >
            {p.text}
            <sup className="claim-mark-icon">
              <VerdictIcon verdict={v} size={11} />
            </sup>
          </span>
        );
      })}
    </div>
  );
}
