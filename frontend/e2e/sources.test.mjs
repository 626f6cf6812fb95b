import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApp, until } from './harness.mjs';

test('a WordPress export added as a source is indexed and listed with its skipped items', async (t) => {
  // the export lives outside the workspace, as a download would
  const dir = mkdtempSync(path.join(os.tmpdir(), 'continuity-e2e-wxr-'));
  const exportFile = path.join(dir, 'tallyhub-blog.xml');
  copyFileSync(path.resolve('..', 'backend', 'ingest', 'testdata', 'export.xml'), exportFile);

  const { page, problems, shot } = await openApp(t);
  page.on('dialog', (d) => void d.accept());
  await page.click('[data-nav="corpus"]');
  await page.getByRole('heading', { level: 1, name: 'Corpus' }).waitFor();
  const panel = page.getByTestId('sources-panel');
  await panel.waitFor();
  // the content folder is always the first source
  await panel.getByTestId('source-row-content').waitFor();

  await page.getByTestId('add-source').click();
  const dialog = page.getByTestId('add-source-dialog');
  await dialog.waitFor();
  await page.getByTestId('source-kind').selectOption('wxr');
  await page.getByTestId('source-location').fill(exportFile);
  await shot('sources-add-dialog');
  await page.getByTestId('source-add-submit').click();
  await until(page, 'the source sync finished', async () => (await page.getByTestId('sources-outcome').count()) > 0, 120000);
  const outcome = await page.getByTestId('sources-outcome').textContent();
  assert.match(outcome, /Index: \d+ documents; [1-9]\d* added/, outcome);

  await until(page, 'the source shows 3 documents', async () => (await page.getByTestId('source-docs-tallyhub-blog').textContent()).startsWith('3'));
  await page.getByTestId('source-skipped-tallyhub-blog').click();
  const skipped = await page.getByTestId('source-skipped-list-tallyhub-blog').textContent();
  assert.match(skipped, /status draft; not published/);
  assert.match(skipped, /status trashed; not published/);
  assert.match(skipped, /attachment/);

  // the view follows the source's sync: verified again (no drift banner
  // from before it) and the documents list shows the new posts as indexed
  await until(page, 'the re-verification', async () => (await page.getByTestId('index-drift').count()) === 0);
  await page.getByLabel('Filter documents').fill('wp-');
  const post = page.locator('[data-testid="doc-row"][data-doc-id="wp-12"] [data-testid="doc-status"]');
  await until(page, 'the post listed as indexed', async () => (await post.count()) > 0 && (await post.textContent()).trim() === 'indexed');

  // its documents are in the index: search finds the post's text
  await page.getByLabel('Query').fill('recurring invoices first business day');
  await page.getByRole('button', { name: /^Search$/ }).click();
  await page.getByTestId('results-bm25').waitFor();
  await until(page, 'the post is found', async () => /Recurring invoices arrive/.test(await page.getByTestId('results-bm25').textContent()));
  await page.getByTestId('sources-panel').scrollIntoViewIfNeeded();
  await shot('sources-panel');

  // removing it takes its documents out again, leaving the sample as it was
  await page.getByRole('button', { name: 'Remove tallyhub-blog' }).click();
  await until(page, 'the source is gone', async () => (await page.getByTestId('source-row-tallyhub-blog').count()) === 0);
  assert.match(await page.getByTestId('sources-outcome').textContent(), /3 removed/);
  assert.deepEqual(problems, []);
});
