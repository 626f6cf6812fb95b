import { Download, Play, Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { AuditExportFormat } from '../../api/audit';
import { ViewHeader } from '../../components/ViewHeader';
import {
  auditFilterStore,
  auditStore,
  cancelAudit,
  countByStatus,
  groupByTopic,
  loadAudit,
  startAudit,
  type StatusFilter,
} from '../../stores/audit';
import { useStore } from '../../stores/store';
import { Calibration } from './Calibration';
import { ChangedFacts } from './ChangedFacts';
import { ConflictPair } from './ConflictPair';
import { MuddyList } from './MuddyList';
import './audit.css';

function AuditProgress() {
  const s = useStore(auditStore);
  if (s.jobId || s.stage === 'starting') {
    return (
      <div className="sync-progress" role="status" data-testid="audit-progress">
        <progress max={s.total || 1} value={s.total ? s.done : undefined} aria-label="Audit progress" />
        <span>
          {s.stage ?? 'starting'} {s.total ? `${s.done}/${s.total}` : ''} {s.message ? `· ${s.message}` : ''}
        </span>
        <button type="button" className="btn" onClick={() => void cancelAudit()} disabled={!s.jobId}>
          <Square size={14} aria-hidden /> Cancel
        </button>
      </div>
    );
  }
  if (s.outcome?.canceled)
    return (
      <p className="banner banner-info" role="status">
        Audit cancelled; the documents it finished are kept, so the next run resumes.
      </p>
    );
  if (s.outcome?.error)
    return (
      <p className="banner banner-error" role="alert">
        ✗ Audit failed: {s.outcome.error}
      </p>
    );
  return null;
}

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'intended', label: 'Intended' },
  { value: 'all', label: 'All' },
];

function Conflicts() {
  const s = useStore(auditStore);
  const filter = useStore(auditFilterStore);
  const rep = s.report;
  if (s.loadError) return <p className="banner banner-error" role="alert">{s.loadError}</p>;
  if (!rep?.audited) {
    return (
      <p className="audit-empty" data-testid="audit-empty">
        No audit yet. Press <strong>Run audit</strong> to check every published page against the others for statements that
        contradict each other.
      </p>
    );
  }
  const counts = countByStatus(rep.conflicts);
  const groups = groupByTopic(rep.conflicts, filter);
  return (
    <>
      <p className="muted small" data-testid="audit-summary">
        {rep.conflicts.length} conflict(s) in {rep.documents} document(s) · {rep.model}
      </p>
      {rep.warnings.map((w) => (
        <p key={w} className="banner banner-warn">
          {w}
        </p>
      ))}
      <div className="audit-filters" role="group" aria-label="Show conflicts">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className="btn btn-small"
            aria-pressed={filter === f.value}
            onClick={() => auditFilterStore.set(f.value)}
          >
            {f.label} {f.value === 'all' ? rep.conflicts.length : counts[f.value]}
          </button>
        ))}
      </div>
      {rep.conflicts.length === 0 && (
        <p className="audit-empty">No published pages contradict each other. Run the audit again after the corpus changes.</p>
      )}
      {rep.conflicts.length > 0 && groups.length === 0 && (
        <p className="audit-empty" data-testid="filter-empty">
          No {filter} conflicts. Choose another filter above.
        </p>
      )}
      {groups.map((g) => (
        <section key={g.topic} className="audit-group" data-testid="topic-group">
          <h2 className="audit-topic">{g.topic}</h2>
          {g.conflicts.map((c) => (
            <ConflictPair key={c.key} c={c} />
          ))}
        </section>
      ))}
    </>
  );
}

export function AuditView() {
  const s = useStore(auditStore);
  const [tab, setTab] = useState<'conflicts' | 'changed' | 'muddy'>('conflicts');
  const [exported, setExported] = useState<string>();
  const [exportError, setExportError] = useState<string>();
  useEffect(() => {
    if (!auditStore.get().jobId) void loadAudit();
  }, []);
  const exportAs = async (format: AuditExportFormat) => {
    setExportError(undefined);
    setExported(undefined);
    try {
      const path = await api.audit.export(format);
      if (path) setExported(path);
    } catch (e) {
      setExportError((e as Error).message);
    }
  };
  const audited = !!s.report?.audited;
  return (
    <div className="audit-view">
      <ViewHeader
        title="Audit"
        subtitle="Published pages that contradict each other, and sentences a search may misread."
        actions={
          <>
            <button type="button" className="btn btn-primary" onClick={() => void startAudit()} disabled={!!s.jobId}>
              <Play size={14} aria-hidden /> Run audit
            </button>
            {(['md', 'html', 'xlsx'] as const).map((f) => (
              <button key={f} type="button" className="btn" disabled={!audited} onClick={() => void exportAs(f)}>
                <Download size={14} aria-hidden /> {f === 'md' ? 'Markdown' : f.toUpperCase()}
              </button>
            ))}
          </>
        }
      />
      <AuditProgress />
      {exported && (
        <p className="banner banner-ok" role="status">
          Saved {exported}
        </p>
      )}
      {exportError && (
        <p className="banner banner-error" role="alert">
          {exportError}
        </p>
      )}
      <div className="audit-tabs" role="tablist" aria-label="Audit">
        <button type="button" role="tab" aria-selected={tab === 'conflicts'} onClick={() => setTab('conflicts')}>
          Conflicts
        </button>
        <button type="button" role="tab" aria-selected={tab === 'changed'} onClick={() => setTab('changed')}>
          Changed facts
        </button>
        <button type="button" role="tab" aria-selected={tab === 'muddy'} onClick={() => setTab('muddy')}>
          Muddy sentences
        </button>
      </div>
      <div role="tabpanel">
        {tab === 'conflicts' && <Conflicts />}
        {tab === 'changed' && (
          <>
            <Calibration />
            <ChangedFacts />
          </>
        )}
        {tab === 'muddy' && <MuddyList />}
      </div>
    </div>
  );
}
