import { PenLine } from 'lucide-react';
import { forwardRef } from 'react';
import type { CheckVoice } from '../../api/check';
import { Dismissal } from './Dismissal';

interface Props {
  issue: CheckVoice;
  selected: boolean;
  onShow: () => void;
  /** Replaces the passage with the rewrite; absent when it cannot apply (edited text). */
  onApply?: () => void;
  onDismiss?: (reason: string) => Promise<boolean>;
  edited?: boolean;
  variant?: 'list' | 'popover';
}

export const LEVEL_WORD: Record<string, string> = { required: 'Required', recommended: 'Recommended' };

// One voice & tone issue: the guideline, the passage, why, and the rewrite
// (an inline diff with Apply when the rewrite replaces the passage as is).
export const VoiceCard = forwardRef<HTMLElement, Props>(function VoiceCard({ issue, selected, onShow, onApply, onDismiss, edited, variant = 'list' }, ref) {
  const popover = variant === 'popover';
  return (
    <article
      ref={ref}
      tabIndex={-1}
      className={`voice-card level-${issue.level}${selected ? ' selected' : ''}${issue.dismissed ? ' dismissed' : ''}${popover ? ' in-popover' : ''}`}
      data-testid={popover ? 'popover-voice-card' : 'voice-card'}
      data-dismissed={issue.dismissed ? 'true' : undefined}
      aria-current={selected && !popover ? 'true' : undefined}
    >
      <div className="voice-card-head">
        <span className="voice-rule">
          <PenLine size={12} aria-hidden /> ⚑ {issue.rule}
        </span>
        <span className="voice-level">{LEVEL_WORD[issue.level] ?? issue.level}</span>
      </div>
      <button type="button" className="voice-passage" title="Show in the draft" onClick={onShow}>
        “{issue.passage}”
      </button>
      {edited && <p className="edited-note small">Edited since this check.</p>}
      <p className="voice-guideline">{issue.guideline}</p>
      <p className="muted small">
        <span className="voice-label">Why: </span>
        {issue.explanation}
      </p>
      {issue.concrete ? (
        <p className="voice-suggestion">
          <del>{issue.passage}</del> → <ins>{issue.suggestion}</ins>{' '}
          {onApply && !issue.dismissed && (
            <button type="button" className="btn btn-small" onClick={onApply}>
              Apply suggestion
            </button>
          )}
        </p>
      ) : (
        <p className="voice-suggestion">
          <span className="voice-label">Suggestion: </span>
          {issue.suggestion}
        </p>
      )}
      {onDismiss && <Dismissal dismissed={issue.dismissed} reason={issue.dismiss_reason} what={`voice issue “${issue.passage}”`} onDismiss={onDismiss} />}
    </article>
  );
});
