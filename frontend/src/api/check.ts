import * as Check from '../../wailsjs/go/app/CheckService';
import type { checkview } from '../../wailsjs/go/models';
import { BrowserOpenURL } from '../../wailsjs/runtime/runtime';
import { call } from './call';

export type CheckReport = checkview.Report;
export type CheckClaim = checkview.Claim;
export type CheckEvidence = checkview.Evidence;
export type CheckHistoryEntry = checkview.HistoryEntry;
export type TriageItem = checkview.TriageItem;
export type CheckExport = checkview.Export;
export type CheckVoice = checkview.VoiceIssue;
export type TriageCause = checkview.TriageCause;
/** What a 👎 is filed as; it says who fixes it. */
export type Cause = 'bad_grounding' | 'stale_index' | 'retrieval_miss' | 'wrong_verdict';
/** What a writer can dismiss: a claim or a voice & tone issue. */
export type FindingKind = 'claim' | 'voice';
export type Verdict = 'supported' | 'contradicted' | 'not_covered';
export type Vote = 'up' | 'down' | '';
export type CheckEngine = '' | 'offline' | 'llm';

// Draft check calls. check() starts a job; its result (a CheckReport) comes
// in the job:done event and is already in the history.
export const check = {
  listDrafts: () => call('Check.ListDrafts', () => Check.ListDrafts()),
  readDraft: (name: string) => call('Check.ReadDraft', () => Check.ReadDraft(name)),
  check: (text: string, engine: CheckEngine) => call('Check.Check', () => Check.Check(text, engine)),
  listHistory: () => call('Check.ListHistory', () => Check.ListHistory()),
  getCheck: (id: number) => call('Check.GetCheck', () => Check.GetCheck(id)),
  deleteCheck: (id: number) => call('Check.DeleteCheck', () => Check.DeleteCheck(id)),
  setFeedback: (id: number, claimIndex: number, vote: Vote, note: string) =>
    call('Check.SetFeedback', () => Check.SetFeedback(id, claimIndex, vote, note)),
  /** The cause a 👎 is filed under, suggested from the check's data when none was yet. */
  triageCause: (id: number, claimIndex: number) => call('Check.TriageCause', () => Check.TriageCause(id, claimIndex)),
  /** Files a 👎 under cause, over the suggestion. */
  setCause: (id: number, claimIndex: number, cause: Cause) => call('Check.SetCause', () => Check.SetCause(id, claimIndex, cause)),
  listTriage: () => call('Check.ListTriage', () => Check.ListTriage()),
  /** Dismisses a finding of a check for reason ("" restores it); a dismissed claim is also a 👎 with the reason as its note. */
  dismiss: (id: number, kind: FindingKind, index: number, reason: string) =>
    call('Check.Dismiss', () => Check.Dismiss(id, kind, index, reason)),
  exportReport: (id: number, format: 'md' | 'html') => call('Check.ExportReport', () => Check.ExportReport(id, format)),
  saveReport: (id: number, format: 'md' | 'html') => call('Check.SaveReport', () => Check.SaveReport(id, format)),
};

/** Opens a corpus page in the system browser; only http(s) links. */
export function openExternal(url: string) {
  if (!/^https?:\/\//i.test(url)) return;
  BrowserOpenURL(url);
}
