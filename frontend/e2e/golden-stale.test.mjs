import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApp, syncCorpus } from './harness.mjs';

// The sentence Q006 quotes as its supporting line.
const Q006_LINE = ' We process refund requests within two business days.';

// The refund policy loses the sentence Q006 quotes: the Golden view badges
// row Q006 as stale with the reason, the summary counts and filters the
// stale rows, and the run panel says how many there are. The page is
// restored and re-synced afterwards, for the tests that follow.
test('golden set: a row whose supporting line was deleted shows as stale', async (t) => {
  const { page, problems, shot } = await openApp(t);
  const { content_dir: content } = await page.evaluate(() => window.go.app.CorpusService.Summary());
  const file = path.join(content, 'help', 'refund-policy.md');
  const original = readFileSync(file, 'utf8');
  assert.ok(original.includes(Q006_LINE), 'the sample refund policy holds Q006\'s line');
  writeFileSync(file, original.replace(Q006_LINE, ''));
  let failure = null;
  try {
    await syncCorpus(page);
    await staleFlow(page, shot);
  } catch (e) {
    failure = e;
  }
  // restored here, not in t.after: the harness closes the browser first
  writeFileSync(file, original);
  try {
    await syncCorpus(page);
  } catch (e) {
    failure ??= e;
  }
  if (failure) throw failure;
  assert.deepEqual(problems, []);
});

async function staleFlow(page, shot) {
  await page.click('[data-nav="golden"]');
  await page.getByRole('button', { name: 'Import workspace golden.xlsx' }).click();
  const preview = page.getByTestId('import-preview');
  await preview.getByTestId('diff-summary').waitFor();
  if (await preview.getByRole('button', { name: 'Open “golden”' }).count()) {
    await preview.getByRole('button', { name: 'Open “golden”' }).click();
  } else {
    await preview.getByRole('button', { name: /^Import \d+ questions$/ }).click();
  }
  const summary = page.getByTestId('golden-stale-count');
  await summary.waitFor({ timeout: 60000 });
  assert.match(await summary.textContent(), /\d+ stale rows?/);
  const badge = page.locator('tr[data-row-id="Q006"] [data-testid="stale-badge"]');
  await badge.waitFor();
  assert.match(await badge.textContent(), /Supporting line gone: supporting line no longer occurs in help-refund-policy/);
  await summary.click();
  assert.equal(await page.locator('tr[data-row-id="Q001"]').count(), 0);
  await shot('golden-stale');

  await page.click('[data-nav="evaluations"]');
  const notice = page.getByTestId('eval-stale');
  await notice.getByText(/stale rows? in “golden”/).waitFor({ timeout: 60000 });
  await shot('eval-stale');
}
