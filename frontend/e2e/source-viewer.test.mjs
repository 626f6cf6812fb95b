import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openApp } from './harness.mjs';

// The source viewer: evidence "Open" shows the document inside the app with
// the quoted passage marked, for documents with and without a URL, and the
// Corpus view's Documents list opens any document.
const draft = (name) => readFileSync(new URL(`../../corpus/drafts/${name}`, import.meta.url), 'utf8');
const squash = (s) => s.replace(/\s+/g, ' ').trim();

async function checkDraft(page, text) {
  await page.click('[data-nav="check"]');
  await page.locator('#draft').fill(text);
  await page.getByRole('button', { name: 'Check claims' }).click();
  await page.locator('[data-testid="claim-card"]').first().waitFor({ timeout: 90000 });
}

// Opens the first evidence passage whose title matches title from the
// claim card holding claimText (of any verdict unless one is given);
// returns the passage's title and what the card marked as the quote.
async function openEvidence(page, claimText, title, verdict = '') {
  const sel = verdict ? `[data-testid="claim-card"][data-verdict="${verdict}"]` : '[data-testid="claim-card"]';
  const card = page.locator(sel, { hasText: claimText }).first();
  await card.waitFor({ timeout: 90000 });
  if (await card.getByRole('button', { name: 'Details' }).count()) await card.getByRole('button', { name: 'Details' }).click();
  const evidence = card.locator('[data-testid="evidence"]', { has: page.locator('figcaption strong', { hasText: title }) }).first();
  await evidence.waitFor();
  const quote = squash((await evidence.locator('mark').allTextContents()).join(' '));
  const docTitle = await evidence.locator('figcaption strong').textContent();
  await evidence.getByRole('button', { name: `Open ${docTitle}` }).click();
  return { quote, docTitle };
}

async function viewerShowsMarkedQuote(page, quote) {
  const viewer = page.getByRole('dialog');
  await viewer.waitFor();
  const mark = viewer.getByTestId('source-mark').first();
  await mark.waitFor();
  const marked = squash((await viewer.getByTestId('source-mark').allTextContents()).join(' '));
  assert.equal(marked.replace(/\s/g, ''), quote.replace(/\s/g, ''), 'the viewer marks the quote the card shows');
  assert.equal(await viewer.getByTestId('quote-missing').count(), 0);
  // opened scrolled to it: the mark is inside the visible part of the body
  const body = await viewer.getByTestId('source-body').boundingBox();
  const box = await mark.boundingBox();
  assert.ok(box && body && box.y >= body.y && box.y + box.height <= body.y + body.height, 'the passage is in view');
  return viewer;
}

test('evidence Open shows the document with the quoted passage marked, with and without a URL', async (t) => {
  const { page, problems, shot } = await openApp(t);

  // A page with front matter and a URL.
  await checkDraft(page, draft('refund-newsletter.md'));
  const { quote, docTitle } = await openEvidence(page, '14 days', /refund/i, 'contradicted');
  assert.match(quote, /30 days/);
  let viewer = await viewerShowsMarkedQuote(page, quote);
  assert.equal(await viewer.locator('.source-title').textContent(), docTitle);
  assert.match(await viewer.getByTestId('source-path').textContent(), /^content\/(help|blog)\/.*refund.*\.md$/);
  assert.match(await viewer.getByTestId('source-url').textContent(), /https:\/\/[a-z.]+\.example\//);
  assert.match(await viewer.getByTestId('source-modified').textContent(), /2026.*front matter/);
  assert.equal(await viewer.getByRole('button', { name: /Open in browser/ }).count(), 1);
  assert.ok((await viewer.locator('.source-doc h1, .source-doc h2').count()) >= 2, 'headings are elements');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), true, 'focus is in the viewer');
  await shot('source-viewer-url');
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Open ${docTitle}`, 'focus returns to Open');

  // A plain-text page with no front matter and no URL.
  await checkDraft(page, draft('tallyhub-go-anniversary.md'));
  const keys = await openEvidence(page, 'same keyboard shortcuts', /^Keyboard shortcuts in Tallyhub$/);
  viewer = await viewerShowsMarkedQuote(page, keys.quote);
  assert.equal(await viewer.getByTestId('source-path').textContent(), 'content/help/keyboard-shortcuts.txt');
  assert.match(await viewer.getByTestId('source-url').textContent(), /none/);
  assert.equal(await viewer.getByRole('button', { name: /Open in browser/ }).count(), 0);
  assert.match(await viewer.getByTestId('source-modified').textContent(), /file modification time/);
  await shot('source-viewer-no-url');
  await viewer.getByRole('button', { name: 'Close source viewer' }).click();
  await viewer.waitFor({ state: 'detached' });
  assert.deepEqual(problems, []);
});

test('the Corpus Documents list filters and opens any document, HTML shown as text', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="corpus"]');
  const list = page.getByTestId('documents');
  await list.getByTestId('doc-row').first().waitFor({ timeout: 60000 });
  assert.ok((await list.getByTestId('doc-row').count()) >= 45);
  await shot('source-corpus-documents');

  await list.getByLabel('Filter documents').fill('WEBHOOK');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="doc-row"]').length === 2);
  const row = list.locator('[data-testid="doc-row"][data-doc-id="docs/webhooks-retry.html"]');
  assert.match(await row.textContent(), /content\/docs\/webhooks-retry\.html/);
  assert.match(await row.getByTestId('doc-status').textContent(), /^indexed$/);
  await row.locator('td').nth(2).click();
  const viewer = page.getByRole('dialog');
  await viewer.getByRole('heading', { level: 1, name: 'Webhook retries and failures' }).waitFor();
  const text = await viewer.getByTestId('source-body').textContent();
  assert.match(text, /retried 8 times over 24 hours/);
  assert.doesNotMatch(text, /dataLayer|font-family|\\/, 'scripts, styles and escapes stay out');
  assert.equal(await viewer.getByRole('button', { name: /Open in browser/ }).count(), 0);
  await shot('source-viewer-html');
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached' });

  // An archived page is listed, not indexed, and still readable.
  await list.getByLabel('Filter documents').fill('refund-policy-2024');
  const archived = list.locator('[data-testid="doc-row"][data-doc-id="help-refund-policy-2024"]');
  await archived.waitFor();
  assert.match(await archived.getByTestId('doc-status').textContent(), /not indexed · archived/);
  await archived.getByRole('button').click();
  await viewer.getByTestId('source-status').waitFor();
  assert.match(await viewer.getByTestId('source-status').textContent(), /not indexed/);
  assert.match(await viewer.getByTestId('source-body').textContent(), /14 days/);
  await page.keyboard.press('Escape');

  // The bound call refuses anything but http(s).
  const refused = await page.evaluate(() => window.go.app.DocumentService.OpenInBrowser('javascript:alert(1)').then(() => 'opened', (e) => String(e)));
  assert.match(refused, /not an http\(s\) link/);
  assert.deepEqual(problems, []);
});
