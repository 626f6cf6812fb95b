import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApp, until, syncCorpus } from './harness.mjs';

// The sample keeps its documents in content/, so its README, FACTS, guide
// and drafts are listed as workspace files; an ignore rule saved in
// Settings shows up with its line after the next sync.
test('the corpus view lists skipped files by reason, and an ignore rule saved in Settings is applied at the next sync', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await syncCorpus(page);
  const panel = page.getByTestId('skipped-panel');
  await panel.waitFor({ timeout: 30000 });
  const workspaceGroup = panel.getByTestId('skipped-group').filter({ hasText: 'Workspace files' });
  assert.match(await workspaceGroup.locator('summary').textContent(), /Workspace files \(4\)/);
  await workspaceGroup.locator('summary').click();
  for (const p of ['README.md', 'FACTS.md', 'guidelines.md', 'drafts/']) {
    assert.ok(await workspaceGroup.getByText(p, { exact: true }).count(), `${p} not listed as a workspace file`);
  }
  await panel.scrollIntoViewIfNeeded();
  await shot('corpus-skipped');

  const content = (await page.locator('dt:has-text("Published content") + dd code').textContent()).trim();
  const root = path.dirname(content);
  const scratch = path.join(content, 'scratch');
  mkdirSync(scratch, { recursive: true });
  writeFileSync(path.join(scratch, 'notes.md'), '# Scratch notes\n\nNot for publishing.\n');
  const restore = () => {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(path.join(root, '.continuityignore'), { force: true });
  };
  t.after(restore);

  await page.click('[data-nav="settings"]');
  const ignore = page.getByTestId('ignore-panel');
  await ignore.locator('summary').click();
  await until(page, 'defaults shown', async () => (await ignore.getByTestId('ignore-default').count()) === 4);
  assert.deepEqual(await ignore.getByTestId('ignore-default').allTextContents(), ['node_modules/', '.git/', 'CHANGELOG*', 'LICENSE*']);
  const area = ignore.getByLabel('Ignore rules file');
  await area.fill('content/scratch/\n[bad\n');
  await ignore.getByRole('button', { name: 'Save ignore rules' }).click();
  await until(page, 'invalid line refused', async () => /line 2/.test(await ignore.getByRole('alert').textContent()));
  await area.fill('# not published\ncontent/scratch/\n');
  await ignore.getByRole('button', { name: 'Save ignore rules' }).click();
  await ignore.getByText(/Ignore rules saved/).waitFor();
  await ignore.scrollIntoViewIfNeeded();
  await shot('settings-ignore-rules');

  await syncCorpus(page);
  const ignoredGroup = page.getByTestId('skipped-group').filter({ hasText: 'Ignored by a rule' });
  await ignoredGroup.waitFor({ timeout: 30000 });
  await ignoredGroup.locator('summary').click();
  assert.match(await ignoredGroup.textContent(), /content\/scratch\/: \.continuityignore:2 content\/scratch\//);
  await ignoredGroup.scrollIntoViewIfNeeded();
  await shot('corpus-skipped-ignored');
  restore();
  await syncCorpus(page); // leaves the shared sample index as the other tests expect it
  assert.deepEqual(problems, []);
});
