import * as Draft from '../../wailsjs/go/app/DraftService';
import type { app } from '../../wailsjs/go/models';
import { ApiError, call } from './call';

export type WorkingDraft = app.WorkingDraftDTO;
export type OpenedDraft = app.OpenedDraftDTO;
export type ReplacedDraft = app.ReplacedDraftDTO;
export type DraftFormat = 'md' | 'txt' | 'html' | 'docx';

/** The largest draft file the backend reads (draftfile.MaxFileSize). */
export const MAX_DRAFT_FILE_BYTES = 20 * 1024 * 1024;

/** File extensions a draft may have, for a file input's accept attribute. */
export const DRAFT_FILE_ACCEPT = '.md,.markdown,.txt,.html,.htm,.docx';

// base64 of a file's bytes, in slices: String.fromCharCode takes a
// bounded number of arguments.
export async function toBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

// The Check editor's working draft and the ways a draft gets into it.
export const draft = {
  /** The saved working draft of the workspace in force; version 0 when none was saved. */
  workingDraft: () => call('Draft.WorkingDraft', () => Draft.WorkingDraft()),
  /** Autosave: cheap and idempotent, so call it on every pause in typing. The version grows when the text changes. */
  saveWorkingDraft: (text: string, fileName: string, cursor: number) =>
    call('Draft.SaveWorkingDraft', () => Draft.SaveWorkingDraft(text, fileName, cursor)),
  /** A whole new draft in place of the working one; the one replaced is kept for Undo when it was edited. by names the new one. */
  replaceWorkingDraft: (text: string, fileName: string, by: string) =>
    call('Draft.ReplaceWorkingDraft', () => Draft.ReplaceWorkingDraft(text, fileName, by)),
  /** The draft the last replacement kept for Undo; null when none. */
  replacedDraft: () => call('Draft.ReplacedDraft', () => Draft.ReplacedDraft()),
  /** Brings the kept draft back; the one it replaces is kept in turn (named by) when edited. */
  undoReplacement: (by: string) => call('Draft.UndoReplacement', () => Draft.UndoReplacement(by)),
  /** Forgets the kept draft (the offer to undo was dismissed). */
  dropReplacedDraft: () => call('Draft.DropReplacedDraft', () => Draft.DropReplacedDraft()),
  /** The native open dialog; a cancelled dialog resolves with an empty name. */
  openDraftFile: () => call('Draft.OpenDraftFile', () => Draft.OpenDraftFile()),
  /** A file's bytes, already base64, read as Markdown (.md, .txt, .html, .docx). */
  readDraftBytes: (name: string, dataBase64: string) =>
    call('Draft.ReadDraftBytes', () => Draft.ReadDraftBytes(name, dataBase64)),
  /** A file dropped on the window, read as Markdown; too large a file is refused before it is read. */
  readDroppedFile: async (file: File): Promise<OpenedDraft> => {
    if (file.size > MAX_DRAFT_FILE_BYTES) {
      throw new ApiError(`${file.name} is larger than the 20 MB limit for a draft`, 'Draft.ReadDraftBytes');
    }
    const data = await toBase64(file);
    return call('Draft.ReadDraftBytes', () => Draft.ReadDraftBytes(file.name, data));
  },
  /** Rich paste: clipboard HTML as Markdown, with the converter draft files use. */
  convertHTML: (html: string) => call('Draft.ConvertHTML', () => Draft.ConvertHTML(html)),
};
