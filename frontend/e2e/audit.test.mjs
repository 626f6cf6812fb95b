import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApp, until, syncCorpus } from './harness.mjs';

// The Audit view: an old copy of the refund policy with a changed refund
// window is published next to the current one; the audit shows the pair
// side by side with the current page badged newer, a mark survives a
// reload, and either side opens in the source viewer.
const OLD_PAGE = 'help/refund-policy-old-e2e.md';

function oldRefundPolicy(current) {
  return current
    .replace('id: help-refund-policy\n', 'id: help-refund-policy-old-e2e\n')
    .replace('title: Refund policy\n', 'title: Refund policy (old copy)\n')
    .replace('url: https://help.tallyhub.example/refund-policy\n', 'url: https://help.tallyhub.example/refund-policy-old\n')
    .replace(/published: \d{4}-\d{2}-\d{2}/, 'published: 2023-05-02')
    .replaceAll('30 days', '14 days');
}

test('audit: a conflicting old page shows side by side, stays intended after a reload, opens in the source viewer', async (t) => {
  const { page, problems, shot } = await openApp(t);
  const { content_dir: content } = await page.evaluate(() => window.go.app.CorpusService.Summary());
  assert.ok(content, 'the workspace names its content folder');
  const oldFile = path.join(content, OLD_PAGE);
  writeFileSync(oldFile, oldRefundPolicy(readFileSync(path.join(content, 'help/refund-policy.md'), 'utf8')));
  let failure = null;
  try {
    await auditFlow(page, shot);
  } catch (e) {
    failure = e;
  }
  // restored here, not in t.after: the harness closes the browser first
  rmSync(oldFile, { force: true });
  try {
    await syncCorpus(page);
  } catch (e) {
    // the flow's own failure is the one worth reading
    failure ??= e;
  }
  if (failure) throw failure;
  assert.deepEqual(problems, []);
});

async function auditFlow(page, shot) {
  await page.click('[data-nav="audit"]');
  await page.getByRole('heading', { level: 1, name: 'Audit' }).waitFor();
  await page.getByRole('button', { name: 'Run audit' }).click();
  await page.getByTestId('audit-progress').waitFor();
  const pairSel = '[data-testid="conflict-pair"]:has([data-doc="help-refund-policy-old-e2e"])';
  await until(page, 'the audit result', async () => (await page.getByTestId('audit-summary').count()) > 0 && (await page.getByTestId('audit-progress').count()) === 0, 240000);
  const pair = page.locator(pairSel).first();
  await pair.waitFor();
  const a = pair.getByTestId('side-a');
  const b = pair.getByTestId('side-b');
  assert.equal(await a.getAttribute('data-doc'), 'help-refund-policy');
  assert.equal(await b.getAttribute('data-doc'), 'help-refund-policy-old-e2e');
  assert.equal(await a.getByTestId('newer-badge').textContent(), 'newer');
  assert.equal(await b.getByTestId('newer-badge').count(), 0);
  assert.match(await b.locator('mark').first().textContent(), /14 days/i);
  // side by side: B is to the right of A on the same row
  const boxA = await a.boundingBox();
  const boxB = await b.boundingBox();
  assert.ok(boxA && boxB && boxB.x > boxA.x + boxA.width - 1 && Math.abs(boxB.y - boxA.y) < 2, 'the two sides are side by side');
  await shot('audit-pair');

  const key = await pair.getAttribute('data-key');
  await pair.getByRole('button', { name: 'Mark intended' }).click();
  await pair.getByLabel('Note').fill('archived copy, kept for the record');
  await pair.getByRole('button', { name: 'Save as intended' }).click();
  // gone from the open list; under Intended with its note
  await until(page, 'the pair to leave the open list', async () => (await page.locator(`[data-key="${key}"]`).count()) === 0);

  await page.reload();
  await page.waitForFunction(() => window.go?.app?.AuditService, null, { timeout: 15000 });
  await page.click('[data-nav="audit"]');
  await page.getByRole('button', { name: /^Intended \d+/ }).click();
  const marked = page.locator(`[data-key="${key}"]`);
  await marked.waitFor();
  assert.equal(await marked.getByTestId('conflict-status').textContent(), 'intended');
  assert.match(await marked.textContent(), /archived copy, kept for the record/);
  await shot('audit-intended');

  await marked.getByTestId('side-b').getByRole('button', { name: 'Open in source' }).click();
  const viewer = page.getByRole('dialog');
  await viewer.waitFor();
  // the title reads "Opening…" until the document arrives
  await viewer.locator('.source-title', { hasText: 'Refund policy (old copy)' }).waitFor();
  await viewer.getByTestId('source-mark').first().waitFor();
  assert.match((await viewer.getByTestId('source-mark').allTextContents()).join(' '), /14 days/);
  await shot('audit-source');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Muddy sentences' }).click();
  await page.getByText(/published document\(s\) checked/).waitFor({ timeout: 60000 });
  // the sample corpus has muddy sentences; one document's list shows why and a rewrite
  const doc = page.getByTestId('muddy-doc').first();
  await doc.getByRole('button').click();
  const finding = doc.getByTestId('muddy-finding').first();
  await finding.waitFor();
  assert.match(await finding.textContent(), /Why.+Rewrite/s);
  await shot('audit-muddy');
}
