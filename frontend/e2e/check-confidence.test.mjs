import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openApp } from './harness.mjs';

// Every claim card says how sure the engine is, and the Findings list
// sorts and filters by it.
const draft = readFileSync(new URL('../../corpus/drafts/pricing-faq.md', import.meta.url), 'utf8');

const PILL = /^Confidence (\d{1,3})%$|^Confidence not measured$/;

// the confidence of each visible card, in order; null when not measured
async function confidences(page) {
  const texts = await page.locator('[data-testid="claim-card"] [data-testid="confidence"]').allTextContents();
  return texts.map((s) => {
    const m = PILL.exec(s.trim());
    assert.ok(m, `confidence pill reads ${JSON.stringify(s)}`);
    return m[1] === undefined ? null : Number(m[1]);
  });
}

test('claim cards show their confidence and sort and filter by it', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="check"]');
  await page.locator('#draft').fill(draft);
  await page.getByRole('button', { name: 'Check claims' }).click();
  await page.locator('[data-testid="claim-card"]').first().waitFor({ timeout: 60000 });
  const total = await page.locator('[data-testid="claim-card"]').count();
  assert.equal((await confidences(page)).length, total, 'every card has a confidence pill');

  await page.getByTestId('claim-sort').selectOption('confidence-low');
  const low = await confidences(page);
  const measured = low.filter((c) => c !== null);
  assert.deepEqual(measured, [...measured].sort((a, b) => a - b), 'least sure first');
  assert.ok(low.indexOf(null) === -1 || low.slice(low.indexOf(null)).every((c) => c === null), 'not measured sorts last');
  await shot('check-confidence-sorted');

  await page.getByTestId('claim-band').selectOption('high');
  const high = await confidences(page);
  assert.ok(high.every((c) => c !== null && c >= 85), `high band shows ${high}`);
  if (high.length === 0) await page.getByText('Every finding is filtered out').waitFor();
  await page.getByTestId('claim-band').selectOption('all');
  assert.equal(await page.locator('[data-testid="claim-card"]').count(), total);
  assert.deepEqual(problems, []);
});
