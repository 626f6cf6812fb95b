import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApp, until, syncCorpus } from './harness.mjs';

// The real path to drift: a published page changes on disk and nobody
// syncs. Verify (read-only) shows the banner; Re-index clears it.
test('the corpus view shows a drift banner when a page changed without a sync, and Re-index clears it', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await syncCorpus(page);
  // Every sync verifies: a clean index shows no banner.
  assert.equal(await page.getByTestId('index-drift').count(), 0, 'a banner right after a clean sync');

  const content = (await page.locator('dt:has-text("Published content") + dd code').textContent()).trim();
  const file = path.join(content, 'help', 'refund-policy.md');
  const original = readFileSync(file, 'utf8');
  t.after(() => writeFileSync(file, original));
  appendFileSync(file, '\nRefunds are also possible by post.\n');

  await page.getByRole('button', { name: /Verify index/ }).click();
  const banner = page.getByTestId('index-drift');
  await banner.waitFor({ timeout: 30000 });
  assert.match(await banner.textContent(), /out of step with the workspace \(1 problem\)/);
  assert.equal(await page.getByTestId('drift-changed').textContent(), '1 changed but not re-indexed');
  await page.getByText('Details').click();
  assert.match(await banner.textContent(), /help\/refund-policy\.md: changed in the workspace since it was indexed/);
  await banner.scrollIntoViewIfNeeded();
  await shot('corpus-verify-drift');

  await page.getByRole('button', { name: /Re-index/ }).click();
  await until(page, 're-index finished', async () => (await page.getByText('Sync finished').count()) > 0);
  await until(page, 'banner gone', async () => (await page.getByTestId('index-drift').count()) === 0);
  await shot('corpus-verify-clean');
  assert.deepEqual(problems, []);
});

const draft = readFileSync(new URL('../../corpus/drafts/refund-newsletter.md', import.meta.url), 'utf8');

// A 👎 is filed under a cause suggested from the check's data; the writer
// can change it, and the change is kept.
test('a thumbs-down shows the suggested triage cause with why, and a changed cause is kept', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="check"]');
  await page.locator('#draft').fill(draft);
  await page.getByRole('button', { name: 'Check claims' }).click();
  const card = page.locator('[data-testid="claim-card"][data-verdict="contradicted"]', { hasText: '14 days' }).first();
  await card.waitFor({ timeout: 60000 });
  await card.getByRole('button', { name: 'Verdict is wrong' }).click();
  const cause = card.getByTestId('triage-cause');
  await cause.waitFor({ timeout: 30000 });
  const select = cause.getByLabel('Filed as');
  const suggested = await select.inputValue();
  assert.ok(['bad_grounding', 'stale_index', 'retrieval_miss', 'wrong_verdict'].includes(suggested), suggested);
  assert.match(await cause.getByTestId('triage-cause-why').textContent(), /^Suggested: .+, because .+\.$/);
  const other = suggested === 'retrieval_miss' ? 'bad_grounding' : 'retrieval_miss';
  await select.selectOption(other);
  await until(page, 'change shown', async () => /You changed it/.test(await cause.textContent()));
  await cause.scrollIntoViewIfNeeded();
  await shot('check-triage-cause');
  // Leaving and coming back reads the cause from the store, not the page.
  await page.click('[data-nav="corpus"]');
  await page.click('[data-nav="check"]');
  const again = page.locator('[data-testid="claim-card"][data-verdict="contradicted"]', { hasText: '14 days' }).first().getByTestId('triage-cause');
  await again.waitFor({ timeout: 30000 });
  assert.equal(await again.getByLabel('Filed as').inputValue(), other);
  assert.deepEqual(problems, []);
});
