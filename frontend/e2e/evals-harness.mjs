// Shared steps of the Evaluations e2e tests.
import assert from 'node:assert/strict';

// selectSampleSet opens Evaluations and selects the workspace's sample
// golden set ("golden …"), importing it first when needed: through the
// view's own button on an empty workspace (onEmpty runs before the click),
// or through the bound call the view uses when another test made a
// different set first. It waits for the offline estimate.
export async function selectSampleSet(page, { onEmpty } = {}) {
  await page.click('[data-nav="evaluations"]');
  const importBtn = page.getByRole('button', { name: 'Import the workspace golden set' });
  const setPicker = page.getByLabel('Golden set');
  await Promise.race([importBtn.waitFor(), setPicker.waitFor()]);
  if (await importBtn.isVisible()) {
    if (onEmpty) await onEmpty();
    await importBtn.click();
  }
  await setPicker.waitFor();
  let options = await setPicker.locator('option').allTextContents();
  if (!options.some((o) => o.startsWith('golden '))) {
    await page.evaluate(() => window.go.app.GoldenService.ImportWorkspaceFile('', false));
    await page.reload();
    await page.waitForFunction(() => window.go?.app?.EvalService);
    await page.click('[data-nav="evaluations"]');
    await setPicker.waitFor();
    options = await setPicker.locator('option').allTextContents();
  }
  const sample = options.find((o) => o.startsWith('golden '));
  assert.ok(sample, `the workspace set is listed: ${options}`);
  await setPicker.selectOption({ label: sample });
  await page.getByTestId('eval-estimate').getByText(/\d+ questions · no model calls/).waitFor();
  return sample;
}
