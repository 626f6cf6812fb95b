import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openApp, syncCorpus, until } from './harness.mjs';

// The native folder dialog cannot open in a plain browser: the bound
// ChooseFolder is replaced by one answering dir, the rest is the real app.
async function chooseFolder(page, dir) {
  await page.evaluate((d) => {
    window.go.app.CorpusService.ChooseFolder = () => Promise.resolve(d);
  }, dir);
  await page.getByRole('button', { name: /Choose folder/ }).click();
}

test('choosing a folder switches the workspace at once, and back', async (t) => {
  const { page, problems, shot } = await openApp(t);
  const other = mkdtempSync(path.join(tmpdir(), 'continuity-e2e-'));
  mkdirSync(path.join(other, 'content'));
  writeFileSync(path.join(other, 'content', 'shipping.md'), '---\nid: help-shipping\n---\n# Shipping\n\nOrders ship within two business days.\n');
  writeFileSync(path.join(other, 'content', 'returns.md'), '---\nid: help-returns\n---\n# Returns\n\nReturns are free within 60 days.\n');
  const first = await page.evaluate(() => window.go.app.CorpusService.Summary());

  await page.click('[data-nav="corpus"]');
  await page.getByRole('heading', { level: 1, name: 'Corpus' }).waitFor();
  // scripts/e2e.sh starts the app with --corpus: the view says so, and that a saved folder (if any) is not in force
  assert.match(await page.getByTestId('workspace-source').textContent(), /comes from --corpus.*(is not in force|No corpus folder is saved in Settings)/);
  await shot('corpus-from-flag');

  await chooseFolder(page, other);
  await page.getByTestId('workspace-switched').waitFor();
  await until(page, 'sync finished', async () => (await page.getByText('Sync finished').count()) > 0);
  await until(page, '2 documents indexed', async () => (await page.getByTestId('indexed-count').textContent()) === '2');
  assert.match(await page.getByTestId('workspace-root').textContent(), new RegExp(path.basename(other)));
  assert.match(await page.getByTestId('workspace-source').textContent(), /The corpus folder saved in Settings is in force/);
  await page.getByLabel('Query').fill('how fast do orders ship');
  await page.getByRole('button', { name: /^Search$/ }).click();
  await page.getByTestId('results-hybrid').waitFor();
  assert.match(await page.getByTestId('results-hybrid').textContent(), /Shipping/);
  await shot('corpus-switched');

  // back to the first workspace, as it was
  await chooseFolder(page, first.root);
  await until(page, 'switched back', async () => (await page.getByTestId('workspace-root').textContent()).includes(first.root));
  await until(page, "first corpus indexed again", async () => Number(await page.getByTestId("indexed-count").textContent()) >= 40);
  assert.deepEqual(problems, []);
});

// Runs after the test above: a switch saves its folder in Settings, so the
// --corpus flag is no longer the folder in force once it has run.
// Issue 29 item 11: a switch made anywhere (here the bound call itself, as
// Settings or another view would make it) is in force in the open Corpus
// view at once: the new folder's counts and sources, its own sync outcome,
// nothing of the old folder's; and the Check editor, empty in the new
// workspace, says the draft stayed with the old one.
test('a workspace switch refreshes the Corpus view and says where the draft went', async (t) => {
  const { page, problems, shot } = await openApp(t);
  const other = mkdtempSync(path.join(tmpdir(), 'continuity-e2e-switch-'));
  mkdirSync(path.join(other, 'content'));
  writeFileSync(path.join(other, 'content', 'shipping.md'), '---\nid: help-shipping\n---\n# Shipping\n\nOrders ship within two business days.\n');
  writeFileSync(path.join(other, 'content', 'returns.md'), '---\nid: help-returns\n---\n# Returns\n\nReturns are free within 60 days.\n');
  const first = await page.evaluate(() => window.go.app.CorpusService.Summary());

  // a draft in the first workspace; the one there before comes back at the end
  await page.click('[data-nav="check"]');
  const editor = page.locator('#draft');
  await until(page, 'the editor is ready', async () => !(await editor.isDisabled()) && (await editor.getAttribute('readonly')) === null);
  const before = await editor.inputValue();
  await editor.fill('Refunds are paid within 30 days of the request.');
  await page.getByTestId('draft-saved').getByText('Saved').waitFor();

  // the first workspace's view, with its own "Sync finished"
  await syncCorpus(page);
  await until(page, 'the first workspace indexed', async () => Number(await page.getByTestId('indexed-count').textContent()) >= 40);
  const firstCount = Number(await page.getByTestId('indexed-count').textContent());
  await until(page, 'the first sources', async () => (await page.getByTestId('source-docs-content').textContent()).startsWith(String(firstCount)));

  let failure = null;
  try {
    await page.evaluate((d) => window.go.app.CorpusService.SwitchWorkspace(d), other);
    await page.getByTestId('workspace-switched').waitFor();
    assert.match(await page.getByTestId('workspace-switched').textContent(), new RegExp(path.basename(other)));
    await until(page, "the new folder's counts, its sync finished", async () =>
      (await page.getByTestId('doc-count').textContent()) === '2' &&
      (await page.getByTestId('indexed-count').textContent()) === '2' &&
      (await page.getByText('Sync finished').count()) > 0);
    assert.match(await page.getByTestId('workspace-root').textContent(), new RegExp(path.basename(other)));
    assert.equal(await page.getByTestId('index-elsewhere').count(), 0, 'no banner about the old folder');
    await until(page, "the Sources table shows the new folder", async () =>
      (await page.getByTestId('source-row-content').textContent()).includes(path.join(other, 'content')) &&
      (await page.getByTestId('source-docs-content').textContent()).trim().startsWith('2'));
    await shot('workspace-switch-corpus');

    // the new workspace has no draft: the editor says where the draft is
    await page.click('[data-nav="check"]');
    const notice = page.getByTestId('draft-stayed');
    await notice.waitFor();
    assert.equal(await editor.inputValue(), '');
    assert.match(await notice.textContent(), new RegExp(`Your draft \\(9 words\\) stayed with the workspace ${path.basename(first.root)}`));
    await shot('workspace-switch-check');
  } catch (e) {
    failure = e;
    await shot('workspace-switch-failure');
  }
  // back to the first workspace, its draft as it was before this test
  await page.click('[data-nav="corpus"]');
  await page.evaluate((d) => window.go.app.CorpusService.SwitchWorkspace(d), first.root);
  await until(page, 'switched back', async () => (await page.getByTestId('workspace-root').textContent()).includes(first.root));
  await until(page, 'the first corpus indexed again', async () => Number(await page.getByTestId('indexed-count').textContent()) === firstCount);
  await page.click('[data-nav="check"]');
  await until(page, 'the first draft is back', async () => (await editor.inputValue()).startsWith('Refunds are paid'));
  assert.equal(await page.getByTestId('draft-stayed').count(), 0, 'the second workspace had no draft: no notice');
  await editor.fill(before);
  await page.getByTestId('draft-saved').getByText('Saved').waitFor();
  if (failure) throw failure;
  assert.deepEqual(problems, []);
});

// Issue 29 item 11: clearing the corpus folder in Settings goes back to the
// folder Continuity was started with (scripts/e2e.sh passes --corpus), not
// to a sample copy in the data dir: that workspace's golden sets are there.
test('clearing the corpus folder in Settings goes back to the folder the app was started with', async (t) => {
  const { page, problems, shot } = await openApp(t);
  const other = mkdtempSync(path.join(tmpdir(), 'continuity-e2e-clear-'));
  mkdirSync(path.join(other, 'content'));
  writeFileSync(path.join(other, 'content', 'shipping.md'), '---\nid: help-shipping\n---\n# Shipping\n\nOrders ship within two business days.\n');
  const first = await page.evaluate(() => window.go.app.CorpusService.Summary());
  // a golden set of the launch folder's workspace, to find again at the end
  const mine = 'e2e launch folder set';
  await page.evaluate((n) => window.go.app.GoldenService.CreateSet(n, 'made by the workspace e2e test'), mine);
  await page.click('[data-nav="golden"]');
  const sets = page.getByTestId('golden-sets').getByRole('listitem');
  await until(page, 'the golden sets are listed', async () => (await sets.allTextContents()).some((s) => s.includes(mine)));
  const setsBefore = await sets.allTextContents();

  await page.click('[data-nav="settings"]');
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  const field = page.getByLabel(/^Corpus folder/);
  const save = page.getByRole('button', { name: 'Save settings' });
  const status = page.getByRole('status').filter({ hasText: 'Settings saved' });
  await field.fill(other);
  await save.click();
  await until(page, 'switched to the other folder', async () => (await status.count()) > 0 && (await status.textContent()).includes(`Switched to the workspace ${other}`));

  await field.fill('');
  await save.click();
  await until(page, 'switched back to the launch folder', async () => (await status.textContent()).includes(`Switched to the workspace ${first.root};`));
  await shot('settings-corpus-cleared');
  const now = await page.evaluate(() => window.go.app.CorpusService.Summary());
  assert.equal(now.root, first.root, 'the --corpus folder, not a sample copy in the data dir');
  assert.equal((await page.evaluate(() => window.go.app.SettingsService.Get())).corpus_dir, '');
  assert.match(await page.getByTestId('workspace-source').textContent(), /comes from --corpus/);

  await page.click('[data-nav="golden"]');
  await until(page, 'the same golden sets', async () => JSON.stringify(await sets.allTextContents()) === JSON.stringify(setsBefore));
  await page.evaluate((n) => window.go.app.GoldenService.DeleteSet(n), mine);
  assert.deepEqual(problems, []);
});
