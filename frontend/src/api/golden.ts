import * as Golden from '../../wailsjs/go/app/GoldenService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type GoldenStatus = app.GoldenStatusDTO;
export type GoldenSet = app.GoldenSetDTO;
export type GoldenRow = app.GoldenRowDTO;
export type GoldenIssue = app.GoldenIssueDTO;
export type GoldenSetView = app.GoldenSetViewDTO;
export type GoldenVersion = app.GoldenVersionDTO;
export type GoldenImport = app.GoldenImportDTO;
export type GoldenProblem = app.GoldenProblemDTO;
export type GoldenFromTriage = app.GoldenFromTriageDTO;
export type GoldenPreview = app.GoldenPreviewDTO;
export type GoldenRowChange = app.GoldenRowChangeDTO;
export type GoldenStale = app.GoldenStaleDTO;

export const GOLDEN_FIELDS = [
  'id',
  'question',
  'category',
  'approved_answer',
  'reference_doc_ids',
  'supporting_line',
  'owner',
  'notes',
  'tags',
] as const;
export type GoldenField = (typeof GOLDEN_FIELDS)[number];

/** Reads a dropped file as base64 for ImportBytes (Wails passes strings). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

export const golden = {
  workspaceFile: () => call('Golden.WorkspaceFile', () => Golden.WorkspaceFile()),
  listSets: () => call('Golden.ListSets', () => Golden.ListSets()),
  getSet: (name: string) => call('Golden.GetSet', () => Golden.GetSet(name)),
  createSet: (name: string, description: string) => call('Golden.CreateSet', () => Golden.CreateSet(name, description)),
  deleteSet: (name: string) => call('Golden.DeleteSet', () => Golden.DeleteSet(name)),
  updateCell: (set: string, rowId: string, field: GoldenField, value: string) =>
    call('Golden.UpdateCell', () => Golden.UpdateCell(set, rowId, field, value)),
  addRow: (set: string) => call('Golden.AddRow', () => Golden.AddRow(set)),
  deleteRow: (set: string, rowId: string) => call('Golden.DeleteRow', () => Golden.DeleteRow(set, rowId)),
  versions: (set: string) => call('Golden.Versions', () => Golden.Versions(set)),
  restore: (set: string, version: number) => call('Golden.Restore', () => Golden.Restore(set, version)),
  importDialog: (set: string, validOnly: boolean) => call('Golden.ImportDialog', () => Golden.ImportDialog(set, validOnly)),
  importWorkspaceFile: (set: string, validOnly: boolean) =>
    call('Golden.ImportWorkspaceFile', () => Golden.ImportWorkspaceFile(set, validOnly)),
  importBytes: (fileName: string, base64: string, set: string, validOnly: boolean) =>
    call('Golden.ImportBytes', () => Golden.ImportBytes(fileName, base64, set, validOnly)),
  exportDialog: (set: string) => call('Golden.ExportDialog', () => Golden.ExportDialog(set)),
  /** Native open dialog; '' when cancelled. */
  chooseImportFile: () => call('Golden.ChooseImportFile', () => Golden.ChooseImportFile()),
  /** Parses and diffs a chosen workbook against set ('' = the file name's set); writes nothing. */
  previewImport: (path: string, set: string, validOnly: boolean) =>
    call('Golden.PreviewImport', () => Golden.PreviewImport(path, set, validOnly)),
  previewImportBytes: (fileName: string, base64: string, set: string, validOnly: boolean) =>
    call('Golden.PreviewImportBytes', () => Golden.PreviewImportBytes(fileName, base64, set, validOnly)),
  commitImport: (path: string, set: string, validOnly: boolean) =>
    call('Golden.CommitImport', () => Golden.CommitImport(path, set, validOnly)),
  /** Native save dialog in the workspace folder; the path written, '' when cancelled. */
  saveTemplate: () => call('Golden.SaveTemplateDialog', () => Golden.SaveTemplateDialog()),
  /** The set's stale rows: references gone, archived or renamed, supporting lines gone, answers contradicted. */
  staleRows: (set: string) => call('Golden.StaleRows', () => Golden.StaleRows(set)),
  renameSet: (from: string, to: string) => call('Golden.RenameSet', () => Golden.RenameSet(from, to)),
  /** Turns a 👎 triage item into a tricky question of set ('' = "triage"). */
  addFromTriage: (set: string, checkId: number, claimIndex: number, question: string) =>
    call('Golden.AddFromTriage', () => Golden.AddFromTriage(set, checkId, claimIndex, question)),
};
