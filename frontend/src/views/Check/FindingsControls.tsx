import { BAND_LABEL, SORT_LABEL, type BandFilter, type ClaimSort } from './claimOrder';

interface Props {
  sort: ClaimSort;
  band: BandFilter;
  onSort: (s: ClaimSort) => void;
  onBand: (b: BandFilter) => void;
  shown: number;
  total: number;
}

// Sort and confidence filter for the claim cards; the verdict chips in
// the toolbar filter by verdict.
export function FindingsControls({ sort, band, onSort, onBand, shown, total }: Props) {
  return (
    <div className="findings-controls" role="group" aria-label="Sort and filter claims">
      <label className="small">
        Sort{' '}
        <select value={sort} onChange={(e) => onSort(e.target.value as ClaimSort)} data-testid="claim-sort">
          {(Object.keys(SORT_LABEL) as ClaimSort[]).map((k) => (
            <option key={k} value={k}>
              {SORT_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="small">
        Confidence{' '}
        <select value={band} onChange={(e) => onBand(e.target.value as BandFilter)} data-testid="claim-band">
          {(Object.keys(BAND_LABEL) as BandFilter[]).map((k) => (
            <option key={k} value={k}>
              {BAND_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
      <span className="small muted" aria-live="polite">
        {shown === total ? `${total} claims` : `${shown} of ${total} claims`}
      </span>
    </div>
  );
}
