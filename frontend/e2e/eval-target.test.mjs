import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openApp } from './harness.mjs';
import { selectSampleSet } from './evals-harness.mjs';

// Runs the sample golden set against a recorded responses file made from
// the set's own rows (the approved answer, the supporting line as the
// context, the reference documents as the context IDs) judged by nothing
// but the deterministic metrics, and reads the target on the scorecard.
// A browser cannot drive the native file dialog, so the test replaces the
// one bound call that opens it (ChooseTargetFile) with one that returns a
// path it wrote; parsing and running go through the real bound methods.
test('evaluations: run a golden set against a recorded responses file', async (t) => {
  const { page, problems, shot } = await openApp(t);
  const dir = mkdtempSync(path.join(tmpdir(), 'continuity-e2e-target-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));

  await selectSampleSet(page);

  // the responses file, from the corpus's golden set as stored now
  const rows = await page.evaluate(async () => (await window.go.app.GoldenService.GetSet('golden')).rows);
  assert.ok(rows.length >= 40, `the sample set has its questions: ${rows.length}`);
  const lines = rows.map((r, i) =>
    JSON.stringify({
      ...(i % 2 ? { user_input: r.question } : { id: r.id }), // every other row matched by its question text
      response: r.approved_answer,
      retrieved_contexts: r.supporting_line ? [r.supporting_line] : [],
      retrieved_context_ids: r.reference_doc_ids ?? [],
    }),
  );
  lines.push(JSON.stringify({ id: 'E2E-NOBODY-ASKED', response: 'An answer to no question.', retrieved_contexts: [], retrieved_context_ids: [] }));
  const good = path.join(dir, 'support-recorded.jsonl');
  writeFileSync(good, lines.join('\n') + '\n');
  const bad = path.join(dir, 'broken-recorded.jsonl');
  writeFileSync(bad, `${lines[0]}\n{"id": "X", "response": "cut off\n`);

  const chooseReturns = (p) =>
    page.evaluate((p) => {
      window.go.app.EvalService.ChooseTargetFile = async () => p;
    }, p);

  await page.getByLabel('Recorded responses (file…)').check();
  const runBtn = page.getByRole('button', { name: 'Run evaluation' });
  assert.equal(await runBtn.isDisabled(), true, 'no run without a file');

  // a broken file: located problems, and nothing can run
  await chooseReturns(bad);
  await page.getByRole('button', { name: 'Choose responses file…' }).click();
  const alert = page.getByTestId('target-problems');
  await alert.waitFor();
  assert.match(await alert.textContent(), /broken-recorded\.jsonl:2/);
  assert.equal(await runBtn.isDisabled(), true, 'no run on a broken file');
  await shot('eval-target-problems');

  // clear it, choose the good one, judge with nothing but the deterministic metrics
  await page.getByRole('button', { name: 'Clear broken-recorded.jsonl' }).click();
  await alert.waitFor({ state: 'detached' });
  await chooseReturns(good);
  await page.getByRole('button', { name: 'Choose responses file…' }).click();
  await page.getByTestId('target-file').getByText('support-recorded.jsonl').waitFor();
  assert.match(await page.getByTestId('target-summary').textContent(), new RegExp(`✓ ${rows.length + 1} recorded cases \\(jsonl\\)`));
  await page.getByLabel('Judge').selectOption({ label: 'None — deterministic metrics only' });
  await page.getByTestId('eval-estimate').getByText(/deterministic metrics only · no model calls/).waitFor();
  await shot('eval-target-chosen');

  const before = await page.getByLabel('Run').locator('option').count().catch(() => 0);
  await runBtn.click();
  await page
    .waitForFunction(
      (n) =>
        document.querySelectorAll('select[aria-label="Run"] option').length > n &&
        document.querySelector('[data-testid="run-target"]')?.textContent.includes('support-recorded.jsonl'),
      before,
      { timeout: 60000 },
    )
    .catch(async (e) => {
      await shot('eval-target-failure');
      throw new Error(`${e.message}; page problems: ${problems.join(' | ')}`);
    });

  const head = await page.getByTestId('run-target').textContent();
  assert.match(head, /target recorded responses support-recorded\.jsonl · sha256 [0-9a-f]{12}/);
  const selected = await page.getByLabel('Run').evaluate((s) => s.options[s.selectedIndex].textContent);
  assert.match(selected, /responses support-recorded\.jsonl/);
  assert.match(selected, /judge none/);
  assert.match(await page.locator('.ev-runhead').textContent(), /judge none \(deterministic metrics only\)/);
  // the row that matched no question is a warning on the run
  assert.match(await page.getByTestId('run-notes').textContent(), /E2E-NOBODY-ASKED/);
  // the context IDs are the references: ID context recall is 1
  const recall = await page.getByTestId('eval-tiles').getByRole('article', { name: 'ID context recall', exact: true }).textContent();
  assert.match(recall, /1\.00/);
  await shot('eval-target-scorecard');
  assert.deepEqual(problems, []);
});
