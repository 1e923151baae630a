import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (Playwright's own browser downloads are not used): the binary is
 * CUSTODY_CHROMIUM_PATH or /usr/bin/chromium (`scripts/ensure-chromium.sh` installs it; `.ci/run` calls it).
 */
export const CHROMIUM_PATH = process.env.CUSTODY_CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type TestBrowser = { browser: Browser; close: () => Promise<void> };

export async function launchChromium(): Promise<TestBrowser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: run scripts/ensure-chromium.sh (apt-get install -y chromium) or set CUSTODY_CHROMIUM_PATH`,
    );
  }
  // playwright-core gives every launch a fresh temporary user-data-dir of its own (and removes it on close); each
  // test then opens its own context, so nothing (sessionStorage included) carries from one test to the next.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return { browser, close: () => browser.close() };
}

/** What the page complained about: uncaught errors and console errors (a CSP violation is one). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 40[134]/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Screenshots for the docs: written only when CUSTODY_CONSOLE_SCREENSHOTS names a folder (npm run docs:console-screenshots). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.CUSTODY_CONSOLE_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name), fullPage: true });
}
