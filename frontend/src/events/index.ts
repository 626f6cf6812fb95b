// Event channels and payloads, mirrored from app/events.go.
import { EventsOn } from '../../wailsjs/runtime/runtime';
import { servedOverHTTP } from '../api/web/transport';

export const JOB_PROGRESS = 'job:progress';
export const JOB_DONE = 'job:done';
export const WORKSPACE_CHANGED = 'workspace:changed';
/** A run was recorded elsewhere (CI, another desktop) on the team server this desktop follows. */
export const RUNS_RECORDED = 'runs:recorded';

/** The payload of RUNS_RECORDED (app.RunsRecordedEvent). */
export interface RunsRecordedEvent {
  golden_set: string;
  run_id: string;
}

export interface JobProgressEvent {
  job_id: string;
  kind: string;
  stage: string;
  done: number;
  total: number;
  message: string;
}

export interface JobDoneEvent {
  job_id: string;
  kind: string;
  ok: boolean;
  canceled: boolean;
  error?: string;
  result?: unknown;
}

/** A workspace switch is in force (app.WorkspaceChangedEvent); sent once, after the sync of the new one started. */
export interface WorkspaceChangedEvent {
  id: string;
  root: string;
  /** The folder's base name, for a sentence. */
  name: string;
  /** The sync bringing the index to the new workspace's content. */
  sync_job_id: string;
  /** "" when the folder in force before could not be read. */
  previous_id: string;
  previous_root: string;
  previous_name: string;
  /** The previous workspace's working draft holds text: it stayed there (drafts are kept per workspace). */
  previous_has_draft: boolean;
  previous_draft_words: number;
}

// In the web app a job (a check) is a request the page makes: its events
// are sent here, to the same subscribers the desktop's events reach.
const local = new Map<string, Set<(payload: unknown) => void>>();

/** Sends a job event of the web app to the subscribers of channel. */
export function emitLocal<T>(channel: string, payload: T) {
  local.get(channel)?.forEach((fn) => fn(payload));
}

/** Subscribes to a channel and returns the unsubscribe function. */
export function on<T>(channel: string, handler: (payload: T) => void): () => void {
  if (servedOverHTTP()) {
    const fn = (p: unknown) => handler(p as T);
    const set = local.get(channel) ?? new Set();
    local.set(channel, set.add(fn));
    return () => set.delete(fn);
  }
  return EventsOn(channel, (payload: T) => handler(payload));
}
