import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { openApp } from './harness.mjs';

// The Check view as a writer's workbench: nothing typed is lost, any draft
// gets in, findings sit in the text, and a running check never passes old
// findings off as new.

const SAVE_PAUSE_MS = 800; // past the editor's 500 ms autosave pause
const sample = (name) => readFileSync(new URL(`../../corpus/drafts/${name}`, import.meta.url), 'utf8');
const editorValue = (page) => page.evaluate(() => document.querySelector('#draft').value);
const selectedWords = (page) => page.evaluate(() => {
  const ta = document.querySelector('#draft');
  return ta.value.slice(ta.selectionStart, ta.selectionEnd);
});

async function openCheckView(page) {
  await page.click('[data-nav="check"]');
  await page.waitForFunction(() => document.querySelector('#draft') && !document.querySelector('#draft').readOnly);
}

async function runCheck(page) {
  await page.getByRole('button', { name: 'Check claims' }).click();
  await page.locator('[data-testid="claim-card"]').first().waitFor({ timeout: 60000 });
}

test('a typed draft survives another view and a reload, caret included', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await openCheckView(page);
  const box = page.locator('#draft');
  await box.fill('# Launch notes\n\nTallyhub Go ships on Friday.');
  await box.press('End');
  await page.keyboard.type(' Typed by hand.');
  const text = '# Launch notes\n\nTallyhub Go ships on Friday. Typed by hand.';
  assert.equal(await editorValue(page), text);

  // another view and back: the editor is as it was
  await page.click('[data-nav="corpus"]');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await openCheckView(page);
  assert.equal(await editorValue(page), text);

  // a reload after the autosave pause: the text and the caret (mid-text) come back
  await box.press('End');
  await page.keyboard.type(' More.');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const caret = await box.evaluate((el) => el.selectionStart);
  assert.ok(caret > 0 && caret < text.length, `caret mid-text at ${caret}`);
  await page.getByTestId('draft-saved').getByText('Saved').waitFor({ timeout: 5000 });
  await page.waitForTimeout(SAVE_PAUSE_MS);
  await page.reload();
  await page.waitForFunction(() => window.go?.app?.DraftService, null, { timeout: 15000 });
  await page.waitForFunction((want) => document.querySelector('#draft')?.value === want, text + ' More.', { timeout: 10000 });
  assert.equal(await page.evaluate(() => document.querySelector('#draft').selectionStart), caret, 'the caret is where it was');
  await shot('workbench-restored');

  // a reload before the pause ends: the unload saves it
  await page.locator('#draft').focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Last.');
  await page.reload();
  await page.waitForFunction(() => window.go?.app?.DraftService, null, { timeout: 15000 });
  await page.waitForFunction((want) => document.querySelector('#draft')?.value === want, text + ' More. Last.', { timeout: 10000 });
  assert.deepEqual(problems, []);
});

test('findings are marked in the text; F8 walks them, hover shows a card, a dismissal with its reason outlives a reload', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await openCheckView(page);
  await page.getByRole('button', { name: /refund-newsletter\.md/ }).click();
  await page.waitForFunction(() => document.querySelector('#draft').value.includes('14 days'));
  await runCheck(page);
  // the Check button was pressed: focus goes to the findings, never to the page
  await page.waitForFunction(() => document.activeElement?.id === 'findings-title');
  assert.match(await page.getByTestId('check-announce').textContent(), /^Check done: \d+ claims checked, \d+ voice issues$/);

  // one editor: the marks are drawn under it, none is a second copy of the draft
  assert.equal(await page.locator('.annotated-draft').count(), 0);
  const marks = page.getByTestId('draft-marks');
  const contradicted = marks.locator('mark.mk-contradicted').first();
  await contradicted.waitFor();
  assert.match(await contradicted.getAttribute('aria-label'), /^Contradicted claim: /);
  assert.ok((await marks.locator('.mk-icon[data-icon="✗"]').count()) > 0, 'a contradicted mark carries ✗');
  assert.ok((await marks.locator('mark.mk-voice').count()) > 0, 'voice issues are marked too');

  // one list, claims and voice together, in draft order
  const items = page.getByTestId('findings-list').locator(':scope > li');
  assert.ok((await items.locator('[data-testid="voice-card"]').count()) > 0);
  assert.ok((await items.locator('[data-testid="claim-card"]').count()) > 0);

  // F8 from the editor selects the next finding's words and marks its card
  await page.locator('#draft').focus();
  await page.evaluate(() => document.querySelector('#draft').setSelectionRange(0, 0));
  const cardText = async (i) => (await items.nth(i).locator('.claim-title, .voice-passage').first().textContent()).replace(/^“|”$/g, '');
  await page.keyboard.press('F8');
  assert.equal(await selectedWords(page), await cardText(0));
  assert.equal(await items.nth(0).locator('[aria-current="true"]').count(), 1);
  await page.keyboard.press('F8');
  assert.equal(await selectedWords(page), await cardText(1));
  assert.equal(await items.nth(1).locator('[aria-current="true"]').count(), 1);
  await page.getByTestId('finding-popover').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'draft', 'focus stays in the editor');
  await page.keyboard.press('Shift+F8');
  assert.equal(await selectedWords(page), await cardText(0));
  await shot('workbench-f8');

  // hovering a mark shows its card
  await page.keyboard.press('Escape');
  await page.getByTestId('finding-popover').waitFor({ state: 'detached' });
  const box = await contradicted.boundingBox();
  await page.mouse.move(box.x + Math.min(20, box.width / 2), box.y + box.height / 2);
  const popover = page.getByTestId('finding-popover');
  await popover.waitFor();
  assert.match(await popover.getByTestId('popover-claim-card').first().textContent(), /Contradicted/);
  await shot('workbench-hover-card');
  await page.mouse.move(5, 5);
  await popover.waitFor({ state: 'detached' });

  // dismiss the contradicted claim with a reason
  const card = page.locator('[data-testid="claim-card"][data-verdict="contradicted"]', { hasText: '14 days' }).first();
  await card.getByRole('button', { name: /^Dismiss claim/ }).click();
  const form = card.getByTestId('dismiss-form');
  await form.getByRole('button', { name: 'Correct, corpus outdated' }).click();
  assert.equal(await form.getByLabel('Reason', { exact: true }).inputValue(), 'Correct, corpus outdated');
  await shot('workbench-dismiss-form');
  await form.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await card.waitFor({ state: 'detached' }); // dismissed findings are hidden…
  // …and kept as a 👎 with the reason in triage
  await page.getByTestId('triage-list').getByTestId('triage-note').getByText('Correct, corpus outdated').first().waitFor();
  // a voice issue too
  const voice = page.getByTestId('voice-card').first();
  const passage = await voice.locator('.voice-passage').textContent();
  await voice.getByRole('button', { name: /^Dismiss voice issue/ }).click();
  await voice.getByTestId('dismiss-form').getByLabel('Reason', { exact: true }).fill('House style for this newsletter');
  await voice.getByTestId('dismiss-form').getByRole('button', { name: 'Dismiss', exact: true }).click();

  // after a reload the same check is back, the dismissals with it
  await page.reload();
  await page.waitForFunction(() => window.go?.app?.CheckService, null, { timeout: 15000 });
  await page.locator('[data-testid="claim-card"]').first().waitFor({ timeout: 15000 });
  assert.equal(await page.locator('[data-testid="claim-card"][data-verdict="contradicted"]', { hasText: '14 days' }).count(), 0);
  await page.getByTestId('show-dismissed').check();
  const again = page.locator('[data-testid="claim-card"][data-dismissed="true"]', { hasText: '14 days' }).first();
  await again.waitFor();
  assert.match(await again.getByTestId('dismissed-note').textContent(), /Dismissed: Correct, corpus outdated/);
  const voiceAgain = page.locator('[data-testid="voice-card"][data-dismissed="true"]', { hasText: passage.replace(/^“|”$/g, '') }).first();
  assert.match(await voiceAgain.getByTestId('dismissed-note').textContent(), /House style for this newsletter/);
  assert.ok((await marks.locator('mark.mk-dismissed').count()) > 0, 'shown dismissed, struck through in the text');
  await shot('workbench-dismissed-after-reload');

  // restore both, so other tests see a clean check
  await again.getByRole('button', { name: /^Restore/ }).click();
  await voiceAgain.getByRole('button', { name: /^Restore/ }).click();
  await page.locator('[data-testid="claim-card"][data-dismissed="true"]').first().waitFor({ state: 'detached' });
  await page.getByTestId('show-dismissed').uncheck();
  assert.deepEqual(problems, []);
});

test('a long draft with over a hundred findings: Shift+F8 wraps to the last one and scrolls its mark into view', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await openCheckView(page);
  const names = ['refund-newsletter.md', 'pricing-faq.md', 'security-page-refresh.md', 'api-v2-migration-reminder.md', 'tallyhub-go-anniversary.md', 'prompt-injection.md'];
  await page.locator('#draft').fill(names.map(sample).join('\n\n'));
  await runCheck(page);
  const count = await page.getByTestId('findings-count').textContent();
  assert.ok(Number(count.match(/\d+/)[0]) > 100, `findings: ${count}`);
  await page.locator('#draft').focus();
  await page.evaluate(() => document.querySelector('#draft').setSelectionRange(0, 0));
  await page.keyboard.press('Shift+F8');
  const last = page.getByTestId('findings-list').locator(':scope > li').last();
  assert.equal(await last.locator('[aria-current="true"]').count(), 1, 'the last finding is selected');
  const words = await last.locator('.claim-title, .voice-passage').first().textContent();
  assert.equal(await selectedWords(page), words.replace(/^“|”$/g, ''));
  const mark = page.getByTestId('draft-marks').locator('mark.mk-selected').first();
  const [m, ta] = [await mark.boundingBox(), await page.locator('#draft').boundingBox()];
  assert.ok(m.y >= ta.y && m.y + m.height <= ta.y + ta.height, 'the selected mark is inside the visible editor');
  await shot('workbench-long-draft');
  assert.deepEqual(problems, []);
});

test('a running check clears the old findings, shows its progress and cancels', async (t) => {
  const { page, problems, shot } = await openApp(t);
  // A model server that accepts and never answers keeps the LLM check running.
  const sockets = new Set();
  const server = http.createServer(() => {});
  server.on('connection', (s) => sockets.add(s));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const original = await page.evaluate(() => window.go.app.SettingsService.Get());
  try {
    await openCheckView(page);
    await page.locator('#draft').fill(sample('pricing-faq.md'));
    await runCheck(page);
    assert.ok((await page.locator('[data-testid="claim-card"]').count()) > 0);

    const port = server.address().port;
    await page.evaluate((s) => window.go.app.SettingsService.Save(s), { ...original, base_url: `http://127.0.0.1:${port}/v1`, max_retries: 0, timeout_seconds: 60 });
    await page.getByLabel('Engine').selectOption('llm');
    await page.locator('#draft').focus();
    await page.keyboard.press('Control+Enter');
    const progress = page.getByTestId('check-progress');
    await progress.waitFor();
    assert.equal(await page.locator('[data-testid="claim-card"]').count(), 0, 'old findings are gone while it runs');
    assert.equal(await page.getByTestId('chip-contradicted').count(), 0, 'and so are their counts');
    // the corpus searches go by fast; the check then waits on the model
    await page.waitForFunction(() => /asking the model 0\/\d+/.test(document.querySelector('[data-testid="check-progress"]')?.textContent ?? ''), null, { timeout: 60000 });
    assert.match(await progress.textContent(), /^Checking · asking the model 0\/\d+ · \d+ s$/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'draft', 'Ctrl+Enter leaves focus in the editor');
    await shot('workbench-running');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await progress.waitFor({ state: 'detached', timeout: 10000 });
    assert.equal(await page.getByTestId('check-announce').textContent(), 'Check cancelled');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'findings-title', 'focus moves to the findings, not the page');
    assert.equal(await page.locator('[data-testid="claim-card"]').count(), 0);
  } finally {
    await page.evaluate((s) => window.go.app.SettingsService.Save(s), original);
    for (const s of sockets) s.destroy();
    server.close();
  }
  assert.deepEqual(problems, []);
});

test('a rich paste keeps headings as paragraphs; a dropped file opens, a bad one says why', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await openCheckView(page);
  const box = page.locator('#draft');
  await box.fill('Intro line.');
  await box.press('End');
  await box.evaluate((el) => {
    const dt = new DataTransfer();
    dt.setData('text/html', '<h1>Launch notes</h1><p>Tallyhub Go ships <b>today</b>.</p><h2>Pricing</h2><p>It costs $9 a month.</p>');
    dt.setData('text/plain', 'Launch notes Tallyhub Go ships today. Pricing It costs $9 a month.');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => document.querySelector('#draft').value.includes('Pricing'));
  const paragraphs = (await editorValue(page)).split(/\n\s*\n/).map((p) => p.trim());
  assert.equal(paragraphs[0], 'Intro line.');
  assert.ok(paragraphs.includes('# Launch notes'), `headings are paragraphs of their own: ${JSON.stringify(paragraphs)}`);
  assert.ok(paragraphs.includes('## Pricing'));
  assert.ok(paragraphs.some((p) => /^Tallyhub Go ships \*\*today\*\*\.$/.test(p)));

  // plain text is the browser's to paste: the editor leaves it alone
  const leftAlone = await box.evaluate((el) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', ' plain');
    return el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  assert.equal(leftAlone, true, 'a plain-text paste is not intercepted');
  await shot('workbench-rich-paste');

  const drop = (name, type, content) =>
    box.evaluate((el, [name, type, content]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(content)], name, { type }));
      for (const kind of ['dragenter', 'dragover', 'drop']) el.dispatchEvent(new DragEvent(kind, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, [name, type, content]);
  await drop('notes.txt', 'text/plain', [...Buffer.from('Dropped notes.\n\nRefunds take 30 days.\n')]);
  await page.waitForFunction(() => document.querySelector('#draft').value.startsWith('Dropped notes.'));
  assert.match(await page.getByTestId('draft-file-name').textContent(), /notes\.txt/);
  // Ctrl+Z brings the pasted text back: opening a file is one undoable edit
  await box.focus();
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('#draft').value.startsWith('Intro line.'));

  await drop('report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', [0, 1, 2, 3, 80, 75, 9, 9]);
  const err = page.getByTestId('draft-file-error');
  await err.waitFor();
  assert.match(await err.textContent(), /^report\.docx: /);
  await shot('workbench-drop-error');
  assert.deepEqual(problems, []);
});
