import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';

// Edits a set's gate thresholds in the Evaluations view: a wrong value is
// explained in words, a valid one is saved and marked as the set's own.
// It puts the gate back as it found it, since tests share one data dir.
test('evaluations: edit a golden set threshold, with a worded error for a bad value', async (t) => {
  const { page, shot } = await openApp(t);
  await page.click('[data-nav="evaluations"]');
  const importBtn = page.getByRole('button', { name: 'Import the workspace golden set' });
  const setPicker = page.getByLabel('Golden set');
  await Promise.race([importBtn.waitFor(), setPicker.waitFor()]);
  if (await importBtn.isVisible()) await importBtn.click();
  await setPicker.waitFor();

  const panel = page.getByTestId('eval-thresholds');
  await panel.locator('summary').click();
  const input = panel.getByLabel('supporting_line_recall threshold');
  const none = panel.getByLabel('supporting_line_recall: no threshold (reported, not gated)');
  await input.waitFor();
  const wasAdvisory = await none.isChecked();
  if (wasAdvisory) await none.uncheck();

  await input.fill('1.5');
  await panel.getByRole('button', { name: 'Save thresholds' }).click();
  const alert = await panel.getByRole('alert').textContent();
  assert.match(alert, /supporting_line_recall: “1\.5” is not a number between 0 and 1/);

  await input.fill('0.55');
  await panel.getByRole('button', { name: 'Save thresholds' }).click();
  await panel.getByRole('status').getByText(/Saved\. New runs are gated with these/).waitFor();
  assert.equal(await input.inputValue(), '0.55');
  await shot('evals-thresholds');

  if (wasAdvisory) {
    await none.check();
    await panel.getByRole('button', { name: 'Save thresholds' }).click();
    await panel.getByRole('status').getByText(/Saved\./).waitFor();
  }
});
