import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { TOKENS, openBrowser, person, signIn } from './harness.mjs';

// The newsletter restates the archived 14-day refund window; the served
// corpus says 30 days.
const draft = readFileSync(new URL('../../corpus/drafts/refund-newsletter.md', import.meta.url), 'utf8');
const contradicted = (page) => page.locator('[data-testid="claim-card"][data-verdict="contradicted"]', { hasText: '14 days' }).first();

test('a writer checks a draft in the browser; the 👎 reaches the expert’s triage, who turns it into a golden question', async (t) => {
  const browser = await openBrowser(t);
  const w = await person(browser, 'writer-check');
  await signIn(w.page, TOKENS.writer);
  await w.page.getByRole('heading', { level: 1, name: 'Check a draft' }).waitFor(); // a writer lands on Check
  assert.equal(await w.page.getByRole('button', { name: 'Edit guidelines' }).count(), 0, 'guidelines are the desktop’s');
  await w.page.locator('#draft').fill(draft);
  await w.page.getByRole('button', { name: 'Check claims' }).click();
  const card = contradicted(w.page);
  await card.waitFor({ timeout: 60000 });
  assert.match(await card.textContent(), /Draft says.*14 days.*Corpus says.*30 days/s);
  await w.page.getByTestId('check-history').getByText('Your billing questions, answered').first().waitFor();
  await card.getByRole('button', { name: 'Verdict is wrong' }).click();
  await card.getByTestId('triage-cause').getByTestId('triage-cause-why').waitFor({ timeout: 30000 });
  assert.match(await card.getByTestId('triage-cause-why').textContent(), /^Suggested: .+, because .+\.$/);
  await w.page.getByTestId('triage-list').getByText('14 days').first().waitFor();
  await w.shot('web-check-results');

  // the report downloads as the desktop saves it
  const [download] = await Promise.all([w.page.waitForEvent('download'), w.page.getByRole('button', { name: 'Markdown' }).click()]);
  assert.match(download.suggestedFilename(), /^draft-check-\d+\.md$/);

  // a reload brings back the draft (kept in this browser) and its check (kept on the server)
  await w.page.reload();
  await contradicted(w.page).waitFor({ timeout: 30000 });
  assert.equal(await w.page.locator('#draft').inputValue(), draft);

  const ex = await person(browser, 'expert-triage');
  await signIn(ex.page, TOKENS.expert);
  await ex.page.click('[data-nav="check"]');
  const item = ex.page.getByTestId('triage-list').locator('li', { hasText: '14 days' }).first();
  await item.getByRole('button', { name: 'Add as golden question' }).click();
  const asked = await item.getByLabel('Question', { exact: true }).inputValue();
  await item.getByRole('button', { name: 'Add question' }).click();
  const added = await ex.page.getByTestId('triage-list').getByTestId('triage-added').first().textContent();
  assert.match(added, /^Added to triage as Q\d{3}$/);
  await ex.page.click('[data-nav="golden"]');
  await ex.page.getByRole('button', { name: /^triage ·/ }).click();
  await ex.page.locator('tbody tr', { hasText: added.split(' ').pop() }).getByText(asked).waitFor();
  await ex.shot('web-check-triage-golden');
  // leave no extra set for the other tests
  await ex.page.getByRole('button', { name: 'Delete…' }).click();
  await ex.page.getByRole('alertdialog').getByRole('button', { name: /^Delete/ }).click();
  await ex.page.getByTestId('golden-notice').getByText('Deleted “triage”').waitFor();
  assert.deepEqual([...w.problems, ...ex.problems], []);
});

test('a writer opens a Word file in the browser; a file the server cannot read says which and why', async (t) => {
  const browser = await openBrowser(t);
  const w = await person(browser, 'writer-files');
  await signIn(w.page, TOKENS.writer);
  await w.page.locator('#draft').fill('My own words, edited.');
  await w.page.locator('#draft').blur();
  const open = async (name, buffer) => {
    const [chooser] = await Promise.all([w.page.waitForEvent('filechooser'), w.page.getByRole('button', { name: /Open file/ }).click()]);
    await chooser.setFiles({ name, mimeType: 'application/octet-stream', buffer });
  };
  await open('notes.md', Buffer.from('# Notes\n\nRefunds take 30 days.\n'));
  await w.page.waitForFunction(() => document.querySelector('#draft')?.value.startsWith('# Notes'));
  await w.page.getByTestId('draft-replaced').waitFor(); // the edited draft it replaced can be undone
  await open('fake.docx', Buffer.from('not a zip'));
  assert.match(await w.page.getByTestId('draft-file-error').textContent(), /fake\.docx/);
  await w.shot('web-check-file-error');
  assert.deepEqual(w.problems, []);
});
