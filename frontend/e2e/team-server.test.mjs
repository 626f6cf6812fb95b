import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { openApp } from './harness.mjs';

const run = promisify(execFile);
const TEAM_URL = process.env.E2E_TEAM_URL;
const [ciBin, ...ciArgs] = (process.env.CI_CMD ?? '').split(' ').filter(Boolean);

test('Settings → Team server: the manager’s desktop shows the run CI records there within 2 s', async (t) => {
  assert.ok(TEAM_URL && process.env.MANAGER_TOKEN && process.env.CI_TOKEN && ciBin, 'run through scripts/e2e.sh: it starts the team server');
  const { page, problems, shot } = await openApp(t);
  try {
    await followTheServer(page, problems, shot);
  } finally {
    // the other tests share this app and work on its own copy: leave it as
    // it was (before the harness closes the browser, which an after hook would race)
    await page.evaluate(() => window.go.app.TeamService.Disconnect());
  }
  const st = await page.evaluate(() => window.go.app.TeamService.Status());
  assert.equal(st.connected, false, 'the app still follows the team server');
});

async function followTheServer(page, problems, shot) {

  await page.click('[data-nav="settings"]');
  await page.getByLabel('Server address').fill(TEAM_URL);
  await page.getByLabel(/Your token/).fill(process.env.MANAGER_TOKEN);
  await page.getByRole('button', { name: 'Connect to the team server' }).click();
  await page.getByTestId('team-status').getByText(/as max \(manager\)/).waitFor();
  await shot('desktop-team-server');

  await page.click('[data-nav="evaluations"]');
  await page.getByLabel('Golden set').selectOption('sample'); // the server's set: this desktop's copy has none
  const runs = () => page.locator('select[aria-label="Run"] option').count();
  const before = await runs();
  const ci = await run(ciBin, [...ciArgs, 'eval', '--server', TEAM_URL, '--set', 'sample', '--engine', 'offline', '--judge', 'none'], {
    env: { ...process.env, CONTINUITY_TOKEN: process.env.CI_TOKEN },
  }).catch((e) => e);
  assert.ok(ci.code === undefined || ci.code === 1, `eval --server: exit ${ci.code}\n${ci.stderr}`);
  const recorded = Date.now();
  while ((await runs()) <= before) {
    assert.ok(Date.now() - recorded < 2000, 'the desktop did not show CI’s run within 2 s');
    await page.waitForTimeout(50);
  }
  console.log(`CI's run shown on the manager's desktop ${Date.now() - recorded} ms after eval --server exited`);
  await page.getByRole('heading', { name: 'Trend' }).waitFor();
  await page.getByText(/golden set “sample”/).first().waitFor();
  await shot('desktop-team-server-run');
  assert.deepEqual(problems, []);
}
