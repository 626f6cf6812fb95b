import type { ReactNode, Ref } from 'react';
import type { CheckReport } from '../../api/check';
import { setBand, setLevel, setQuery, setShowDismissed, setSort, type Finding, type FindingsState } from '../../stores/findings';
import type { Range } from '../../stores/findingsText';
import { FindingCard, type FindingActions } from './FindingCard';
import { FindingsControls } from './FindingsControls';

interface Props extends FindingActions {
  /** Said instead of the introduction when there is no check to show. */
  notice?: ReactNode;
  report?: CheckReport;
  running: boolean;
  all: Finding[];
  visible: Finding[];
  view: FindingsState;
  ranges: Partial<Record<string, Range>>;
  headingRef: Ref<HTMLHeadingElement>;
  cardRef: (key: string) => (el: HTMLElement | null) => void;
  onStep: (dir: 1 | -1) => void;
}

// One list of the check's claims and voice issues (draft order unless
// sorted otherwise), with search, filters, previous/next and dismissals.
export function FindingsList({ notice, report, running, all, visible, view, ranges, headingRef, cardRef, onStep, ...actions }: Props) {
  const dismissed = all.filter((f) => f.dismissed).length;
  return (
    <>
      <h2 id="findings-title" className="panel-title" ref={headingRef} tabIndex={-1}>
        Findings
      </h2>
      {running && <p className="muted">Checking… the findings of this check appear when it is done.</p>}
      {!running && !report && notice}
      {!running && !report && !notice && <p className="muted">Run a check to see each claim with the published passages that support or contradict it, and each voice &amp; tone issue.</p>}
      {report && (
        <FindingsControls
          sort={view.sort}
          band={view.band}
          level={view.level}
          query={view.query}
          showDismissed={view.showDismissed}
          dismissed={dismissed}
          onSort={setSort}
          onBand={setBand}
          onLevel={setLevel}
          onQuery={setQuery}
          onShowDismissed={setShowDismissed}
          onStep={onStep}
          shown={visible.length}
          total={all.length}
        />
      )}
      {report && visible.length === 0 && (
        <p className="muted">
          {all.length === 0
            ? `No factual claims and no voice issues found in this draft (${report.claims.length} claims checked).`
            : 'Every finding is filtered out; turn a chip back on, choose Any confidence, clear the search or show dismissed.'}
        </p>
      )}
      <ol className="claim-list" aria-label="Findings in order" data-testid="findings-list">
        {report &&
          visible.map((f) => (
            <li key={`${report.id}-${f.key}`} data-finding={f.key}>
              <FindingCard ref={cardRef(f.key)} finding={f} selected={view.selected === f.key} edited={!ranges[f.key]} {...actions} />
            </li>
          ))}
      </ol>
    </>
  );
}
