import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';

// Points the app at a local address where nothing listens, so the test
// needs no network and no key, and checks the failure reads as words.
// The engine stays as it was: the test button works for either engine.
test('test connection explains an unreachable server in plain words', async (t) => {
  const { page, problems, shot } = await openApp(t);
  const original = await page.evaluate(() => window.go.app.SettingsService.Get());
  // Restore inside the test: the harness closes the browser in its own
  // after-hook, and other tests share this data dir.
  try {
    await check(page, original, shot);
  } finally {
    await page.evaluate((s) => window.go.app.SettingsService.Save(s), original);
  }
  assert.deepEqual(problems, []);
});

async function check(page, original, shot) {
  await page.evaluate(async (s) => {
    await window.go.app.SettingsService.Save({ ...s, base_url: 'http://127.0.0.1:9/v1', max_retries: 0, timeout_seconds: 5 });
  }, original);

  await page.click('[data-nav="settings"]');
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByRole('button', { name: 'Test connection' }).click();
  const result = page.getByTestId('connection-result');
  await result.waitFor({ timeout: 20000 });
  const text = await result.textContent();
  assert.match(text, /Not working/);
  assert.match(text, /Could not reach the server/);
  assert.match(text, /127\.0\.0\.1:9/);
  assert.doesNotMatch(text.split('Technical details')[0], /dial tcp|ECONNREFUSED|Post "/, 'jargon outside the details');
  await shot('settings-connection-error');
}
