// The web app against a real `continuity serve` on PostgreSQL (scripts/e2e.sh
// starts both and hands over the tokens): one browser, a context (its own
// cookie jar) per person.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const WEB_URL = process.env.E2E_WEB_URL ?? 'http://127.0.0.1:8787/';
export const OUT_DIR = process.env.E2E_OUT ?? path.resolve('..', 'test-output', 'e2e');
export const TOKENS = {
  expert: process.env.EXPERT_TOKEN,
  writer: process.env.WRITER_TOKEN,
  manager: process.env.MANAGER_TOKEN,
  ci: process.env.CI_TOKEN,
};

export async function openBrowser(t) {
  for (const [who, tok] of Object.entries(TOKENS)) assert.ok(tok, `no token for the ${who}: run this suite through scripts/e2e.sh`);
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  t.after(() => browser.close());
  return browser;
}

// person opens the app in a fresh context. Refusals the test provokes are
// 4xx answers; a 5xx, a page error or a console error that is not a
// refused request is a problem.
export async function person(browser, name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`${name}: pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) {
      problems.push(`${name}: console: ${m.text()}`);
    }
  });
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${name}: HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(WEB_URL);
  return { page, problems, shot: (file) => page.screenshot({ path: path.join(OUT_DIR, `${file}.png`), fullPage: true }) };
}

export async function signIn(page, token) {
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('signed-in').waitFor();
}

export async function openSet(page, name) {
  await page.click('[data-nav="golden"]');
  await page.getByRole('button', { name: new RegExp(`^${name} ·`) }).click();
  await page.getByRole('grid', { name: `Golden set ${name}` }).waitFor();
}

export async function editCell(page, label, value) {
  await page.getByRole('button', { name: `Edit ${label}` }).click();
  const box = page.getByLabel(label, { exact: true });
  await box.fill(value);
  await box.press('Enter');
}
