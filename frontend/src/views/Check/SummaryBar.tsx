import { PenLine } from 'lucide-react';
import type { CheckReport, Verdict } from '../../api/check';
import { VERDICT_ORDER, VERDICT_WORD, VerdictIcon } from './verdicts';

const count = (r: CheckReport, v: Verdict) =>
  v === 'contradicted' ? r.summary.contradicted : v === 'not_covered' ? r.summary.not_covered : r.summary.supported;

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
        <button key={v} type="button" className={`chip verdict-${v}`} aria-pressed={verdicts[v]} onClick={() => onToggle(v)} data-testid={`chip-${v}`}>
          <VerdictIcon verdict={v} /> {VERDICT_WORD[v]} {count(report, v)}
        </button>
      ))}
      <button type="button" className="chip chip-voice" aria-pressed={voice} onClick={onToggleVoice} data-testid="chip-voice" disabled={!voiceRan}>
        <PenLine size={14} aria-hidden /> Voice {report.voice?.length ?? 0}
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
