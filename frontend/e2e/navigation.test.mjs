import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';

// Each view must render real data from its bound Go method.
const VIEWS = [
  { nav: 'check', heading: 'Check a draft', ready: async (p) => (await p.getByTestId('draft-list').locator('li').count()) >= 4 },
  { nav: 'corpus', heading: 'Corpus', ready: async (p) => Number(await p.getByTestId('doc-count').textContent()) >= 40 },
  { nav: 'golden', heading: 'Golden sets', ready: async (p) => (await p.getByTestId('golden-file').textContent()).includes('golden.xlsx') },
  // A fresh data dir has no golden set yet: the empty state offers the import; otherwise the set picker.
  { nav: 'evaluations', heading: 'Evaluations', ready: async (p) =>
    (await p.getByRole('button', { name: 'Import the workspace golden set' }).count()) > 0 ||
    (await p.getByLabel('Golden set').count()) > 0 },
  { nav: 'settings', heading: 'Settings', ready: async (p) => (await p.getByTestId('key-status').textContent()).startsWith('The key is') },
];

test('every view is reachable from the navigation and shows backend data', async (t) => {
  const { page, problems, shot } = await openApp(t);
  for (const v of VIEWS) {
    await page.click(`[data-nav="${v.nav}"]`);
    await page.getByRole('heading', { level: 1, name: v.heading }).waitFor();
    const deadline = Date.now() + 10000;
    while (!(await v.ready(page).catch(() => false))) {
      assert.ok(Date.now() < deadline, `${v.nav}: backend data never appeared`);
      await page.waitForTimeout(100);
    }
    assert.equal(await page.getAttribute(`[data-nav="${v.nav}"]`, 'aria-current'), 'page');
    await shot(`view-${v.nav}`);
  }
  assert.deepEqual(problems, []);
});

test('a sample draft opens as plain text in the editor', async (t) => {
  const { page, problems } = await openApp(t);
  await page.click('[data-nav="check"]');
  await page.getByRole('button', { name: /pricing-faq\.md/ }).click();
  await page.waitForFunction(() => document.querySelector('#draft')?.value.startsWith('# '));
  assert.deepEqual(problems, []);
});

test('settings reject an invalid base URL with a readable message', async (t) => {
  const { page, problems } = await openApp(t);
  await page.click('[data-nav="settings"]');
  await page.getByLabel('Base URL').fill('ftp://nope');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const alert = await page.getByRole('alert').textContent();
  assert.match(alert, /base_url/);
  assert.deepEqual(problems, []);
});
