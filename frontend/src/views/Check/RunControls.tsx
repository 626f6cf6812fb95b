import { Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CheckJob } from '../../stores/check';

const seconds = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
};

/** The running check in words: its stage, how far (when the job says), and how long. */
export function progressText(job: CheckJob, now: number): string {
  const what = job.message || (job.stage === 'starting' ? 'starting' : job.stage);
  const count = job.total > 0 ? ` ${job.done}/${job.total}` : '';
  return `Checking · ${what}${count} · ${seconds(now - job.startedAt)}`;
}

interface Props {
  job?: CheckJob;
  canRun: boolean;
  onRun: () => void;
  onCancel: () => void;
}

// Check / Cancel and the progress of a running check. The Check button
// stays (aria-disabled while running) so focus never falls to the page.
export function RunControls({ job, canRun, onRun, onCancel }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!job) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [job]);
  const running = job !== undefined;
  const determinate = running && job.total > 0;
  return (
    <div className="run-controls" data-run-controls>
      <button
        type="button"
        className="btn btn-primary"
        aria-disabled={running || !canRun}
        title="Check claims and voice & tone (Ctrl+Enter)"
        onClick={() => {
          if (!running && canRun) onRun();
        }}
      >
        Check claims &amp; voice
      </button>
      {running && (
        <>
          <button type="button" className="btn" onClick={onCancel}>
            <Square size={12} aria-hidden /> Cancel
          </button>
          <progress className="run-progress" aria-label="Check progress" max={determinate ? job.total : undefined} value={determinate ? job.done : undefined} />
          <span role="status" className="small" data-testid="check-progress">
            {progressText(job, Math.max(now, job.startedAt))}
          </span>
        </>
      )}
    </div>
  );
}
