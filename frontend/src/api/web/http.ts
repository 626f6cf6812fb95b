// Every call of the web app to the team server goes through here: the
// session cookie rides along by itself, writes repeat the CSRF token, and
// every failure becomes an ApiError with the server's own message.
import { ApiError } from '../call';

/** A refusal of the server, with its status and error body ({code, message, …}). */
export class HttpError extends ApiError {
  constructor(
    message: string,
    method: string,
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(message, method);
    this.name = 'HttpError';
  }
}

let csrf = '';
const signedOut = new Set<() => void>();

export function setCsrf(token: string) {
  csrf = token;
}

/** Called when the server says the session ended (expired, signed out elsewhere, user disabled). */
export function onSignedOut(fn: () => void): () => void {
  signedOut.add(fn);
  return () => signedOut.delete(fn);
}

export async function request<T>(label: string, method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['X-CSRF-Token'] = csrf;
  let resp: Response;
  try {
    resp = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (e) {
    throw new ApiError(`the team server did not answer: ${(e as Error).message}`, label);
  }
  if (resp.status === 204) return undefined as T;
  let data: unknown;
  try {
    data = await resp.json();
  } catch {
    throw new ApiError(`the team server sent an answer that is not JSON (HTTP ${resp.status})`, label);
  }
  if (!resp.ok) {
    const err = ((data as { error?: Record<string, unknown> })?.error ?? {}) as Record<string, unknown>;
    if (resp.status === 401 && path !== '/api/v1/session') signedOut.forEach((fn) => fn());
    const message = typeof err.message === 'string' ? err.message : `HTTP ${resp.status}`;
    throw new HttpError(message, label, resp.status, err);
  }
  return data as T;
}
