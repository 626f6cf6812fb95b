import { FileText, Download, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import type { CheckEngine } from '../../api/check';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';
import { cancelCheck, checkStore, deleteCheck, openCheck, refreshHistory, setBand, setSort, startCheck, toggleFilter, vote } from '../../stores/check';
import { useStore } from '../../stores/store';
import { AnnotatedDraft } from './AnnotatedDraft';
import { ClaimCard } from './ClaimCard';
import { FindingsControls } from './FindingsControls';
import { visibleClaims } from './claimOrder';
import { HistoryList, TriageList } from './HistoryPanel';
import { SummaryBar } from './SummaryBar';
import { VoicePanel } from './VoicePanel';

export function CheckView() {
  const drafts = useAsync(() => api.check.listDrafts());
  const st = useStore(checkStore);
  const [text, setText] = useState('');
  const [engine, setEngine] = useState<CheckEngine>('');
  const [error, setError] = useState<Error>();
  const [selected, setSelected] = useState<number>();
  const [saved, setSaved] = useState('');
  const cards = useRef(new Map<number, HTMLElement>());
  const report = st.report;

  useEffect(() => {
    void refreshHistory();
  }, []);

  const open = async (name: string) => {
    setError(undefined);
    try {
      setText(await api.check.readDraft(name));
    } catch (e) {
      setError(e as Error);
    }
  };

  const reopen = async (id: number) => {
    const r = await openCheck(id);
    if (r) setText(r.draft);
  };

  const showCard = (index: number) => {
    setSelected(index);
    const el = cards.current.get(index);
    el?.scrollIntoView({ block: 'nearest' });
    el?.focus();
  };

  const showClaim = (index: number) => {
    setSelected(index);
    document.querySelector(`[data-claim-index="${index}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  const save = async (format: 'md' | 'html') => {
    if (!report) return;
    setSaved('');
    try {
      const path = await api.check.saveReport(report.id, format);
      setSaved(path ? `Saved to ${path}` : '');
    } catch (e) {
      setError(e as Error);
    }
  };

  const running = st.job !== undefined;
  const stale = report !== undefined && report.draft !== text;
  const claims = report ? visibleClaims(report.claims, { verdicts: st.filters, band: st.band, sort: st.sort }) : [];

  return (
    <section>
      <ViewHeader title="Check a draft" subtitle="Paste a draft to see which claims the published corpus supports or contradicts." />
      {drafts.error && <ErrorBanner error={drafts.error} onRetry={drafts.reload} />}
      {error && <ErrorBanner error={error} />}
      {st.error && <ErrorBanner error={st.error} />}
      <p className="sr-only" aria-live="polite">
        {st.announce}
      </p>
      {report && (
        <div className="check-toolbar">
          <SummaryBar report={report} filters={st.filters} onToggle={toggleFilter} />
          <div className="check-export">
            <button type="button" className="btn btn-small" onClick={() => save('md')}>
              <Download size={13} aria-hidden /> Markdown
            </button>
            <button type="button" className="btn btn-small" onClick={() => save('html')}>
              <Download size={13} aria-hidden /> HTML
            </button>
            {saved && <span className="small muted">{saved}</span>}
          </div>
        </div>
      )}
      <div className="check-layout check-layout-results">
        <div className="panel">
          <label htmlFor="draft" className="label">
            Draft
          </label>
          <textarea id="draft" className="draft-input" placeholder="Paste your draft here…" value={text} onChange={(e) => setText(e.target.value)} />
          <div className="check-actions">
            <p className="muted small">{text.trim() ? `${text.trim().split(/\s+/).length} words` : 'No text yet'}</p>
            <label className="small">
              Engine{' '}
              <select value={engine} onChange={(e) => setEngine(e.target.value as CheckEngine)} disabled={running}>
                <option value="">As in Settings</option>
                <option value="offline">Offline engine</option>
                <option value="llm">LLM</option>
              </select>
            </label>
            {running ? (
              <>
                <span role="status" className="small" data-testid="check-progress">
                  Checking…{st.job && st.job.total > 0 ? ` ${st.job.stage} ${st.job.done}/${st.job.total}` : ''}
                </span>
                <button type="button" className="btn btn-small" onClick={() => void cancelCheck()}>
                  <Square size={12} aria-hidden /> Cancel
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-primary" disabled={!text.trim()} onClick={() => void startCheck(text, engine)}>
                Check claims
              </button>
            )}
          </div>
          <div className="sample-drafts">
            <span className="small muted">Try a sample draft:</span>
            {drafts.data?.length === 0 && <span className="muted small">This workspace has no drafts folder.</span>}
            <ul className="plain-list inline-list" data-testid="draft-list">
              {drafts.data?.map((d) => (
                <li key={d}>
                  <button type="button" className="link-button" onClick={() => open(d)}>
                    <FileText size={14} aria-hidden /> {d}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          {report && (
            <section aria-labelledby="annotated-title" className="annotated-wrap">
              <h2 id="annotated-title" className="panel-title">
                Checked draft
              </h2>
              {stale && (
                <p className="banner banner-info small">
                  Draft changed since this check ·{' '}
                  <button type="button" className="link-button" onClick={() => void startCheck(text, engine)} disabled={running}>
                    Re-check
                  </button>
                </p>
              )}
              <AnnotatedDraft draft={report.draft} claims={report.claims} visible={st.filters} onSelect={showCard} />
            </section>
          )}
          <VoicePanel text={text} onApply={setText} />
        </div>
        <aside className="panel findings" aria-label="Findings">
          <h2 className="panel-title">Findings</h2>
          {!report && <p className="muted">Run a check to see each claim with the published passages that support or contradict it.</p>}
          {report && report.claims.length > 0 && <FindingsControls sort={st.sort} band={st.band} onSort={setSort} onBand={setBand} shown={claims.length} total={report.claims.length} />}
          {report && claims.length === 0 && (
            <p className="muted">
              {report.claims.length === 0 ? 'No factual claims found in this draft.' : 'Every claim is filtered out; turn a verdict chip back on or choose Any confidence.'}
            </p>
          )}
          <div className="claim-list">
            {claims.map((c) => (
              <ClaimCard
                key={`${report!.id}-${c.index}`}
                ref={(el) => {
                  if (el) cards.current.set(c.index, el);
                  else cards.current.delete(c.index);
                }}
                claim={c}
                corpusDocs={report!.corpus_docs}
                selected={selected === c.index}
                onVote={(v) => void vote(c.index, v)}
                onShow={() => showClaim(c.index)}
              />
            ))}
          </div>
        </aside>
      </div>
      <div className="check-layout check-layout-results">
        <div className="panel">
          <HistoryList entries={st.history} current={report?.id} onOpen={(id) => void reopen(id)} onDelete={(id) => void deleteCheck(id)} />
          {st.historyError && <ErrorBanner error={st.historyError} onRetry={() => void refreshHistory()} />}
        </div>
        <div className="panel">
          <TriageList
            items={st.triage}
            onOpen={(id) => void reopen(id)}
            loadSets={async () => (await api.golden.listSets()).map((s) => s.name)}
            onAddGolden={async (t, set, question) => {
              const r = await api.golden.addFromTriage(set, t.check_id, t.claim_index, question);
              void refreshHistory();
              return { set: r.set, rowId: r.row.id };
            }}
          />
        </div>
      </div>
    </section>
  );
}
