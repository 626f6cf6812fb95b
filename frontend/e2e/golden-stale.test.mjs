import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';

// Run against a workspace whose refund policy lost the sentence Q006
// quotes (E2E_STALE=1 says the app was started on such a copy): the Golden
// view badges row Q006 as stale with the reason, the summary counts and
// filters the stale rows, and the run panel says how many there are.
test('golden set: a row whose supporting line was deleted shows as stale', { skip: !process.env.E2E_STALE && 'needs E2E_STALE=1 and an edited workspace' }, async (t) => {
  const { page, problems, shot } = await openApp(t);
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
  assert.deepEqual(problems, []);
});
