// The web app's working draft lives in this browser (localStorage, per
// workspace), saved on every pause as the desktop saves it in its
// database: a reload or a closed tab loses nothing, and nothing a writer
// types reaches the server before they check it. Files are read as
// Markdown by the server, with the desktop's converter.
import { app } from '../../../wailsjs/go/models';
import { ApiError } from '../call';
import { DRAFT_FILE_ACCEPT, MAX_DRAFT_FILE_BYTES, toBase64, type draft as desktopDraft } from '../draft';
import { request } from './http';
import { webSession, wsPath } from './session';

type Draft = typeof desktopDraft;

interface Stored {
  text: string;
  file_name: string;
  cursor: number;
  version: number;
  saved_at: string;
  /** Changed since it was opened: a replacement keeps it for Undo. */
  edited: boolean;
}
interface Kept {
  text: string;
  file_name: string;
  cursor: number;
  by: string;
  replaced_at: string;
}

/** The largest working draft (workdraft.MaxTextBytes). */
const MAX_TEXT_BYTES = 8 << 20;

const key = async (what: 'draft' | 'replaced') => `continuity.${what}.${(await webSession.workspace()).id}`;

function read<T>(k: string): T | null {
  try {
    const v = localStorage.getItem(k);
    return v ? (JSON.parse(v) as T) : null;
  } catch {
    return null; // unreadable: as if none was saved
  }
}

function write(k: string, v: unknown, label: string) {
  try {
    if (v === null) localStorage.removeItem(k);
    else localStorage.setItem(k, JSON.stringify(v));
  } catch (e) {
    throw new ApiError(`this browser could not save the draft: ${(e as Error).message}`, label);
  }
}

const empty: Stored = { text: '', file_name: '', cursor: 0, version: 0, saved_at: '', edited: false };

function checkText(text: string, label: string) {
  if (new Blob([text]).size > MAX_TEXT_BYTES) throw new ApiError(`the draft is larger than the ${MAX_TEXT_BYTES >> 20} MB limit`, label);
}

const working = (d: Stored) =>
  app.WorkingDraftDTO.createFrom({ text: d.text, file_name: d.file_name, cursor: d.cursor, version: d.version, saved_at: d.saved_at });
const replacedOf = (k: Kept | null) =>
  k ? app.ReplacedDraftDTO.createFrom({ words: k.text.trim() ? k.text.trim().split(/\s+/).length : 0, text: k.text, file_name: k.file_name, by: k.by, replaced_at: k.replaced_at }) : undefined;

async function current(): Promise<Stored> {
  return read<Stored>(await key('draft')) ?? { ...empty };
}

/** Puts next in place of the working draft, keeping the one replaced for Undo when it was edited. */
async function put(next: Omit<Stored, 'version' | 'saved_at'>, by: string, label: string): Promise<app.DraftReplacementDTO> {
  checkText(next.text, label);
  const before = await current();
  const kept: Kept | null =
    before.edited && before.text.trim() ? { text: before.text, file_name: before.file_name, cursor: before.cursor, by, replaced_at: new Date().toISOString() } : null;
  const d: Stored = { ...next, version: before.version + 1, saved_at: new Date().toISOString() };
  write(await key('draft'), d, label);
  write(await key('replaced'), kept, label);
  return app.DraftReplacementDTO.createFrom({ draft: working(d), replaced: replacedOf(kept) });
}

async function convert(label: string, body: Record<string, string>): Promise<app.OpenedDraftDTO> {
  return app.OpenedDraftDTO.createFrom(await request(label, 'POST', await wsPath('/draft-files'), body));
}

async function readFile(file: File): Promise<app.OpenedDraftDTO> {
  if (file.size > MAX_DRAFT_FILE_BYTES) throw new ApiError(`${file.name} is larger than the 20 MB limit for a draft`, 'Draft.ReadDraftBytes');
  return convert('Draft.ReadDraftBytes', { name: file.name, data_base64: await toBase64(file) });
}

/** The browser's file picker; a closed picker resolves with an empty name, as the desktop's dialog does. */
function pickFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = DRAFT_FILE_ACCEPT;
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => resolve(null), { once: true });
    input.click();
  });
}

export const webDraft: Draft = {
  workingDraft: async () => working(await current()),
  saveWorkingDraft: async (text: string, fileName: string, cursor: number) => {
    checkText(text, 'Draft.SaveWorkingDraft');
    const d = await current();
    if (d.text === text && d.file_name === fileName && d.cursor === cursor) return working(d);
    const changed = d.text !== text;
    const next: Stored = { text, file_name: fileName, cursor, edited: d.edited || changed, version: changed ? d.version + 1 : d.version, saved_at: new Date().toISOString() };
    write(await key('draft'), next, 'Draft.SaveWorkingDraft');
    return working(next);
  },
  replaceWorkingDraft: (text: string, fileName: string, by: string) => put({ text, file_name: fileName, cursor: 0, edited: false }, by, 'Draft.ReplaceWorkingDraft'),
  // null when none, as the desktop's binding answers a nil pointer
  replacedDraft: async () => (replacedOf(read<Kept>(await key('replaced'))) ?? null) as app.ReplacedDraftDTO,
  undoReplacement: async (by: string) => {
    const k = read<Kept>(await key('replaced'));
    if (!k) throw new ApiError('there is no replaced draft to bring back', 'Draft.UndoReplacement');
    // the draft brought back counts as edited, so a later replacement keeps it again
    return put({ text: k.text, file_name: k.file_name, cursor: k.cursor, edited: true }, by, 'Draft.UndoReplacement');
  },
  dropReplacedDraft: async () => write(await key('replaced'), null, 'Draft.DropReplacedDraft'),
  openDraftFile: async () => {
    const file = await pickFile();
    return file ? readFile(file) : app.OpenedDraftDTO.createFrom({ name: '', format: '', markdown: '' });
  },
  readDraftBytes: async (name: string, dataBase64: string) => convert('Draft.ReadDraftBytes', { name, data_base64: dataBase64 }),
  readDroppedFile: readFile,
  convertHTML: async (html: string) => (await convert('Draft.ConvertHTML', { html })).markdown,
};
