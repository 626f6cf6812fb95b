import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { TOKENS, WEB_URL, editCell, openBrowser, openSet, person, signIn } from './harness.mjs';

const run = promisify(execFile);
const [ciBin, ...ciArgs] = (process.env.CI_CMD ?? '').split(' ').filter(Boolean);

test('an expert edits in the browser, CI runs that version, the manager’s open scorecard shows the run within 2 s', async (t) => {
  const browser = await openBrowser(t);
  const expert = await person(browser, 'expert');
  await signIn(expert.page, TOKENS.expert);
  await openSet(expert.page, 'sample');
  await editCell(expert.page, 'Approved answer of Q003', 'EDITED IN THE BROWSER: the Team plan costs $12 per seat per month.');
  await expert.page.getByTestId('golden-history').getByText(/edited Q003/).waitFor();
  await expert.page.getByRole('button', { name: /^sample · \d+ questions · v2$/ }).waitFor();
  await expert.shot('web-golden-edited');

  const manager = await person(browser, 'manager');
  await signIn(manager.page, TOKENS.manager);
  await manager.page.click('[data-nav="evaluations"]');
  await manager.page.getByRole('heading', { level: 1, name: 'Evaluations' }).waitFor();
  await manager.page.getByLabel('Golden set').selectOption('sample');
  const runs = () => manager.page.locator('select[aria-label="Run"] option').count();
  const before = await runs();

  assert.ok(ciBin, 'CI_CMD names the CLI');
  const ci = await run(ciBin, [...ciArgs, 'eval', '--server', WEB_URL, '--set', 'sample', '--engine', 'offline', '--judge', 'none'], {
    env: { ...process.env, CONTINUITY_TOKEN: TOKENS.ci },
  }).catch((e) => e);
  // exit 0 passes the gate, 1 fails it: either way the run was recorded; 2 is an error
  assert.ok(ci.code === undefined || ci.code === 1, `eval --server: exit ${ci.code}\n${ci.stderr}`);
  assert.doesNotMatch(`${ci.stdout}${ci.stderr}`, new RegExp(TOKENS.ci), 'the CI token was printed');
  assert.match(ci.stderr, /recorded on/);
  const recorded = Date.now();

  while ((await runs()) <= before) {
    assert.ok(Date.now() - recorded < 2000, `the manager’s page did not show CI’s run within 2 s (${await runs()} runs)`);
    await manager.page.waitForTimeout(50);
  }
  const shownAfter = Date.now() - recorded;
  // the new run is the one shown, and it is of the expert's version
  await manager.page.getByText(/golden set “sample” v2/).waitFor();
  await manager.page.getByRole('heading', { name: 'Trend' }).waitFor();
  console.log(`CI's run shown on the manager's open page ${shownAfter} ms after eval --server exited`);
  await manager.shot('web-evaluations-ci-run');
  assert.deepEqual([...expert.problems, ...manager.problems], []);
});

test('an edit of a version someone else changed is refused with both versions, and nothing is overwritten', async (t) => {
  const browser = await openBrowser(t);
  const [ana, bo] = [await person(browser, 'ana'), await person(browser, 'bo')];
  for (const p of [ana, bo]) {
    await signIn(p.page, TOKENS.expert);
    await openSet(p.page, 'sample');
  }
  await editCell(ana.page, 'Question of Q004', 'Is it cheaper to pay yearly? (Ana)');
  await ana.page.getByTestId('golden-history').getByText(/edited Q004/).waitFor();
  await editCell(bo.page, 'Question of Q004', 'Is a yearly plan cheaper? (Bo)');
  const refusal = bo.page.getByRole('alert').filter({ hasText: 'Not saved' });
  await refusal.waitFor();
  assert.match(await refusal.textContent(), /changed to version \d+ after the version \d+ you edited\. It now reads “Is it cheaper to pay yearly\? \(Ana\)”; yours was “Is a yearly plan cheaper\? \(Bo\)”/);
  await bo.shot('web-golden-conflict');
  await openSet(bo.page, 'sample');
  await bo.page.getByRole('button', { name: /Edit Question of Q004/ }).getByText('(Ana)').waitFor();
  assert.deepEqual([...ana.problems, ...bo.problems], []);
});

test('a writer’s browser cannot read or edit golden sets; a bad token is refused; sign-out ends the session', async (t) => {
  const browser = await openBrowser(t);
  const w = await person(browser, 'writer');
  await w.page.getByLabel('API token').fill('ctn_not-a-token');
  await w.page.getByRole('button', { name: 'Sign in' }).click();
  await w.page.getByRole('alert').getByText('the token is unknown or revoked').waitFor();
  await signIn(w.page, TOKENS.writer);
  await w.page.click('[data-nav="golden"]');
  await w.page.getByRole('alert').filter({ hasText: 'a writer may not read golden sets' }).first().waitFor();
  await w.shot('web-writer-refused');
  await w.page.reload();
  await w.page.getByTestId('signed-in').getByText('(writer)').waitFor(); // the session survives a reload
  await w.page.getByRole('button', { name: 'Sign out' }).click();
  await w.page.getByLabel('API token').waitFor();
  await w.page.reload();
  await w.page.getByLabel('API token').waitFor(); // and stays ended
  assert.deepEqual(w.problems, []);
});

test('an expert adds a question in the browser, deletes it, and restores the version that had it', async (t) => {
  const browser = await openBrowser(t);
  const ex = await person(browser, 'expert-rows');
  await signIn(ex.page, TOKENS.expert);
  await openSet(ex.page, 'sample');
  const ids = async () => (await ex.page.getByRole('button', { name: /^Delete Q\d+$/ }).evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))));
  const before = await ids();
  await ex.page.getByRole('button', { name: 'Add question' }).click();
  await ex.page.getByTestId('golden-history').getByText(/ added Q\d+/).first().waitFor();
  const added = (await ids()).filter((id) => !before.includes(id));
  assert.equal(added.length, 1, `one new row, got ${added}`);
  const id = added[0].replace('Delete ', '');
  const addedEntry = await ex.page.getByTestId('golden-history').locator('li').filter({ hasText: `added ${id}` }).textContent();
  const versionWithIt = Number(addedEntry.match(/^v(\d+)/)[1]);
  await ex.page.getByRole('button', { name: added[0] }).click();
  await ex.page.getByTestId('golden-history').getByText(`deleted ${id}`).waitFor();
  assert.equal((await ids()).length, before.length);
  await ex.page.getByRole('button', { name: `Restore version ${versionWithIt}` }).click();
  await ex.page.getByTestId('golden-history').getByText(`restored version ${versionWithIt}`).waitFor();
  await ex.page.getByRole('button', { name: added[0] }).waitFor();
  await ex.shot('web-golden-restored');
  assert.deepEqual(ex.problems, []);
});

test('an expert creates a set in the browser, renames it and deletes it', async (t) => {
  const browser = await openBrowser(t);
  const ex = await person(browser, 'expert-sets');
  await signIn(ex.page, TOKENS.expert);
  await ex.page.click('[data-nav="golden"]');
  await ex.page.getByLabel('New set name').fill('web-made');
  await ex.page.getByRole('button', { name: 'New blank set' }).click();
  await ex.page.getByRole('grid', { name: 'Golden set web-made' }).waitFor();
  await ex.page.getByRole('button', { name: 'Rename…' }).click();
  await ex.page.getByLabel('New name').fill('web-renamed');
  await ex.page.getByRole('button', { name: 'Save name' }).click();
  await ex.page.getByRole('grid', { name: 'Golden set web-renamed' }).waitFor();
  await ex.page.getByRole('button', { name: /^web-renamed · 0 questions · v1$/ }).waitFor();
  await ex.page.getByRole('button', { name: 'Delete…' }).click();
  await ex.page.getByRole('alertdialog').getByRole('button', { name: /^Delete/ }).click();
  await ex.page.getByTestId('golden-notice').getByText('Deleted “web-renamed”').waitFor();
  assert.equal(await ex.page.getByRole('button', { name: /^web-(made|renamed) ·/ }).count(), 0);
  await ex.shot('web-golden-set-deleted');
  assert.deepEqual(ex.problems, []);
});
