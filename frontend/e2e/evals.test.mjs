import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { selectSampleSet } from './evals-harness.mjs';

// Runs the sample golden set with the offline engine and reads the
// scorecard. Works whether or not another test already imported a set: on
// a fresh data dir the view offers the workspace import itself.
test('evaluations: run the sample golden set offline and read the scorecard', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await selectSampleSet(page, { onEmpty: () => shot('evals-empty') });

  const before = await page.getByLabel('Run').locator('option').count().catch(() => 0);
  await page.getByRole('button', { name: 'Run evaluation' }).click();
  // wait for the new run to be listed and its scorecard shown
  await page
    .waitForFunction(
      (n) => document.querySelectorAll('select[aria-label="Run"] option').length > n && document.querySelector('[data-testid="scorecard"]'),
      before,
      { timeout: 60000 },
    )
    .catch(async (e) => {
      await shot('evals-failure');
      throw new Error(`${e.message}; page problems: ${problems.join(' | ')}`);
    });
  const verdict = await page.getByTestId('eval-verdict').textContent();
  assert.match(verdict, /^(Ready|Gate passes, but \d+ questions fail|Not ready — \d+ questions? fails?|Not ready — \d+ of \d+ gate metrics below threshold)/);
  assert.match(verdict, /\d+ errors?/);

  const tiles = page.getByTestId('eval-tiles');
  assert.equal(await tiles.locator('article').count(), 8);
  const faith = tiles.getByRole('article', { name: 'Faithfulness', exact: true });
  assert.match(await faith.textContent(), /(Pass|Fail)/);
  assert.match(await faith.textContent(), /threshold ≥ 0\.90/);
  assert.match(await tiles.getByRole('article', { name: 'Context precision', exact: true }).textContent(), /advisory/);

  const table = page.getByTestId('eval-questions');
  const n = await table.locator('tbody tr').count();
  assert.ok(n >= 40, `expected the sample's questions, got ${n} rows`);
  await shot('evals-scorecard');

  // drill into the first failing question
  await page.getByRole('button', { name: /^Failing \d+/ }).click();
  await table.locator('tbody tr').first().getByRole('button').click();
  const drawer = page.getByTestId('eval-drawer');
  await drawer.getByText('Retrieved chunks').waitFor();
  assert.match(await drawer.textContent(), /Approved answer[\s\S]*Produced answer[\s\S]*Expected documents/);
  await shot('evals-drawer');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });

  // a second run compares with the first: baseline and trend appear
  const runs = await page.getByLabel('Run').locator('option').count();
  await page.getByRole('button', { name: 'Run evaluation' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('select[aria-label="Run"] option').length > n, runs, { timeout: 60000 });
  await page.getByText(/compared with/).waitFor();
  await page.getByRole('figure', { name: /^Trend over \d+ evaluations/ }).waitFor();
  await shot('evals-trend');
  assert.deepEqual(problems, []);
});
