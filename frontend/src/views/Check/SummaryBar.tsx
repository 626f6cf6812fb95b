import { PenLine } from 'lucide-react';
import type { CheckReport, Verdict } from '../../api/check';
import { VERDICT_ORDER, VERDICT_WORD, VerdictIcon } from './verdicts';

// A dismissed finding is dealt with: its chip no longer counts it (the
// list's "show dismissed" still has it).
const count = (r: CheckReport, v: Verdict) => r.claims.filter((c) => c.verdict === v && !c.dismissed).length;
const dismissedOf = (r: CheckReport, v: Verdict) => r.claims.filter((c) => c.verdict === v && c.dismissed).length;
const voiceCount = (r: CheckReport) => (r.voice ?? []).filter((x) => !x.dismissed).length;
const voiceDismissed = (r: CheckReport) => (r.voice ?? []).filter((x) => x.dismissed).length;
const notCounted = (n: number) => (n ? `${n} dismissed, not counted` : undefined);

interface Props {
  report: CheckReport;
  verdicts: Record<Verdict, boolean>;
  voice: boolean;
  onToggle: (v: Verdict) => void;
  onToggleVoice: () => void;
}

// Filter chips with counts, each a toggle button (aria-pressed); the voice
// score and the engine that produced the verdicts.
export function SummaryBar({ report, verdicts, voice, onToggle, onToggleVoice }: Props) {
  const voiceRan = report.voice_score !== undefined && report.voice_score !== null;
  return (
    <div className="summary-bar" role="group" aria-label="Filter findings">
      {VERDICT_ORDER.map((v) => (
        <button key={v} type="button" className={`chip verdict-${v}`} aria-pressed={verdicts[v]} onClick={() => onToggle(v)} data-testid={`chip-${v}`} title={notCounted(dismissedOf(report, v))}>
          <VerdictIcon verdict={v} /> {VERDICT_WORD[v]} {count(report, v)}
        </button>
      ))}
      <button type="button" className="chip chip-voice" aria-pressed={voice} onClick={onToggleVoice} data-testid="chip-voice" disabled={!voiceRan} title={notCounted(voiceDismissed(report))}>
        <PenLine size={14} aria-hidden /> Voice {voiceCount(report)}
      </button>
      {voiceRan ? (
        <span className={`voice-score band-${report.voice_band}`} data-testid="voice-score">
          <strong>{report.voice_label}</strong> · voice score {report.voice_score!.toFixed(0)}/100
        </span>
      ) : (
        <span className="small muted" data-testid="voice-score">
          Voice &amp; tone not checked (no guidelines)
        </span>
      )}
      <span className="engine-pill" data-testid="engine-label">
        {report.engine_label}
      </span>
    </div>
  );
}
