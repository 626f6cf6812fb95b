// Event channels and payloads, mirrored from app/events.go.
import { EventsOn } from '../../wailsjs/runtime/runtime';

export const JOB_PROGRESS = 'job:progress';
export const JOB_DONE = 'job:done';

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

/** Subscribes to a channel and returns the unsubscribe function. */
export function on<T>(channel: string, handler: (payload: T) => void): () => void {
  return EventsOn(channel, (payload: T) => handler(payload));
}
