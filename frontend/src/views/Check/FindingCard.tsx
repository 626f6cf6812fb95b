import { forwardRef } from 'react';
import type { Vote } from '../../api/check';
import type { Finding } from '../../stores/findings';
import { ClaimCard } from './ClaimCard';
import { VoiceCard } from './VoiceCard';

export interface FindingActions {
  corpusDocs: number;
  onShow: (f: Finding) => void;
  onVote: (f: Finding, v: Vote) => void;
  onDismiss: (f: Finding, reason: string) => Promise<boolean>;
  /** Applies a voice rewrite; only for findings whose words are unchanged. */
  onApply: (f: Finding) => void;
}

interface Props extends FindingActions {
  finding: Finding;
  selected: boolean;
  /** The finding's words were edited since the check (it has no mark). */
  edited: boolean;
  variant?: 'list' | 'popover';
}

// A claim card or a voice card, whichever the finding is.
export const FindingCard = forwardRef<HTMLElement, Props>(function FindingCard({ finding: f, selected, edited, variant, ...a }, ref) {
  if (f.claim) {
    return (
      <ClaimCard
        ref={ref}
        claim={f.claim}
        corpusDocs={a.corpusDocs}
        selected={selected}
        edited={edited}
        variant={variant}
        onVote={(v) => a.onVote(f, v)}
        onShow={() => a.onShow(f)}
        onDismiss={(r) => a.onDismiss(f, r)}
      />
    );
  }
  return (
    <VoiceCard
      ref={ref}
      issue={f.voice!}
      selected={selected}
      edited={edited}
      variant={variant}
      onShow={() => a.onShow(f)}
      onApply={edited ? undefined : () => a.onApply(f)}
      onDismiss={(r) => a.onDismiss(f, r)}
    />
  );
});
