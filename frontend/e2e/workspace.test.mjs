import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openApp, until } from './harness.mjs';

// The native folder dialog cannot open in a plain browser: the bound
// ChooseFolder is replaced by one answering dir, the rest is the real app.
async function chooseFolder(page, dir) {
  await page.evaluate((d) => {
    window.go.app.CorpusService.ChooseFolder = () => Promise.resolve(d);
  }, dir);
  await page.getByRole('button', { name: /Choose folder/ }).click();
}

test('choosing a folder switches the workspace at once, and back', async (t) => {
  const { page, problems, shot } = await openApp(t);
  const other = mkdtempSync(path.join(tmpdir(), 'continuity-e2e-'));
  mkdirSync(path.join(other, 'content'));
  writeFileSync(path.join(other, 'content', 'shipping.md'), '---\nid: help-shipping\n---\n# Shipping\n\nOrders ship within two business days.\n');
  writeFileSync(path.join(other, 'content', 'returns.md'), '---\nid: help-returns\n---\n# Returns\n\nReturns are free within 60 days.\n');
  const first = await page.evaluate(() => window.go.app.CorpusService.Summary());

  await page.click('[data-nav="corpus"]');
  await page.getByRole('heading', { level: 1, name: 'Corpus' }).waitFor();
  // scripts/e2e.sh starts the app with --corpus: the view says the saved folder is not in force
  assert.match(await page.getByTestId('workspace-source').textContent(), /comes from --corpus.*is not in force/);
  await shot('corpus-from-flag');

  await chooseFolder(page, other);
  await page.getByTestId('workspace-switched').waitFor();
  await until(page, 'sync finished', async () => (await page.getByText('Sync finished').count()) > 0);
  await until(page, '2 documents indexed', async () => (await page.getByTestId('indexed-count').textContent()) === '2');
  assert.match(await page.getByTestId('workspace-root').textContent(), new RegExp(path.basename(other)));
  assert.match(await page.getByTestId('workspace-source').textContent(), /The corpus folder saved in Settings is in force/);
  await page.getByLabel('Query').fill('how fast do orders ship');
  await page.getByRole('button', { name: /^Search$/ }).click();
  await page.getByTestId('results-hybrid').waitFor();
  assert.match(await page.getByTestId('results-hybrid').textContent(), /Shipping/);
  await shot('corpus-switched');

  // back to the first workspace, as it was
  await chooseFolder(page, first.root);
  await until(page, 'switched back', async () => (await page.getByTestId('workspace-root').textContent()).includes(first.root));
  await until(page, "first corpus indexed again", async () => Number(await page.getByTestId("indexed-count").textContent()) >= 40);
  assert.deepEqual(problems, []);
});
