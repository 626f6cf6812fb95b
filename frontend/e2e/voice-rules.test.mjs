import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';

// Settings says which voice rules are in force. Run against a workspace
// with a .vale.ini at its root it names the Vale styles; against the
// sample workspace it names guidelines.md.
test('settings names the active voice rules', async (t) => {
  const { page, problems, shot } = await openApp(t);
  await page.click('[data-nav="settings"]');
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  const line = page.getByTestId('voice-rules');
  await line.waitFor({ timeout: 15000 });
  const text = await line.textContent();
  const rules = await page.evaluate(() => window.go.app.VoiceService.GetVoiceRules());
  if (rules.kind === 'vale') {
    assert.match(text, /Voice rules: \.vale\.ini \(Vale style /);
  } else {
    assert.match(text, /Voice rules: guidelines\.md/);
  }
  await shot(`settings-voice-rules-${rules.kind}`);
  assert.deepEqual(problems, []);
});
