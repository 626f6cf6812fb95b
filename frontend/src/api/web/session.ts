// The browser's sign-in: an API token is traded once for a session cookie
// (HttpOnly: this code never sees it) and a CSRF token kept in memory.
import { ApiError } from '../call';
import { HttpError, request, setCsrf } from './http';

export interface WebUser {
  id: string;
  name: string;
  role: 'writer' | 'expert' | 'manager' | 'admin';
  workspaces: string[];
}
export interface WebSession {
  csrf: string;
  user: WebUser;
  expires: string;
}
interface Workspace {
  id: string;
  name: string;
}

let workspace: Promise<Workspace> | null = null;

export const webSession = {
  /** The signed-in session, or null when this browser is not signed in. */
  current: async (): Promise<WebSession | null> => {
    try {
      const s = await request<WebSession>('Session.current', 'GET', '/api/v1/session');
      setCsrf(s.csrf);
      return s;
    } catch (e) {
      if (e instanceof HttpError && e.status === 401) return null;
      throw e;
    }
  },
  signIn: async (token: string): Promise<WebSession> => {
    const s = await request<WebSession>('Session.signIn', 'POST', '/api/v1/session', { token: token.trim() });
    setCsrf(s.csrf);
    workspace = null;
    return s;
  },
  signOut: async () => {
    await request<void>('Session.signOut', 'DELETE', '/api/v1/session');
    setCsrf('');
    workspace = null;
  },
  /** The workspace this server serves that the user may use. */
  workspace: (): Promise<Workspace> => {
    workspace ??= request<{ workspaces: Workspace[] }>('Session.workspace', 'GET', '/api/v1/workspaces').then((r) => {
      if (!r.workspaces.length) throw new ApiError('this server serves no workspace you may use: ask an admin for a grant', 'Session.workspace');
      return r.workspaces[0];
    });
    workspace.catch(() => (workspace = null));
    return workspace;
  },
};

/** The API path of rest in the served workspace. */
export async function wsPath(rest: string): Promise<string> {
  const ws = await webSession.workspace();
  return `/api/v1/workspaces/${encodeURIComponent(ws.id)}${rest}`;
}

/** A method the team server does not offer: it rejects with where to do it instead. */
export function desktopOnly(label: string, what: string) {
  return (): Promise<never> =>
    Promise.reject(new ApiError(`${what} is done in the desktop app; the team server's web app does not offer it`, label));
}
