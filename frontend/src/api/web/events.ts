// The team server's event stream (Server-Sent Events): one EventSource per
// subscription, closed by the returned function. EventSource reconnects
// by itself; events of a gap are not replayed, so a view reloads on open.
import { wsPath } from './session';

export function watchEvents<T>(kind: string, fn: (payload: T) => void): () => void {
  let source: EventSource | null = null;
  let closed = false;
  void wsPath('/events').then(
    (path) => {
      if (closed) return;
      source = new EventSource(path);
      source.addEventListener(kind, (e) => {
        try {
          fn(JSON.parse((e as MessageEvent<string>).data) as T);
        } catch (err) {
          console.error(`the team server sent a ${kind} event that is not JSON: ${(err as Error).message}`);
        }
      });
    },
    () => undefined, // no workspace: the view already shows why its calls fail
  );
  return () => {
    closed = true;
    source?.close();
  };
}
