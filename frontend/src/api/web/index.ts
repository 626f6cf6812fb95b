// The web app's api: the same shape as the desktop's, over the team
// server's HTTP API. What the server does not offer rejects with a
// sentence saying so, so a view shows it as it shows any failed call.
import { desktopOnly } from './session';
import { webGolden } from './golden';
import { webEvals } from './evals';
import { cancelWebJob, webCheck } from './check';
import { webDraft } from './draft';
import { ApiError } from '../call';

type Api = Record<string, Record<string, unknown>>;

function unavailable<T extends Record<string, unknown>>(feature: string, o: T): T {
  return Object.fromEntries(Object.keys(o).map((k) => [k, desktopOnly(`${feature}.${k}`, `${feature} (${k})`)])) as T;
}

/** desktop's api with checks, drafts, golden sets and evaluations over HTTP and the rest refused. */
export function webApi<T extends Api>(desktop: T): T {
  const out = Object.fromEntries(Object.entries(desktop).map(([k, v]) => [k, unavailable(k, v)])) as Api;
  out.golden = webGolden;
  out.eval = webEvals;
  out.check = webCheck;
  out.draft = webDraft;
  out.jobs = {
    cancel: async (id: string) => {
      if (!cancelWebJob(id)) throw new ApiError(`no job ${id} is running in this page`, 'Jobs.Cancel');
    },
    running: async () => [],
  };
  return out as T;
}

export { servedOverHTTP } from './transport';
export { webSession, type WebSession, type WebUser } from './session';
export { onSignedOut } from './http';
