import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openApp } from './harness.mjs';

// The newsletter restates the archived 14-day refund window; the current
// corpus says 30 days. Works on a fresh data dir: the check syncs first.
const draft = readFileSync(new URL('../../corpus/drafts/refund-newsletter.md', import.meta.url), 'utf8');

test('checking a pasted draft shows a contradicted claim with its current evidence, and keeps it in history', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="check"]');
  await page.locator('#draft').fill(draft);
  await page.getByRole('button', { name: 'Check claims' }).click();

  const card = page.locator('[data-testid="claim-card"][data-verdict="contradicted"]', { hasText: '14 days' }).first();
  await card.waitFor({ timeout: 60000 });
  assert.match(await card.textContent(), /Contradicted/);
  assert.match(await card.textContent(), /Draft says.*14 days.*Corpus says.*30 days/s);
  const evidence = card.locator('[data-testid="evidence"]').first();
  const title = await evidence.locator('figcaption strong').textContent();
  assert.match(title, /refund/i);
  assert.doesNotMatch(title, /2024/, 'the archived page is never evidence');
  assert.match(await evidence.locator('mark').first().textContent(), /30 days/);

  assert.match(await page.getByTestId('engine-label').textContent(), /Offline engine/);
  const chip = page.getByTestId('chip-contradicted');
  assert.match(await chip.textContent(), /Contradicted [1-9]/);
  assert.equal(await chip.getAttribute('aria-pressed'), 'true');
  // marked in the one editor, with the word and icon for the verdict
  const mark = page.getByTestId('draft-marks').locator('mark.mk-contradicted', { hasText: '14 days' }).first();
  assert.match(await mark.getAttribute('aria-label'), /^Contradicted claim: .*14 days/);
  assert.equal(await page.locator('textarea').count(), 1, 'one editor, no second copy of the draft');
  await shot('check-results');

  // history lists the run
  const history = page.getByTestId('check-history');
  await history.getByText('Your billing questions, answered').first().waitFor();

  // 👎 sends the verdict to triage
  await card.getByRole('button', { name: 'Verdict is wrong' }).click();
  await page.getByTestId('triage-list').getByText('14 days').first().waitFor();

  // …where it becomes a golden question the expert answers later
  const item = page.getByTestId('triage-list').locator('li', { hasText: '14 days' }).first();
  await item.getByRole('button', { name: 'Add as golden question' }).click();
  const question = item.getByLabel('Question', { exact: true });
  const asked = await question.inputValue();
  assert.match(asked, /^Is it true that .*14 days.*\?$/);
  assert.equal(await item.getByLabel('Golden set', { exact: true }).inputValue(), 'triage');
  await shot('check-triage-golden-form');
  await item.getByRole('button', { name: 'Add question' }).click();
  const added = await page.getByTestId('triage-list').getByTestId('triage-added').first().textContent();
  assert.match(added, /^Added to triage as Q\d{3}$/);
  const rowId = added.split(' ').pop();

  // filter chips hide a verdict
  await page.getByTestId('chip-supported').click();
  assert.equal(await page.getByTestId('chip-supported').getAttribute('aria-pressed'), 'false');
  assert.equal(await page.locator('[data-testid="claim-card"][data-verdict="supported"]').count(), 0);
  await shot('check-filtered');

  // the question is in the "triage" golden set, flagged tricky with its source
  await page.click('[data-nav="golden"]');
  await page.getByTestId('golden-sets').getByRole('button', { name: /^triage/ }).click();
  const row = page.locator('tbody tr', { hasText: rowId });
  await row.getByText(asked).waitFor();
  assert.match(await row.textContent(), /tricky/);
  assert.match(await row.textContent(), /help-refund-policy/);
  await shot('check-triage-golden-grid');
  // Leave no extra set behind: evals.test.mjs reads "any set exists" as
  // "the workspace set was imported".
  await page.evaluate(() => window.go.app.GoldenService.DeleteSet('triage'));
  assert.deepEqual(problems, []);
});

test('a past check reopens from the history list', async (t) => {
  const { page, problems } = await openApp(t);
  await page.click('[data-nav="check"]');
  await page.locator('#draft').fill('You can request a full refund within 45 days of any payment.\n');
  await page.getByRole('button', { name: 'Check claims' }).click();
  await page.locator('[data-testid="claim-card"][data-verdict="contradicted"]').first().waitFor({ timeout: 60000 });
  await page.locator('#draft').fill('');
  const entry = page.getByTestId('check-history').getByRole('button', { name: /full refund within 45 days/ }).first();
  await entry.click();
  await page.waitForFunction(() => document.querySelector('#draft')?.value.includes('45 days'));
  assert.ok((await page.locator('[data-testid="claim-card"]').count()) > 0);
  assert.deepEqual(problems, []);
});
