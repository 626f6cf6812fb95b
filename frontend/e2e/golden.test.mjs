import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openApp } from './harness.mjs';

// The sample workspace's golden.xlsx imports cleanly, edits save at once as
// new versions, and a dropped workbook with errors is refused with located errors.
test('golden set: import the sample, edit a cell, see the version, restore', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="golden"]');
  await page.getByRole('button', { name: 'Import workspace golden.xlsx' }).click();
  // the preview comes first; a set that already holds the file just opens
  const preview = page.getByTestId('import-preview');
  await preview.getByTestId('diff-summary').waitFor();
  if (await preview.getByRole('button', { name: 'Open “golden”' }).count()) {
    await preview.getByRole('button', { name: 'Open “golden”' }).click();
  } else {
    await preview.getByRole('button', { name: /^Import \d+ questions$/ }).click();
    await page.getByTestId('import-report').getByText(/Imported \d+ questions into “golden”/).waitFor();
  }
  const counts = await page.getByTestId('golden-counts').textContent();
  const n = Number(counts.split(' ')[0]);
  assert.ok(n >= 40, `expected ≥ 40 questions, got ${counts}`);
  assert.match(counts, /0 errors · 0 warnings/);

  await page.getByLabel('Filter by category').selectOption('refuse');
  const refuseRows = await page.locator('tbody tr').count();
  assert.ok(refuseRows > 0 && refuseRows < n);
  await page.getByLabel('Filter by category').selectOption('all');

  await page.getByRole('button', { name: 'Edit Supporting line of Q001' }).click();
  const box = page.getByLabel('Supporting line of Q001');
  await box.fill('Every trial lasts forever.');
  await box.press('Enter');
  await page.getByText('supporting line not found in help-free-trial').waitFor();
  await page.getByTestId('golden-counts').getByText(/1 warnings/).waitFor();
  await page.getByTestId('golden-history').getByText(/edited Q001 Supporting line/).waitFor();
  await shot('golden-grid');

  await page.getByRole('button', { name: /Restore version \d+/ }).last().click();
  await page.getByTestId('golden-counts').getByText(/0 errors · 0 warnings/).waitFor();
  await page.getByTestId('golden-history').getByText(/restored version/).waitFor();
  assert.deepEqual(problems, []);
});

test('golden set: a dropped workbook that is not xlsx is refused with a reason', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="golden"]');
  await page.getByTestId('golden-file').waitFor();
  // A text file renamed .xlsx, dropped on the view.
  const dt = await page.evaluateHandle(() => {
    const d = new DataTransfer();
    d.items.add(new File(['id,question\nQ1,hi\n'], 'renamed.xlsx', { type: 'application/octet-stream' }));
    return d;
  });
  await page.dispatchEvent('[data-testid="golden-drop"]', 'drop', { dataTransfer: dt });
  const preview = page.getByTestId('import-preview');
  await preview.getByText(/Nothing can be imported from renamed\.xlsx/).waitFor();
  assert.match(await preview.textContent(), /not an \.xlsx workbook/);
  assert.equal(await preview.getByRole('button', { name: /^Import \d+ questions$/ }).isDisabled(), true);
  await preview.getByRole('button', { name: 'Cancel' }).click();

  // A real workbook (the sample) dropped under another name imports as a new set.
  const sample = readFileSync(path.resolve('..', 'corpus', 'golden.xlsx')).toString('base64');
  const dt2 = await page.evaluateHandle((b64) => {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const d = new DataTransfer();
    d.items.add(new File([bytes], 'dropped-sample.xlsx'));
    return d;
  }, sample);
  await page.dispatchEvent('[data-testid="golden-drop"]', 'drop', { dataTransfer: dt2 });
  await preview.getByText('creates the set “dropped-sample”').waitFor();
  await preview.getByRole('button', { name: /^Import \d+ questions$/ }).click();
  await page.getByTestId('import-report').getByText(/Imported \d+ questions into “dropped-sample”/).waitFor();
  await page.getByTestId('golden-sets').getByText(/dropped-sample/).waitFor();
  await shot('golden-drop');
  assert.deepEqual(problems, []);
});
