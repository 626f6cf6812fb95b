import { diffCounts, wordDiff, type DiffPart } from './answerDiff';

/** The baseline's answer and this run's side by side, removed and added words marked (rendered as text, never HTML). */
export function AnswerDiff({ baseline, current, baselineRunId }: { baseline: string; current: string; baselineRunId?: string }) {
  const d = wordDiff(baseline, current);
  const n = diffCounts(d);
  return (
    <section className="ev-answer-diff" aria-label="Answer compared with the baseline" data-testid="eval-answer-diff">
      <h3>
        Answer vs baseline{' '}
        <span className="small muted">
          {n.removed} word{n.removed === 1 ? '' : 's'} removed · {n.added} added
        </span>
      </h3>
      <div className="ev-answers">
        <div>
          <h4 className="small muted">Baseline{baselineRunId ? ` (${baselineRunId})` : ''}</h4>
          <p data-testid="eval-answer-diff-before">
            <Parts parts={d.before} />
          </p>
        </div>
        <div>
          <h4 className="small muted">This run</h4>
          <p data-testid="eval-answer-diff-after">
            <Parts parts={d.after} />
          </p>
        </div>
      </div>
    </section>
  );
}

function Parts({ parts }: { parts: DiffPart[] }) {
  if (parts.length === 0) return <span className="muted">—</span>;
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'removed' ? (
          <del key={i} className="ev-diff-removed">
            {p.text}
          </del>
        ) : p.kind === 'added' ? (
          <ins key={i} className="ev-diff-added">
            {p.text}
          </ins>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
