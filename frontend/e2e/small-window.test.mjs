import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OUT_DIR, openApp } from './harness.mjs';
import { selectSampleSet } from './evals-harness.mjs';

// A small laptop window (1024×700): the draft and its findings on one
// screen, keyboard focus that follows the chosen view, a skip link, the
// OS's dark mode, chips that stop counting a dismissed finding, and an
// export that says where it went.

const view = (page, name) => page.screenshot({ path: path.join(OUT_DIR, `${name}.png`) }); // what is on screen, not the whole page

// onScreen: the element's box within the viewport (its top part at least, for a long card).
async function onScreen(page, locator, what) {
  const box = await locator.boundingBox();
  assert.ok(box, `${what} has a box`);
  const vp = page.viewportSize();
  assert.ok(box.x >= 0 && box.x + box.width <= vp.width, `${what} fits the width: ${JSON.stringify(box)}`);
  assert.ok(box.y >= 0 && box.y + Math.min(box.height, 60) <= vp.height, `${what} starts on screen: ${JSON.stringify(box)}`);
  return box;
}

const countOf = async (chip) => Number((await chip.textContent()).match(/(\d+)\s*$/)[1]);

test('at 1024×700 the editor and the findings share the screen; a dismissed finding leaves its chip; the export says where it saved; dark mode follows the OS', async (t) => {
  const { page, problems } = await openApp(t);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.click('[data-nav="check"]');
  await page.getByRole('button', { name: /refund-newsletter\.md/ }).click();
  await page.waitForFunction(() => document.querySelector('#draft')?.value.includes('14 days'));
  await page.getByRole('button', { name: 'Check claims' }).click();
  const first = page.getByTestId('findings-list').locator('li').first();
  await first.waitFor({ timeout: 90000 });
  await page.evaluate(() => window.scrollTo(0, 0));

  const editor = await onScreen(page, page.locator('#draft'), 'the editor');
  assert.ok(editor.height >= 150, `the editor keeps room to write: ${editor.height}px`);
  const card = await onScreen(page, first, 'the first finding');
  assert.ok(card.x >= editor.x + editor.width, 'the findings sit beside the editor');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'nothing was scrolled');
  await view(page, 'small-window-check');

  // dismissing a contradicted claim takes it out of its chip's count; restoring puts it back
  const chip = page.getByTestId('chip-contradicted');
  const before = await countOf(chip);
  assert.ok(before >= 1, `a contradicted claim to dismiss: ${await chip.textContent()}`);
  const contradicted = page.locator('[data-testid="claim-card"][data-verdict="contradicted"]').first();
  await contradicted.getByRole('button', { name: /^Dismiss claim/ }).click();
  const form = contradicted.getByTestId('dismiss-form');
  await form.getByRole('button', { name: 'Intended' }).click();
  await form.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="chip-contradicted"]')?.textContent.trim().endsWith(String(n)), before - 1);
  assert.equal(await chip.getAttribute('title'), '1 dismissed, not counted');
  await view(page, 'small-window-dismissed');
  await page.getByTestId('show-dismissed').check();
  await page.locator('[data-testid="claim-card"][data-dismissed="true"]').first().getByRole('button', { name: /^Restore claim/ }).click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="chip-contradicted"]')?.textContent.trim().endsWith(String(n)), before);
  assert.equal(await chip.getAttribute('title'), null);
  await page.getByTestId('show-dismissed').uncheck();

  // the export names the file it wrote, beside its button. A browser cannot
  // drive the native save dialog: the one bound call that opens it answers
  // with a path, as the dialog would.
  const saved = path.join(OUT_DIR, 'draft-check.html');
  await page.evaluate((p) => {
    window.go.app.CheckService.SaveReport = async () => p;
  }, saved);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('.check-export').getByRole('button', { name: 'HTML' }).click();
  const note = page.locator('.check-export').getByTestId('saved-path');
  await note.waitFor();
  assert.equal((await note.locator('span').first().textContent()).trim(), `Saved to ${saved}`);
  await onScreen(page, note, 'the saved-to note');
  await note.getByRole('button', { name: `Copy the path ${saved}` }).click();
  await note.getByText('Copied').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), saved);

  // dark mode from the OS setting
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\d+/g).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  };
  assert.ok(luminance(await background()) > 0.8, `light by default: ${await background()}`);
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.ok(luminance(await background()) < 0.15, `dark with the OS: ${await background()}`);
  const panel = await page.locator('.editor-panel').evaluate((e) => getComputedStyle(e).backgroundColor);
  assert.ok(luminance(panel) < 0.2, `panels are dark too: ${panel}`);
  const text = await page.locator('#draft').evaluate((e) => getComputedStyle(e).color);
  assert.ok(luminance(text) > 0.7, `the draft's text is light on dark: ${text}`);
  await view(page, 'small-window-dark');
  assert.deepEqual(problems, []);
});

test('keyboard: a skip link first, and choosing a view moves focus into it', async (t) => {
  const { page, problems } = await openApp(t);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('heading', { level: 1, name: 'Check a draft' }).waitFor();
  const focused = () =>
    page.evaluate(() => {
      const a = document.activeElement;
      return { tag: a?.tagName, text: a?.textContent?.trim(), inMain: !!a?.closest('main') };
    });

  await page.keyboard.press('Tab');
  assert.deepEqual(await focused(), { tag: 'A', text: 'Skip to content', inMain: false });
  const skip = await page.locator('.skip-link').boundingBox();
  assert.ok(skip && skip.y >= 0, 'the skip link shows when focused');
  await view(page, 'small-window-skip-link');
  await page.keyboard.press('Enter');
  assert.deepEqual(await focused(), { tag: 'H1', text: 'Check a draft', inMain: true });
  assert.match(page.url(), /#\/check$|\/$/, 'the skip link leaves the view in the URL alone');

  // Enter on a navigation item
  await page.locator('[data-nav="corpus"]').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Corpus' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  assert.deepEqual(await focused(), { tag: 'H1', text: 'Corpus', inMain: true });
  // a click
  await page.click('[data-nav="golden"]');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Golden sets');
  assert.deepEqual(await focused(), { tag: 'H1', text: 'Golden sets', inMain: true });
  // Tab goes on inside the view
  await page.keyboard.press('Tab');
  assert.equal((await focused()).inMain, true, 'the next Tab stays in the view');
  await view(page, 'small-window-nav-focus');
  assert.deepEqual(problems, []);
});

test('the scorecard and golden exports say where they saved, beside their buttons', async (t) => {
  const { page, problems } = await openApp(t);
  await page.setViewportSize({ width: 1024, height: 700 });
  const dir = mkdtempSync(path.join(tmpdir(), 'continuity-e2e-export-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  await selectSampleSet(page);

  // a quick run: recorded answers (the approved ones), deterministic metrics only
  const rows = await page.evaluate(async () => (await window.go.app.GoldenService.GetSet('golden')).rows);
  const recorded = path.join(dir, 'recorded.jsonl');
  writeFileSync(recorded, rows.map((r) => JSON.stringify({ id: r.id, response: r.approved_answer, retrieved_contexts: [], retrieved_context_ids: r.reference_doc_ids ?? [] })).join('\n') + '\n');
  // the native dialogs cannot be driven: each bound call that opens one answers with a path
  await page.evaluate(
    ({ recorded, dir }) => {
      const go = window.go.app;
      go.EvalService.ChooseTargetFile = async () => recorded;
      go.EvalService.ExportScorecard = async (runID, baseline, format) => `${dir}/scorecard-${runID}.${format}`;
      go.GoldenService.ExportDialog = async (set) => `${dir}/${set}.xlsx`;
    },
    { recorded, dir },
  );
  await page.getByLabel('Recorded responses (file…)').check();
  await page.getByRole('button', { name: 'Choose responses file…' }).click();
  await page.getByTestId('target-file').getByText('recorded.jsonl').waitFor();
  await page.getByLabel('Judge').selectOption({ label: 'None — deterministic metrics only' });
  const before = await page.getByLabel('Run').locator('option').count().catch(() => 0);
  await page.getByRole('button', { name: 'Run evaluation' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('select[aria-label="Run"] option').length > n, before, { timeout: 90000 });
  const runId = await page.getByLabel('Run').inputValue();

  for (const [button, format] of [['Export Excel', 'xlsx'], ['Export HTML', 'html']]) {
    await page.getByRole('button', { name: button }).click();
    const note = page.locator('.ev-runbar').getByTestId('saved-path');
    await note.getByText(`scorecard-${runId}.${format}`).waitFor();
    assert.equal((await note.locator('span').first().textContent()).trim(), `Scorecard saved to ${dir}/scorecard-${runId}.${format}`);
    await onScreen(page, note, `the ${format} note`);
  }
  await view(page, 'small-window-scorecard-saved');

  await page.click('[data-nav="golden"]');
  await page.getByRole('button', { name: /^golden · \d+ questions/ }).click();
  await page.getByRole('button', { name: 'Export Excel…' }).click();
  const note = page.getByTestId('saved-path');
  await note.waitFor();
  assert.equal((await note.locator('span').first().textContent()).trim(), `Exported to ${dir}/golden.xlsx`);
  await onScreen(page, note, 'the golden export note');
  await view(page, 'small-window-golden-saved');
  assert.deepEqual(problems, []);
});
