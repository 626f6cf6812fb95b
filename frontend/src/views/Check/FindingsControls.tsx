import { ChevronDown, ChevronUp, Search } from 'lucide-react';
import type { LevelFilter } from '../../stores/findings';
import { BAND_LABEL, SORT_LABEL, type BandFilter, type ClaimSort } from './claimOrder';

interface Props {
  sort: ClaimSort;
  band: BandFilter;
  level: LevelFilter;
  query: string;
  showDismissed: boolean;
  dismissed: number;
  onSort: (s: ClaimSort) => void;
  onBand: (b: BandFilter) => void;
  onLevel: (l: LevelFilter) => void;
  onQuery: (q: string) => void;
  onShowDismissed: (v: boolean) => void;
  onStep: (dir: 1 | -1) => void;
  shown: number;
  total: number;
}

const LEVEL_LABEL: Record<LevelFilter, string> = { all: 'Any', required: 'Required', recommended: 'Recommended' };

// Search, sort and filters for the findings list (the verdict and voice
// chips above filter by kind), and previous/next.
export function FindingsControls(p: Props) {
  return (
    <div className="findings-controls" role="group" aria-label="Search, sort and filter findings">
      <label className="findings-search">
        <Search size={13} aria-hidden />
        <span className="sr-only">Search findings</span>
        <input type="search" value={p.query} placeholder="Search findings" onChange={(e) => p.onQuery(e.target.value)} data-testid="findings-search" />
      </label>
      <label className="small">
        Sort{' '}
        <select value={p.sort} onChange={(e) => p.onSort(e.target.value as ClaimSort)} data-testid="claim-sort">
          {(Object.keys(SORT_LABEL) as ClaimSort[]).map((k) => (
            <option key={k} value={k}>
              {SORT_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="small">
        Confidence{' '}
        <select value={p.band} onChange={(e) => p.onBand(e.target.value as BandFilter)} data-testid="claim-band">
          {(Object.keys(BAND_LABEL) as BandFilter[]).map((k) => (
            <option key={k} value={k}>
              {BAND_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="small">
        Voice level{' '}
        <select value={p.level} onChange={(e) => p.onLevel(e.target.value as LevelFilter)} data-testid="voice-level">
          {(Object.keys(LEVEL_LABEL) as LevelFilter[]).map((k) => (
            <option key={k} value={k}>
              {LEVEL_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="small checkbox-inline">
        <input type="checkbox" checked={p.showDismissed} onChange={(e) => p.onShowDismissed(e.target.checked)} data-testid="show-dismissed" /> Show dismissed
        {p.dismissed > 0 ? ` (${p.dismissed})` : ''}
      </label>
      <span className="findings-step">
        <button type="button" className="btn btn-small" aria-label="Previous finding (Shift+F8)" title="Previous finding (Shift+F8)" onClick={() => p.onStep(-1)} disabled={p.shown === 0}>
          <ChevronUp size={14} aria-hidden />
        </button>
        <button type="button" className="btn btn-small" aria-label="Next finding (F8)" title="Next finding (F8)" onClick={() => p.onStep(1)} disabled={p.shown === 0}>
          <ChevronDown size={14} aria-hidden />
        </button>
        <span className="small muted" data-testid="findings-count">
          {p.shown === p.total ? `${p.total} findings` : `${p.shown} of ${p.total} findings`}
        </span>
      </span>
    </div>
  );
}
