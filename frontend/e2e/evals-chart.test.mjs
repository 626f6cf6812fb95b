import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { selectSampleSet } from './evals-harness.mjs';

// Runs the sample golden set offline twice, then reads the trend chart the
// way a manager would: dates on the x axis, a value in the hover tooltip, a
// click on a point that opens that run; then searches and sorts the
// questions table.
test('evaluations chart: read the trend, open a run from it, search and sort the questions', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await selectSampleSet(page);

  const runSelect = page.getByLabel('Run');
  for (let i = 0; i < 2; i++) {
    const before = await runSelect.locator('option').count().catch(() => 0);
    await page.getByRole('button', { name: 'Run evaluation' }).click();
    await page
      .waitForFunction(
        (n) => document.querySelectorAll('select[aria-label="Run"] option').length > n && document.querySelector('[data-testid="scorecard"]'),
        before,
        { timeout: 60000 },
      )
      .catch(async (e) => {
        await shot('evals-chart-failure');
        throw new Error(`${e.message}; page problems: ${problems.join(' | ')}`);
      });
  }

  // the chart: dates on the x axis, 0–1 ticks on the y axis
  const chart = page.getByTestId('eval-trend');
  await chart.locator('.recharts-line-dots circle').first().waitFor();
  const xTicks = await chart.locator('.recharts-xAxis-tick-labels text.ev-tick').allTextContents();
  assert.ok(xTicks.length >= 2, `x axis ticks: ${xTicks}`);
  for (const tick of xTicks) assert.match(tick, /^\d{4}-\d{2}-\d{2}\d{2}:\d{2}$/, `a run's date and time: ${tick}`);
  const yTicks = await chart.locator('.recharts-yAxis-tick-labels text').allTextContents();
  assert.deepEqual(yTicks, ['0.0', '0.2', '0.4', '0.6', '0.8', '1.0']);
  assert.match(await chart.textContent(), /run start \(UTC\)[\s\S]*mean \(0–1\)/);
  assert.match(await chart.getAttribute('aria-label'), /^Trend over \d+ evaluations from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}; latest: Faithfulness \d\.\d\d/);
  await shot('evals-chart');

  // hover the oldest point: the tooltip names the run and each metric's
  // value. Metrics with near-equal means draw their dots of one run on top
  // of each other; any of them is that run's point, so the pointer goes
  // where the dot is whichever dot is on top (force).
  const current = await runSelect.inputValue();
  const firstDot = chart.locator('.recharts-line-dots').first().locator('circle').first();
  await firstDot.hover({ force: true });
  const tip = page.getByTestId('trend-tooltip');
  await tip.waitFor();
  const tipText = await tip.textContent();
  assert.match(tipText, /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  assert.match(tipText, /Faithfulness\s*\d\.\d{3}/);
  const tipRun = (await tip.locator('.mono').first().textContent()).trim();
  assert.notEqual(tipRun, current, 'the oldest point is the earlier run');
  await shot('evals-chart-tooltip');

  // the legend hides and shows a metric
  const legendItem = chart.getByRole('button', { name: /^Faithfulness/ });
  const lines = () => chart.locator('.recharts-line-curve').count();
  const n = await lines();
  await legendItem.click();
  assert.equal(await legendItem.getAttribute('aria-pressed'), 'false');
  assert.equal(await lines(), n - 1);
  await legendItem.click();
  assert.equal(await lines(), n);

  // click the point: that run opens
  await firstDot.hover({ force: true });
  await firstDot.click({ force: true });
  await page.waitForFunction((id) => document.querySelector('select[aria-label="Run"]')?.value === id, tipRun, { timeout: 10000 });
  await page.locator('.ev-runhead code', { hasText: tipRun }).first().waitFor();
  await page.getByTestId('scorecard').waitFor();

  // the questions table: search any text, then sort by a header
  const table = page.getByTestId('eval-questions');
  const ids = () => table.locator('tbody tr td:first-child button').allTextContents();
  const all = (await ids()).length;
  assert.ok(all >= 40, `the sample's questions: ${all}`);
  const search = page.getByLabel('Search questions');
  const word = ((await table.locator('tbody tr').first().locator('td.ev-qtext').textContent()).match(/[A-Za-z]{5,}/) ?? ['refund'])[0];
  await search.fill(word);
  const found = await table.locator('tbody tr').count();
  assert.ok(found >= 1 && found < all, `searching "${word}" kept ${found} of ${all}`);
  assert.match(await page.getByTestId('eval-questions-count').textContent(), new RegExp(`^${found} of ${all} questions`));
  await shot('evals-questions-search');
  await search.fill('');

  const idHeader = table.getByRole('columnheader', { name: /^ID/ });
  await idHeader.getByRole('button').click();
  assert.equal(await idHeader.getAttribute('aria-sort'), 'ascending');
  const asc = await ids();
  const coll = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  assert.deepEqual(asc, [...asc].sort(coll.compare));
  await idHeader.getByRole('button').click();
  assert.equal(await idHeader.getAttribute('aria-sort'), 'descending');
  assert.deepEqual(await ids(), [...asc].reverse());
  const statusHeader = table.getByRole('columnheader', { name: /^Status/ });
  await statusHeader.getByRole('button').click();
  assert.equal(await statusHeader.getAttribute('aria-sort'), 'ascending');
  assert.equal(await idHeader.getAttribute('aria-sort'), 'none');
  await page.getByLabel('Filter by status').selectOption('pass');
  for (const s of await table.locator('tbody tr td:nth-child(2)').allTextContents()) assert.match(s, /Pass/);
  await shot('evals-questions-sorted');
  assert.deepEqual(problems, []);
});
