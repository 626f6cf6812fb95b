// Shared browser harness: Debian's Chromium driven by playwright-core
// against the dev-tagged app serving frontend/dist (see scripts/e2e.sh).
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const BASE_URL = process.env.E2E_URL ?? 'http://127.0.0.1:34115/';
export const OUT_DIR = process.env.E2E_OUT ?? path.resolve('..', 'test-output', 'e2e');

// Wails' /wails/ipc.js expects a native webview; in a plain browser it
// throws this once. It is the only noise we tolerate.
const KNOWN_NOISE = [/Cannot read properties of null \(reading 'nodes'\)/];

export async function openApp(t) {
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
  const problems = [];
  page.on('pageerror', (e) => {
    if (!KNOWN_NOISE.some((re) => re.test(e.message))) problems.push(`pageerror: ${e.message}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !KNOWN_NOISE.some((re) => re.test(m.text()))) problems.push(`console: ${m.text()}`);
  });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  t.after(async () => browser.close());
  await page.goto(BASE_URL);
  await page.waitForFunction(() => window.go?.app?.CorpusService, null, { timeout: 15000 });
  return { page, problems, shot: (name) => page.screenshot({ path: path.join(OUT_DIR, `${name}.png`), fullPage: true }) };
}

// until polls fn (a failing fn counts as not yet) until it holds, and
// names what never happened.
export async function until(page, what, fn, ms = 60000) {
  const deadline = Date.now() + ms;
  while (!(await fn().catch(() => false))) {
    assert.ok(Date.now() < deadline, `${what} never happened`);
    await page.waitForTimeout(200);
  }
}

// syncCorpus syncs through the Corpus view. The tests share one app: a
// check of an earlier test may still hold the index, and the sync then
// says so ("Sync failed: …") instead of waiting, so it syncs again once the
// index is free and names the failure if it stays. A source viewer left
// open by a failed step would cover the navigation, so it is closed first.
export async function syncCorpus(page) {
  if (await page.locator('.source-backdrop').count()) {
    await page.keyboard.press('Escape');
    await page.locator('.source-backdrop').waitFor({ state: 'detached', timeout: 5000 }).catch(() => page.reload());
  }
  await page.click('[data-nav="corpus"]');
  await page.getByRole('heading', { level: 1, name: 'Corpus' }).waitFor();
  const finished = async () => (await page.getByText('Sync finished').count()) > 0;
  const failed = () => page.getByText(/Sync failed/);
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: /Sync index/ }).click();
    await until(page, 'sync finished or failed', async () => (await finished()) || (await failed().count()) > 0);
    if (await finished()) return;
    assert.ok(attempt < 3, `the sync kept failing: ${await failed().first().textContent()}`);
    await page.waitForTimeout(2000);
  }
}
