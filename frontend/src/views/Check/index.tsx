import { Download } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, offersWorkspaceFiles } from '../../api';
import type { CheckEngine, Vote } from '../../api/check';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SavedPath } from '../../components/SavedPath';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';
import { cancelCheck, checkStore, clearReport, deleteCheck, dismiss, openCheck, refreshHistory, restoreReportFor, startCheck, vote } from '../../stores/check';
import { dismissReplaced, draftStore, flushDraft, replaceDraft, restoreDraft, saveOnUnload, setDraftCursor, setDraftText, undoReplace } from '../../stores/draft';
import { findingsOf, findingsStore, marksStore, selectFinding, step, toggleVerdict, toggleVoice, visibleFindings, type Finding } from '../../stores/findings';
import { sourceStore } from '../../stores/source';
import { useStore } from '../../stores/store';
import { DraftEditor, type EditorHandle, type EditorMark } from './DraftEditor';
import { DraftStayedNotice } from './DraftStayedNotice';
import { EditorBar, ReplacedBanner, SampleDrafts } from './EditorBar';
import { FindingCard } from './FindingCard';
import { FindingsList } from './FindingsList';
import { GuidelinesEditor } from './GuidelinesEditor';
import { HistoryList, TriageList } from './HistoryPanel';
import { RunControls } from './RunControls';
import { SummaryBar } from './SummaryBar';
import { VERDICT_WORD } from './verdicts';
import { LEVEL_WORD } from './VoiceCard';
import './check.css';

const ICON: Record<string, string> = { contradicted: '✗', not_covered: '?', supported: '✓', voice: '⚑' };

const markOf = (f: Finding, from: number, to: number): EditorMark => {
  const tone = f.claim ? f.claim.verdict : 'voice';
  const label = f.claim
    ? `${VERDICT_WORD[f.claim.verdict as keyof typeof VERDICT_WORD] ?? f.claim.verdict} claim: ${f.claim.text}`
    : `Voice & tone, ${LEVEL_WORD[f.voice!.level] ?? f.voice!.level}, ${f.voice!.rule}: ${f.voice!.passage}`;
  return { key: f.key, from, to, tone, icon: ICON[tone] ?? '?', label: f.dismissed ? `Dismissed · ${label}` : label, dismissed: f.dismissed };
};

// "report.docx: the file is not a Word document": every file error names its file.
const located = (name: string, e: unknown) => {
  const msg = e instanceof Error ? e.message : String(e);
  return name && !msg.startsWith(name) ? `${name}: ${msg}` : msg;
};

type Applied = { key: string; from: number; passage: string; suggestion: string; after: string };

export function CheckView() {
  const drafts = useAsync(() => api.check.listDrafts());
  const st = useStore(checkStore);
  const draft = useStore(draftStore);
  const view = useStore(findingsStore);
  const marks = useStore(marksStore);
  const [engine, setEngine] = useState<CheckEngine>('');
  const [error, setError] = useState<Error>();
  const [fileError, setFileError] = useState('');
  const [saved, setSaved] = useState('');
  const [say, setSay] = useState('');
  const [editingGuides, setEditingGuides] = useState(false);
  const [applied, setApplied] = useState<Applied[]>([]);
  const editor = useRef<EditorHandle>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const cards = useRef(new Map<string, HTMLElement>());
  const report = st.report;
  const running = st.job !== undefined;
  const text = draft.text;

  // Restore the saved draft, and the check of it after a reload; a draft
  // that changed behind the view's back (another workspace) drops the
  // check shown.
  useEffect(() => {
    saveOnUnload();
    let live = true;
    void (async () => {
      const before = draftStore.get().text;
      await restoreDraft();
      if (!live) return;
      const now = draftStore.get();
      if (checkStore.get().report && now.text !== before) clearReport();
      if (!checkStore.get().report) await restoreReportFor(now.text);
    })();
    void refreshHistory();
    return () => {
      live = false;
      void flushDraft();
    };
  }, []);

  // The caret goes back where it was once the editor shows the restored text.
  useEffect(() => {
    if (draft.restored > 0) editor.current?.placeCaret(draftStore.get().cursor);
  }, [draft.restored]);

  const all = useMemo(() => (report ? findingsOf(report) : []), [report]);
  const visible = useMemo(() => visibleFindings(all, view), [all, view]);
  const ranges = useMemo(() => (report && marks.reportId === report.id ? marks.ranges : {}), [report, marks]);
  const editorMarks = useMemo(
    () => visible.flatMap((f) => (ranges[f.key] ? [markOf(f, ranges[f.key]!.from, ranges[f.key]!.to)] : [])),
    [visible, ranges],
  );
  const stale = report !== undefined && report.draft !== text;
  // Not one checked passage is left in the editor: that draft is gone, and
  // its findings are not shown for this one (they come back with its text).
  const gone = stale && Object.keys(ranges).length === 0;
  const shown = gone ? undefined : report;
  const byKey = useMemo(() => new Map(all.map((f) => [f.key, f])), [all]);

  // Focus stays where the writer is: a check ended from the Check or
  // Cancel button (gone or not the point any more) moves it to the findings.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) {
      const a = document.activeElement;
      if (!a || a === document.body || a.closest('[data-run-controls]')) heading.current?.focus();
    }
    wasRunning.current = running;
  }, [running]);

  // The draft replaced is taken as the editor has it, before the new text
  // goes in: the backend keeps it for Undo when it was edited.
  const putDraft = useCallback((next: string, fileName: string, by: string = fileName) => {
    const { text: prevText, fileName: prevFile, cursor } = draftStore.get();
    editor.current?.replaceAll(next);
    replaceDraft(next, fileName, by, { text: prevText, fileName: prevFile, cursor });
    setApplied([]);
  }, []);

  const run = () => {
    const t = draftStore.get().text;
    if (!t.trim() || checkStore.get().job) return;
    void flushDraft();
    setApplied([]);
    void startCheck(t, engine);
  };

  const openFile = async () => {
    setFileError('');
    try {
      const d = await api.draft.openDraftFile();
      if (!d.name) return;
      putDraft(d.markdown, d.name);
      setSay(`Opened ${d.name}`);
    } catch (e) {
      setFileError(located('', e));
    }
  };

  const dropFile = async (file: File) => {
    setFileError('');
    try {
      const d = await api.draft.readDroppedFile(file);
      putDraft(d.markdown, d.name || file.name);
      setSay(`Opened ${d.name || file.name}`);
    } catch (e) {
      setFileError(located(file.name, e));
    }
  };

  const convertPaste = async (html: string) => {
    try {
      return await api.draft.convertHTML(html);
    } catch (e) {
      setFileError(`${located('Pasted text', e)} · pasted as plain text instead`);
      return undefined;
    }
  };

  const openSample = async (name: string) => {
    setFileError('');
    try {
      putDraft(await api.check.readDraft(name), name);
    } catch (e) {
      setError(e as Error);
    }
  };

  const reopen = async (id: number) => {
    const r = await openCheck(id);
    if (r) putDraft(r.draft, '', 'a checked draft');
  };

  const inEditor = () => {
    const a = document.activeElement;
    return !!a && (a.id === 'draft' || !!a.closest('[data-testid="finding-popover"]'));
  };

  // F8 / Shift+F8: in the editor the next finding's words are selected and
  // its card pops up; elsewhere its card in the list takes focus.
  const go = (dir: 1 | -1) => {
    const key = step(gone ? [] : visible, findingsStore.get().selected, dir);
    if (!key) return;
    selectFinding(key);
    const f = byKey.get(key)!;
    const here = inEditor();
    editor.current?.reveal(key, here);
    const card = cards.current.get(key);
    card?.scrollIntoView?.({ block: 'nearest' });
    if (!here) card?.focus();
    const n = visible.findIndex((x) => x.key === key) + 1;
    setSay(`Finding ${n} of ${visible.length}: ${markOf(f, 0, 0).label}`);
  };

  const show = (f: Finding) => {
    selectFinding(f.key);
    if (!editor.current?.reveal(f.key, false)) setSay('Its words were edited since this check, so it has no mark in the draft.');
  };

  // Focus that fell to the page with a finding's card or button moves on to
  // the next finding, else the findings heading.
  const moveOn = (f: Finding, next: string | undefined) =>
    requestAnimationFrame(() => {
      const a = document.activeElement;
      if (a && a !== document.body) return;
      const card = next && next !== f.key ? cards.current.get(next) : undefined;
      (card ?? heading.current)?.focus();
    });

  const onDismiss = async (f: Finding, reason: string) => {
    const next = step(visible, f.key, 1);
    const ok = await dismiss(f.kind, f.index, reason);
    if (ok && reason && !findingsStore.get().showDismissed) moveOn(f, next); // the card leaves the list
    return ok;
  };

  const apply = (f: Finding) => {
    const r = ranges[f.key];
    const v = f.voice;
    if (!r || !v?.concrete || draftStore.get().text.slice(r.from, r.to) !== v.passage) return;
    const next = step(visible, f.key, 1);
    editor.current?.replaceRange(r.from, r.to, v.suggestion, { keepFocus: true });
    setApplied((a) => [...a, { key: f.key, from: r.from, passage: v.passage, suggestion: v.suggestion, after: draftStore.get().text }]);
    setSay(`Applied: ${v.passage} → ${v.suggestion}`);
    moveOn(f, next); // its Apply button goes with its mark
  };

  const last = applied[applied.length - 1];
  const undo = () => {
    if (!last || draftStore.get().text !== last.after) return;
    editor.current?.replaceRange(last.from, last.from + last.suggestion.length, last.passage, { keepFocus: true });
    setApplied((a) => a.slice(0, -1));
    setSay(`Undone: ${last.suggestion} → ${last.passage}`);
  };

  const save = async (format: 'md' | 'html') => {
    if (!report) return;
    setSaved('');
    try {
      const path = await api.check.saveReport(report.id, format);
      setSaved(path);
    } catch (e) {
      setError(e as Error);
    }
  };

  // Shortcuts while the view is shown (not behind the source viewer).
  const keys = useRef({ go, run, openFile });
  keys.current = { go, run, openFile };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (sourceStore.get()) return;
      const mod = e.ctrlKey || e.metaKey;
      if (e.key === 'F8') {
        e.preventDefault();
        keys.current.go(e.shiftKey ? -1 : 1);
      } else if (mod && e.key === 'Enter' && !(e.target as Element | null)?.closest?.('.guidelines-editor')) {
        e.preventDefault();
        keys.current.run();
      } else if (mod && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'o') {
        e.preventDefault();
        void keys.current.openFile();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const actions = {
    corpusDocs: report?.corpus_docs ?? 0,
    onShow: show,
    onVote: (f: Finding, v: Vote) => void vote(f.index, v),
    onDismiss,
    onApply: apply,
  };
  const cardRef = (key: string) => (el: HTMLElement | null) => {
    if (el) cards.current.set(key, el);
    else cards.current.delete(key);
  };
  const words = text.trim() ? text.trim().split(/\s+/).length : 0;

  return (
    <section className="check-view">
      <ViewHeader title="Check a draft" subtitle="Write, paste, open or drop a draft; each claim is checked against the published corpus and the draft against your voice & tone guidelines." />
      {drafts.error && <ErrorBanner error={drafts.error} onRetry={drafts.reload} />}
      {error && <ErrorBanner error={error} />}
      {st.error && <ErrorBanner error={st.error} />}
      <p className="sr-only" aria-live="polite" data-testid="check-announce">
        {st.announce}
      </p>
      <p className="sr-only" aria-live="polite">
        {say}
      </p>
      {shown && (
        <div className="check-toolbar">
          <SummaryBar report={shown} verdicts={view.verdicts} voice={view.voice} onToggle={toggleVerdict} onToggleVoice={toggleVoice} />
          <div className="check-export">
            <button type="button" className="btn btn-small" onClick={() => save('md')}>
              <Download size={13} aria-hidden /> Markdown
            </button>
            <button type="button" className="btn btn-small" onClick={() => save('html')}>
              <Download size={13} aria-hidden /> HTML
            </button>
            {saved && <SavedPath path={saved} />}
          </div>
        </div>
      )}
      <div className="check-grid">
        <div className="panel editor-panel">
          <EditorBar draft={draft} onOpen={() => void openFile()} onUndo={last && last.after === text ? undo : undefined} />
          <DraftStayedNotice />
          {draft.replaced && <ReplacedBanner replaced={draft.replaced} onUndo={() => void undoReplace()} onDismiss={() => void dismissReplaced()} />}
          {fileError && (
            <p className="banner banner-error" role="alert" data-testid="draft-file-error">
              {fileError}
            </p>
          )}
          {stale && !gone && !running && (
            <p className="banner banner-info stale-banner" role="status" data-testid="stale-banner">
              Draft changed since this check — findings on edited words are gone, the rest still hold.{' '}
              <button type="button" className="link-button" onClick={run}>
                Check again
              </button>
            </p>
          )}
          <DraftEditor
            ref={editor}
            text={text}
            readOnly={!draft.loaded}
            placeholder={draft.loaded ? 'Write or paste your draft here, open a file (Ctrl+O) or drop one…' : 'Restoring your draft…'}
            marks={gone ? [] : editorMarks}
            selected={view.selected}
            onChange={setDraftText}
            onCursor={setDraftCursor}
            onBlur={() => void flushDraft()}
            convertPaste={convertPaste}
            onDropFile={(f) => void dropFile(f)}
            onCaretIn={(keys) => {
              if (findingsStore.get().selected === keys[0]) return;
              selectFinding(keys[0]);
              cards.current.get(keys[0])?.scrollIntoView?.({ block: 'nearest' });
            }}
            renderPopover={(keys) =>
              keys.map((k) => {
                const f = byKey.get(k);
                return f ? <FindingCard key={k} finding={f} selected={false} edited={!ranges[k]} variant="popover" {...actions} /> : null;
              })
            }
          />
          <p id="draft-help" className="small muted editor-help">
            Ctrl+Enter checks · F8 / Shift+F8 next / previous finding · Ctrl+O opens a file · paste from a web page or Word keeps headings
          </p>
          <div className="check-actions">
            <p className="muted small">{words ? `${words} words` : 'No text yet'}</p>
            <label className="small">
              Engine{' '}
              <select value={engine} onChange={(e) => setEngine(e.target.value as CheckEngine)} disabled={running}>
                <option value="">{offersWorkspaceFiles ? 'As in Settings' : 'The server’s default'}</option>
                <option value="offline">Offline engine</option>
                <option value="llm">LLM</option>
              </select>
            </label>
            <RunControls job={st.job} canRun={!!text.trim() && draft.loaded} onRun={run} onCancel={() => void cancelCheck()} />
          </div>
          {offersWorkspaceFiles && <SampleDrafts names={drafts.data} onOpen={(d) => void openSample(d)} />}
        </div>
        <aside className="panel findings" aria-labelledby="findings-title">
          <FindingsList
            notice={
              gone && !running ? (
                <p className="banner banner-info gone-note" role="status" data-testid="draft-gone">
                  The draft checked last is no longer in the editor, so its {all.length} findings are hidden.{' '}
                  <button type="button" className="link-button" onClick={run} disabled={!text.trim()}>
                    Check this draft
                  </button>
                </p>
              ) : undefined
            }
            report={shown}
            running={running}
            all={gone ? [] : all}
            visible={gone ? [] : visible}
            view={view}
            ranges={ranges}
            headingRef={heading}
            cardRef={cardRef}
            onStep={go}
            {...actions}
          />
          {offersWorkspaceFiles && (
            <div className="voice-head">
              <button type="button" className="btn btn-small" aria-expanded={editingGuides} onClick={() => setEditingGuides(!editingGuides)}>
                {editingGuides ? 'Close guidelines' : 'Edit guidelines'}
              </button>
            </div>
          )}
          {editingGuides && <GuidelinesEditor />}
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
