// A fake team server for the web transport's tests.
import { vi } from 'vitest';

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake team server: each answer is [status, body] for the next request. */
export function serve(answers: Array<[number, unknown]>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({ method: init.method ?? 'GET', path, headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(init.body as string) : undefined });
      const [status, body] = answers.shift() ?? [500, { error: { message: 'no answer left' } }];
      return new Response(status === 204 ? null : JSON.stringify(body), { status });
    }),
  );
  return sent;
}

