import { afterEach, describe, expect, it, vi } from 'vitest';
import { onSignedOut, request, setCsrf } from './http';
import { webGolden } from './golden';
import { servedOverHTTP } from './transport';
import { serve } from './testServer';

afterEach(() => vi.unstubAllGlobals());

describe('the web transport', () => {
  it('is chosen only in a page the team server marked', () => {
    const doc = document.implementation.createHTMLDocument('x');
    expect(servedOverHTTP(doc)).toBe(false);
    doc.head.innerHTML = '<meta name="continuity-transport" content="http">';
    expect(servedOverHTTP(doc)).toBe(true);
  });

  it('repeats the CSRF token on writes only', async () => {
    const sent = serve([
      [200, {}],
      [200, {}],
    ]);
    setCsrf('csrf-1');
    await request('t', 'GET', '/api/v1/me');
    await request('t', 'PATCH', '/api/v1/x', { a: 1 });
    expect(sent[0].headers['X-CSRF-Token']).toBeUndefined();
    expect(sent[1].headers['X-CSRF-Token']).toBe('csrf-1');
  });

  it('says the session ended when the server does, with its message', async () => {
    serve([[401, { error: { code: 'unauthorized', message: 'the browser session ended; sign in again' } }]]);
    const ended = vi.fn();
    const stop = onSignedOut(ended);
    await expect(request('Golden.ListSets', 'GET', '/api/v1/workspaces/w/golden-sets')).rejects.toThrow('the browser session ended; sign in again');
    expect(ended).toHaveBeenCalledOnce();
    stop();
  });
});

describe('golden sets over the team server', () => {
  const ws = [200, { workspaces: [{ id: 'ws-1', name: 'docs' }] }] as [number, unknown];
  const set = (version: number, notes: string) =>
    [200, { set: { name: 'faq', version }, rows: [{ id: 'Q1', question: 'q', notes, reference_doc_ids: null, tags: null }], issues: [{ severity: 'warning', row: 1, row_id: 'Q1', field: 'notes', message: 'm' }], validation_note: '' }] as [number, unknown];

  it('edits the version it showed, and a refused edit names both versions and both values', async () => {
    const sent = serve([
      ws,
      set(4, 'old'),
      [409, { error: { code: 'conflict', message: 'stale', current_version: 5, current_row: { id: 'Q1', notes: 'Ana’s note' } } }],
    ]);
    const view = await webGolden.getSet('faq');
    expect(view.rows[0].reference_doc_ids).toEqual([]);
    expect(view.issues[0].position).toBe(1);
    const refused = webGolden.updateCell('faq', 'Q1', 'notes', 'Bo’s note');
    await expect(refused).rejects.toThrow(/changed to version 5 after the version 4 you edited.*“Ana’s note”.*“Bo’s note”/);
    expect(sent[2]).toMatchObject({ method: 'PATCH', path: '/api/v1/workspaces/ws-1/golden-sets/faq/rows/Q1', body: { base_version: 4, field: 'notes', value: 'Bo’s note' } });
  });

  it('adds, deletes and restores at the version it showed; a refused delete says what was refused', async () => {
    const sent = serve([
      set(4, 'n'),
      [201, { row: { id: 'Q2' }, set: { name: 'faq', version: 5 } }],
      set(5, 'n'),
      [409, { error: { code: 'conflict', message: 'stale', current_version: 6 } }],
      set(6, 'n'),
      [200, { set: { name: 'faq', version: 7 } }],
      set(7, 'n'),
    ]);
    await webGolden.getSet('faq');
    await webGolden.addRow('faq');
    expect(sent[1]).toMatchObject({ method: 'POST', path: '/api/v1/workspaces/ws-1/golden-sets/faq/rows', body: { category: 'routine' } });
    await expect(webGolden.deleteRow('faq', 'Q2')).rejects.toThrow(/changed to version 6 after the version 5 you read, so deleting Q2 was refused/);
    expect(sent[3]).toMatchObject({ method: 'DELETE', path: '/api/v1/workspaces/ws-1/golden-sets/faq/rows/Q2?base_version=5' });
    await webGolden.getSet('faq');
    const restored = await webGolden.restore('faq', 3);
    expect(sent[5]).toMatchObject({ method: 'POST', path: '/api/v1/workspaces/ws-1/golden-sets/faq/restore', body: { base_version: 6, version: 3 } });
    expect(restored.set.version).toBe(7);
  });

  it('creates, renames and deletes sets; a delete of a set changed since is refused', async () => {
    const sent = serve([
      [201, { set: { name: 'new', version: 1 } }],
      set(1, ''),
      [200, { set: { name: 'newer', version: 1 } }],
      set(1, ''),
      [409, { error: { code: 'conflict', message: 'stale', current_version: 2 } }],
      [204, null],
    ]);
    await webGolden.createSet('new', 'd');
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/v1/workspaces/ws-1/golden-sets', body: { name: 'new', description: 'd' } });
    await webGolden.renameSet('new', 'newer');
    expect(sent[2]).toMatchObject({ method: 'POST', path: '/api/v1/workspaces/ws-1/golden-sets/new/rename', body: { to: 'newer' } });
    await expect(webGolden.deleteSet('newer')).rejects.toThrow(/changed to version 2 after the version 1 you read/);
    expect(sent[4]).toMatchObject({ method: 'DELETE', path: '/api/v1/workspaces/ws-1/golden-sets/newer?base_version=1' });
    await webGolden.deleteSet('newer');
    expect(sent).toHaveLength(6);
  });

  it('numbers stale rows as the export does (header on row 1)', async () => {
    serve([[200, { set: 'faq', rows: 1, engine: 'offline', issues: [{ severity: 'warning', row: 3, row_id: 'Q2', field: 'supporting_line', message: 'gone', reason: 'supporting_line_missing' }] }]]);
    const stale = await webGolden.staleRows('faq');
    expect(stale.issues[0]).toMatchObject({ position: 2, row: 3, reason: 'supporting_line_missing' });
  });
});
