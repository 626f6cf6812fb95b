// Golden sets over the team server. An edit names the version the grid
// showed, so an edit of a set someone else changed meanwhile is refused
// with both versions in the message, and nothing is overwritten.
import { app } from '../../../wailsjs/go/models';
import { ApiError } from '../call';
import type { golden as desktopGolden, GoldenField } from '../golden';
import { HttpError, request } from './http';
import { desktopOnly, wsPath } from './session';

type Golden = typeof desktopGolden;

interface ServerIssue {
  severity: string;
  row: number;
  row_id: string;
  field: string;
  message: string;
}
interface ServerStale {
  set: string;
  rows: number;
  issues: Array<ServerIssue & { reason?: string; suggest?: string }>;
  engine: string;
  note?: string;
}
interface ServerSet {
  set: app.GoldenSetDTO;
  rows: Array<Omit<app.GoldenRowDTO, 'reference_doc_ids' | 'tags'> & { reference_doc_ids: string[] | null; tags: string[] | null }>;
  issues?: ServerIssue[];
  validation_note?: string;
}

/** The version of each set the grid last showed: what an edit is based on. */
const shown = new Map<string, number>();

const setPath = (set: string, rest = '') => wsPath(`/golden-sets/${encodeURIComponent(set)}${rest}`);

async function getSet(name: string): Promise<app.GoldenSetViewDTO> {
  const r = await request<ServerSet>('Golden.GetSet', 'GET', await setPath(name, '?validate=1'));
  shown.set(name, r.set.version);
  return app.GoldenSetViewDTO.createFrom({
    set: r.set,
    rows: r.rows.map((row) => ({ ...row, reference_doc_ids: row.reference_doc_ids ?? [], tags: row.tags ?? [] })),
    issues: (r.issues ?? []).map((is) => ({ severity: is.severity, row_id: is.row_id, position: is.row, field: is.field, message: is.message })),
    validation_note: r.validation_note ?? '',
  });
}

function quote(v: unknown): string {
  const s = Array.isArray(v) ? v.join(', ') : String(v ?? '');
  return `“${s.length > 160 ? s.slice(0, 160) + '…' : s}”`;
}

/** The refusal of a stale edit, in words: both versions and both values. */
function conflictMessage(set: string, field: GoldenField, base: number, yours: string, e: HttpError): string {
  const current = e.body.current_version;
  const row = e.body.current_row as Record<string, unknown> | undefined;
  const theirs = row ? ` It now reads ${quote(row[field])}; yours was ${quote(yours)}.` : '';
  return `Not saved: “${set}” changed to version ${String(current)} after the version ${base} you edited.${theirs} Open the set again to see the current rows, then redo your edit.`;
}

async function updateCell(set: string, rowId: string, field: GoldenField, value: string): Promise<app.GoldenSetViewDTO> {
  const base = shown.get(set);
  if (!base) throw new ApiError(`open “${set}” before editing it`, 'Golden.UpdateCell');
  try {
    await request('Golden.UpdateCell', 'PATCH', await setPath(set, `/rows/${encodeURIComponent(rowId)}`), { base_version: base, field, value });
  } catch (e) {
    if (e instanceof HttpError && e.status === 409) throw new ApiError(conflictMessage(set, field, base, value, e), 'Golden.UpdateCell');
    throw e;
  }
  return getSet(set);
}

/** A write based on the version the grid showed; a set that moved on since refuses it, saying what was refused. */
async function writeAt(set: string, method: string, what: string, write: (base: number) => Promise<unknown>): Promise<app.GoldenSetViewDTO> {
  const base = shown.get(set);
  if (!base) throw new ApiError(`open “${set}” before changing it`, method);
  try {
    await write(base);
  } catch (e) {
    if (e instanceof HttpError && e.status === 409)
      throw new ApiError(
        `Not saved: “${set}” changed to version ${String(e.body.current_version)} after the version ${base} you read, so ${what} was refused. Open the set again to see the current rows, then redo it.`,
        method,
      );
    throw e;
  }
  return getSet(set);
}

async function addRow(set: string): Promise<app.GoldenSetViewDTO> {
  await request('Golden.AddRow', 'POST', await setPath(set, '/rows'), { category: 'routine' });
  return getSet(set);
}

const deleteRow = (set: string, rowId: string) =>
  writeAt(set, 'Golden.DeleteRow', `deleting ${rowId}`, async (base) =>
    request('Golden.DeleteRow', 'DELETE', await setPath(set, `/rows/${encodeURIComponent(rowId)}?base_version=${base}`)),
  );

const restore = (set: string, version: number) =>
  writeAt(set, 'Golden.Restore', `restoring version ${version}`, async (base) =>
    request('Golden.Restore', 'POST', await setPath(set, '/restore'), { base_version: base, version }),
  );

async function createSet(name: string, description: string): Promise<app.GoldenSetViewDTO> {
  await request('Golden.CreateSet', 'POST', await wsPath('/golden-sets'), { name, description });
  return getSet(name);
}

async function renameSet(from: string, to: string): Promise<app.GoldenSetViewDTO> {
  await request('Golden.RenameSet', 'POST', await setPath(from, '/rename'), { to });
  shown.delete(from);
  return getSet(to);
}

async function deleteSet(name: string): Promise<void> {
  const base = shown.get(name);
  if (!base) throw new ApiError(`open “${name}” before deleting it`, 'Golden.DeleteSet');
  try {
    await request('Golden.DeleteSet', 'DELETE', await setPath(name, `?base_version=${base}`));
  } catch (e) {
    if (e instanceof HttpError && e.status === 409)
      throw new ApiError(
        `Not deleted: “${name}” changed to version ${String(e.body.current_version)} after the version ${base} you read. Open the set again to see what changed, then delete it if you still mean to.`,
        'Golden.DeleteSet',
      );
    throw e;
  }
  shown.delete(name);
}

export const webGolden: Golden = {
  workspaceFile: async () => app.GoldenStatusDTO.createFrom(await request('Golden.WorkspaceFile', 'GET', await wsPath('/golden-file'))),
  listSets: async () => (await request<{ sets: app.GoldenSetDTO[] }>('Golden.ListSets', 'GET', await wsPath('/golden-sets'))).sets,
  getSet,
  updateCell,
  versions: async (set: string) =>
    (await request<{ versions: app.GoldenVersionDTO[] }>('Golden.Versions', 'GET', await setPath(set, '/versions'))).versions,
  createSet,
  deleteSet,
  addRow,
  deleteRow,
  restore,
  importDialog: desktopOnly('Golden.ImportDialog', 'Importing a workbook'),
  importWorkspaceFile: desktopOnly('Golden.ImportWorkspaceFile', 'Importing the workspace’s workbook'),
  importBytes: desktopOnly('Golden.ImportBytes', 'Importing a workbook'),
  exportDialog: desktopOnly('Golden.ExportDialog', 'Exporting a set'),
  chooseImportFile: desktopOnly('Golden.ChooseImportFile', 'Importing a workbook'),
  previewImport: desktopOnly('Golden.PreviewImport', 'Importing a workbook'),
  previewImportBytes: desktopOnly('Golden.PreviewImportBytes', 'Importing a workbook'),
  commitImport: desktopOnly('Golden.CommitImport', 'Importing a workbook'),
  saveTemplate: desktopOnly('Golden.SaveTemplateDialog', 'Saving the template'),
  staleRows: async (set: string) => {
    const r = await request<ServerStale>('Golden.StaleRows', 'GET', await setPath(set, '/stale'));
    return app.GoldenStaleDTO.createFrom({
      set: r.set,
      rows: r.rows,
      engine: r.engine,
      note: r.note ?? '',
      // rows are numbered as the export shows them: the header is row 1
      issues: r.issues.map((is) => ({ ...is, position: is.row - 1 })),
    });
  },
  renameSet,
  addFromTriage: async (set: string, checkId: number, claimIndex: number, question: string) => {
    const r = await request<{ set: string; row: ServerSet['rows'][number] }>(
      'Golden.AddFromTriage',
      'POST',
      await wsPath(`/checks/${checkId}/claims/${claimIndex}/golden`),
      { set, question },
    );
    return app.GoldenFromTriageDTO.createFrom({ set: r.set, row: { ...r.row, reference_doc_ids: r.row.reference_doc_ids ?? [], tags: r.row.tags ?? [] } });
  },
};
