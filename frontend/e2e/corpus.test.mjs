import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, until, syncCorpus } from './harness.mjs';

test('the corpus view syncs the sample workspace and compares rankings', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await syncCorpus(page);
  await until(page, '≥ 40 documents indexed', async () => Number(await page.getByTestId('indexed-count').textContent()) >= 40);
  assert.notEqual(await page.getByTestId('last-sync').textContent(), 'Never');
  // The vectors say which embedder made them: LSA fitted to this corpus.
  await until(page, 'embedder named', async () => /^offline-lsa · lsa-v1-d\d+-[0-9a-f]{12}$/.test(await page.getByTestId('embed-model').textContent()));
  await page.getByLabel('Query').fill('how long is the refund window');
  await page.getByRole('button', { name: /^Search$/ }).click();
  await page.getByTestId('results-hybrid').waitFor();
  for (const col of ['bm25', 'vector', 'hybrid']) {
    assert.ok((await page.getByTestId(`results-${col}`).locator('li').count()) > 0, `${col} column is empty`);
  }
  assert.doesNotMatch(await page.getByTestId('search-results').textContent(), /Refund policy \(2024\)/);
  await shot('corpus-search');
  assert.deepEqual(problems, []);
});
