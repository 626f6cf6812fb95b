import { CheckCircle2, HelpCircle, XCircle } from 'lucide-react';
import type { Verdict } from '../../api/check';

// One visual language for verdicts (ux-notes §0): colour, icon, word and
// underline style together, so nothing depends on colour alone.
export const VERDICT_ORDER: Verdict[] = ['contradicted', 'not_covered', 'supported'];

export const VERDICT_WORD: Record<Verdict, string> = {
  contradicted: 'Contradicted',
  not_covered: 'Not covered',
  supported: 'Supported',
};

export function VerdictIcon({ verdict, size = 14 }: { verdict: Verdict; size?: number }) {
  if (verdict === 'contradicted') return <XCircle size={size} aria-hidden />;
  if (verdict === 'supported') return <CheckCircle2 size={size} aria-hidden />;
  return <HelpCircle size={size} aria-hidden />;
}

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return (
    <span className={`verdict-badge verdict-${verdict}`}>
      <VerdictIcon verdict={verdict} /> {VERDICT_WORD[verdict]}
    </span>
  );
}

/** The most serious verdict among claims sharing one highlight. */
export function worst(verdicts: Verdict[]): Verdict {
  return VERDICT_ORDER.find((v) => verdicts.includes(v)) ?? 'supported';
}
