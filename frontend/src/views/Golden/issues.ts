import type { GoldenIssue, GoldenRow } from '../../api';

export type RowState = 'ok' | 'warning' | 'error';

/** Groups issues by row ID and field, and gives each row its worst state. */
export function indexIssues(issues: GoldenIssue[]) {
  const byCell = new Map<string, GoldenIssue[]>();
  const byRow = new Map<string, GoldenIssue[]>();
  for (const is of issues) {
    const cell = `${is.row_id}\u0000${is.field}`;
    byCell.set(cell, [...(byCell.get(cell) ?? []), is]);
    byRow.set(is.row_id, [...(byRow.get(is.row_id) ?? []), is]);
  }
  const stateOf = (row: GoldenRow): RowState => {
    const list = byRow.get(row.id) ?? [];
    if (list.some((i) => i.severity === 'error')) return 'error';
    return list.length > 0 ? 'warning' : 'ok';
  };
  return { cell: (rowId: string, field: string) => byCell.get(`${rowId}\u0000${field}`) ?? [], row: (id: string) => byRow.get(id) ?? [], stateOf };
}

export const STATE_WORD: Record<RowState, string> = { ok: 'Valid', warning: 'Warning', error: 'Error' };

/** Why a stale row is stale, in words for the badge's list. */
export const STALE_REASON_WORD: Record<string, string> = {
  gone: 'Reference gone',
  archived: 'Reference archived',
  renamed: 'Reference renamed',
  supporting_line_missing: 'Supporting line gone',
  contradicted: 'Answer contradicted',
};

/** Groups stale findings by row ID; rowIds lists the stale rows once each. */
export function indexStale(issues: GoldenIssue[]) {
  const byRow = new Map<string, GoldenIssue[]>();
  for (const is of issues) byRow.set(is.row_id, [...(byRow.get(is.row_id) ?? []), is]);
  return { row: (id: string) => byRow.get(id) ?? [], has: (id: string) => byRow.has(id), count: byRow.size };
}

/** The badge's tooltip: one line per finding, reason first. */
export function staleWhy(issues: GoldenIssue[]): string {
  return issues.map((i) => `${STALE_REASON_WORD[i.reason ?? ''] ?? 'Stale'}: ${i.message}`).join('\n');
}
