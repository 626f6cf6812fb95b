import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';

test('voice check lists issues with a worded score and applies a suggestion with undo', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="check"]');
  await page.getByRole('button', { name: /pricing-faq\.md/ }).click();
  await page.waitForFunction(() => document.querySelector('#draft')?.value.includes('TallyHub'));
  // one check runs claims and voice; voice issues are findings like claims
  await page.getByRole('button', { name: 'Check claims' }).click();
  const score = page.getByTestId('voice-score');
  await page.getByTestId('voice-card').first().waitFor({ timeout: 60000 });
  assert.match(await score.textContent(), /(On voice|Needs work|Off voice) · voice score \d+\/100/);
  const card = page.locator('[data-testid="voice-card"]', { hasText: 'product-names' }).first();
  assert.match(await card.textContent(), /TallyHub/);
  assert.match(await card.textContent(), /Why:/);
  await shot('voice-issues');
  // marked in the text with the voice style and ⚑
  assert.ok((await page.getByTestId('draft-marks').locator('mark.mk-voice', { hasText: 'TallyHub' }).count()) > 0);
  await card.getByRole('button', { name: 'Apply suggestion' }).click();
  await page.waitForFunction(() => document.querySelector('#draft').value.includes('Can I try Tallyhub before'));
  await page.getByTestId('stale-banner').waitFor(); // the check is of the text before the rewrite
  // the editor bar's Undo of the rewrite (an earlier test may have left the
  // "Replaced your draft … Undo" banner showing too)
  await page.getByRole('button', { name: 'Undo' }).and(page.locator('button.btn-small')).click();
  await page.waitForFunction(() => document.querySelector('#draft').value.includes('Can I try TallyHub before'));
  await page.getByTestId('stale-banner').waitFor({ state: 'detached' }); // the checked text again
  assert.deepEqual(problems, []);
});

test('guidelines editor shows line numbers and refuses to save invalid rules', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="check"]');
  await page.getByRole('button', { name: 'Edit guidelines' }).click();
  const box = page.locator('#guidelines-text');
  await page.waitForFunction(() => document.querySelector('#guidelines-text')?.value.includes('## Rules'));
  const original = await box.inputValue();
  await box.fill(original.replace('    max: 1\n', '    max: 1\n    maxx: 2\n'));
  await page.getByRole('button', { name: 'Save guidelines' }).click();
  const alert = page.locator('.guidelines-editor [role="alert"]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /Not saved.*Line \d+: .*unknown key "maxx"/s);
  await shot('voice-guidelines-error');
  await box.fill(original);
  await page.getByRole('button', { name: 'Validate' }).click();
  assert.match(await page.locator('.guidelines-editor [role="status"]').textContent(), /Valid: \d+ rules/);
  assert.deepEqual(problems, []);
});
