import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApp, syncCorpus } from './harness.mjs';
import { selectSampleSet } from './evals-harness.mjs';

// The pages that say the refund window is 30 days; the approved answers
// say 30 too, so after this edit Q031's answer (45 days) contradicts its
// approved answer (the same edit as backend/cli TestEvalAnswerNowContradictsApproved).
const REFUND_PAGES = ['help/refund-policy.md', 'blog/longer-refund-window.md'];
const toFortyFive = (s) => s.replaceAll('30 days', '45 days').replaceAll('30-day', '45-day');

// runOffline starts an offline run of the selected set and returns the new
// run's ID once its scorecard is shown.
async function runOffline(page, shot, problems) {
  const runPicker = page.getByLabel('Run');
  const before = await runPicker.locator('option').count().catch(() => 0);
  await page.getByRole('button', { name: 'Run evaluation' }).click();
  await page
    .waitForFunction(
      (n) => document.querySelectorAll('select[aria-label="Run"] option').length > n && document.querySelector('[data-testid="scorecard"]'),
      before,
      { timeout: 90000 },
    )
    .catch(async (e) => {
      await shot('evals-contradiction-failure');
      throw new Error(`${e.message}; page problems: ${problems.join(' | ')}`);
    });
  const id = await runPicker.inputValue();
  await page.locator('.ev-runhead code').first().getByText(id, { exact: true }).waitFor();
  return id;
}

test('evaluations: a corpus edit that makes an answer contradict its approved answer shows as regressed', async (t) => {
  const { page, problems, shot } = await openApp(t);
  const { content_dir: content } = await page.evaluate(() => window.go.app.CorpusService.Summary());
  assert.ok(content, 'the workspace names its content folder');
  const originals = new Map(REFUND_PAGES.map((p) => [path.join(content, p), readFileSync(path.join(content, p), 'utf8')]));
  for (const [file, text] of originals) assert.notEqual(toFortyFive(text), text, `${file} says 30 days`);
  // the page is restored and re-synced here, not in t.after: the harness
  // closes the browser first, and later tests must see the sample as published
  let failure = null;
  try {
    await contradictionShowsInUI(page, shot, problems, originals);
  } catch (e) {
    failure = e;
  }
  for (const [file, text] of originals) writeFileSync(file, text);
  await syncCorpus(page);
  if (failure) throw failure;
  assert.deepEqual(problems, []);
});

// contradictionShowsInUI runs the set before and after the edit and reads
// the second run's scorecard against the first.
async function contradictionShowsInUI(page, shot, problems, originals) {
  // baseline: the published corpus as it is
  await syncCorpus(page);
  await selectSampleSet(page);
  const baselineRun = await runOffline(page, shot, problems);

  // the edit: the refund window is now 45 days
  for (const [file, text] of originals) writeFileSync(file, toFortyFive(text));
  await syncCorpus(page);
  await selectSampleSet(page);
  const secondRun = await runOffline(page, shot, problems);
  assert.notEqual(secondRun, baselineRun);

  // compare explicitly with the baseline run, whatever is pinned
  await page.getByLabel('Compare with').selectOption(baselineRun);
  const head = page.locator('.ev-runhead');
  await head.getByText(baselineRun, { exact: true }).waitFor();
  assert.match(await head.textContent(), /compared with \S+/);

  // the gate verdict names the reason
  const verdict = page.getByTestId('eval-verdict');
  // (issue 29 item 13) the corpus now contradicts approved answers: counted questions, the passage named
  assert.match(await verdict.locator('strong').textContent(), /^Not ready — \d+ questions? fails?: Q0\d\d: approved answer contradicted by \S+: "/);
  assert.match(await verdict.textContent(), /Q031: approved answer contradicted by blog-longer-refund-window#2: "- After 45 days[^"]*" \(confidence 0\.\d+\)/);
  assert.match(await verdict.textContent(), /vs baseline: [1-9]\d* regressed/);

  // the questions table: Q031 regressed, flagged
  await page.getByRole('button', { name: /^Regressed \d+/ }).click();
  const row = page.getByTestId('eval-questions').locator('tbody tr').filter({ has: page.getByRole('button', { name: 'Open Q031' }) });
  await row.waitFor();
  const change = await row.locator('td').nth(5).textContent();
  assert.match(change, /▼ regressed/);

  // its drawer: the contradicted claim and the side-by-side answer diff
  await row.getByRole('button', { name: 'Open Q031' }).click();
  const drawer = page.getByTestId('eval-drawer');
  await drawer.getByText('Retrieved chunks').waitFor();
  // (issue 29 item 13) the approved answer the corpus now contradicts: the finding, the passage, the confidence
  const found = drawer.getByTestId('eval-approved-contradicted');
  assert.match(await found.textContent(), /^The corpus now contradicts the approved answer/);
  assert.match(await drawer.getByTestId('eval-approved-passage').textContent(), /After 45 days/);
  assert.match(await found.getByTestId('eval-approved-confidence').textContent(), /^confidence 0\.\d\d$/);
  await found.scrollIntoViewIfNeeded();
  await page.locator('.ev-drawer').screenshot({ path: path.join(process.env.E2E_OUT ?? '../test-output/e2e', 'evals-approved-contradicted-drawer.png') });
  const diff = drawer.getByTestId('eval-answer-diff');
  assert.match(await diff.locator('h4').first().textContent(), new RegExp(`Baseline \\(${baselineRun}\\)`));
  const removed = await drawer.getByTestId('eval-answer-diff-before').locator('del').allTextContents();
  const added = await drawer.getByTestId('eval-answer-diff-after').locator('ins').allTextContents();
  assert.ok(removed.join(' ').includes('30'), `baseline side marks the old window as removed: ${removed}`);
  assert.ok(added.join(' ').includes('45'), `this run's side marks the new window as added: ${added}`);
  await diff.scrollIntoViewIfNeeded();
  await shot('evals-contradiction-drawer');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
}
