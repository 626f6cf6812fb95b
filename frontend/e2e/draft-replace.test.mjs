import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, until } from './harness.mjs';

// A sample draft opened over words the writer typed keeps them: a banner
// offers Undo, also after a reload (the replaced draft is saved), and Undo
// brings them back. A sample opened over an untouched sample, or over an
// empty editor, offers nothing.
test('opening a sample over a typed draft can be undone, also after a reload', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="check"]');
  const editor = page.locator('#draft');
  await until(page, 'the editor is ready', async () => !(await editor.isDisabled()) && (await editor.getAttribute('readonly')) === null);
  const mine = 'My own announcement about the new billing page, five words more.';
  await editor.fill(mine);
  await page.getByTestId('draft-saved').getByText('Saved').waitFor();

  const samples = page.getByTestId('draft-list').getByRole('button');
  const first = (await samples.first().textContent()).trim();
  await samples.first().click();
  const banner = page.getByTestId('draft-replaced');
  await banner.waitFor();
  assert.equal((await banner.textContent()).replace(/Dismiss$/, '').trim(), `Replaced your draft (11 words) with ${first}. Undo`);
  assert.notEqual(await editor.inputValue(), mine);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${process.env.E2E_OUT ?? '../test-output/e2e'}/draft-replaced-1280x800.png` });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: `${process.env.E2E_OUT ?? '../test-output/e2e'}/draft-replaced-1024x700.png` });

  await page.reload();
  await page.waitForFunction(() => window.go?.app?.DraftService, null, { timeout: 15000 });
  await banner.waitFor();
  await banner.getByRole('button', { name: 'Undo' }).click();
  await until(page, 'my draft is back', async () => (await editor.inputValue()) === mine);
  await until(page, 'the banner is gone', async () => (await banner.count()) === 0);

  // an empty editor, then a sample left as opened: nothing to undo
  await editor.fill('');
  await page.getByTestId('draft-saved').getByText('Saved').waitFor();
  await samples.first().click();
  await until(page, 'the sample is in', async () => (await editor.inputValue()) !== '');
  await page.getByTestId('draft-saved').getByText('Saved').waitFor();
  assert.equal(await banner.count(), 0, 'an empty editor was replaced: no offer');
  await samples.last().click();
  await page.getByTestId('draft-saved').getByText('Saved').waitFor();
  assert.equal(await banner.count(), 0, 'an untouched sample was replaced: no offer');
  await shot('draft-replaced-none');
  assert.deepEqual(problems, []);
});

// Open file… and a dropped file replace the draft the same way: the typed
// draft is offered back. The native file dialog cannot be driven here, so
// OpenDraftFile is replaced by what it does once a file is chosen: the real
// backend reads the file's bytes (ReadDraftBytes).
test('opening a file or dropping one over a typed draft can be undone', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="check"]');
  const editor = page.locator('#draft');
  await until(page, 'the editor is ready', async () => !(await editor.isDisabled()) && (await editor.getAttribute('readonly')) === null);
  const mine = 'Notes I typed about the refund window, not saved anywhere else.';
  await editor.fill(mine);
  await page.getByTestId('draft-saved').getByText('Saved').waitFor();

  await page.evaluate(() => {
    const svc = window.go.app.DraftService;
    svc.OpenDraftFile = () => svc.ReadDraftBytes('release-notes.md', btoa('Release notes.\n\nRefunds take 30 days.\n'));
  });
  await page.getByRole('button', { name: /Open file/ }).click();
  await until(page, 'the file is in', async () => (await editor.inputValue()).startsWith('Release notes.'));
  const banner = page.getByTestId('draft-replaced');
  await banner.waitFor();
  assert.equal((await banner.textContent()).replace(/Dismiss$/, '').trim(), 'Replaced your draft (11 words) with release-notes.md. Undo');
  await shot('draft-replaced-by-open-file');
  await banner.getByRole('button', { name: 'Undo' }).click();
  await until(page, 'my draft is back after Open file', async () => (await editor.inputValue()) === mine);
  await until(page, 'the banner is gone', async () => (await banner.count()) === 0);

  await editor.evaluate((el) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['Dropped notes.\n\nRefunds take 14 days.\n'], 'dropped.txt', { type: 'text/plain' }));
    for (const kind of ['dragenter', 'dragover', 'drop']) el.dispatchEvent(new DragEvent(kind, { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await until(page, 'the dropped file is in', async () => (await editor.inputValue()).startsWith('Dropped notes.'));
  await banner.waitFor();
  assert.equal((await banner.textContent()).replace(/Dismiss$/, '').trim(), 'Replaced your draft (11 words) with dropped.txt. Undo');
  await banner.getByRole('button', { name: 'Undo' }).click();
  await until(page, 'my draft is back after a drop', async () => (await editor.inputValue()) === mine);
  assert.deepEqual(problems, []);
});
