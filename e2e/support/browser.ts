import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { projectRoot } from '../../server/lib/paths.js';

/** Where the browser tests leave what a person looks at afterwards: screenshots, downloaded reports (git ignores it). */
export const ARTIFACTS = path.join(projectRoot, 'e2e/artifacts');

/** A file's path in ARTIFACTS. */
export function artifact(...parts: string[]): string {
  return path.join(ARTIFACTS, ...parts);
}

/** Debian's Chromium (no browser downloads here); CHROME_PATH overrides. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/** How many pixels the page is wider than the window (0 or less: it never scrolls sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Nothing on the page is wider than the window: a phone never scrolls the page sideways (long text wraps or truncates). */
export async function expectNoSidewaysScroll(page: Page, where = 'the page'): Promise<void> {
  expect(await sidewaysOverflow(page), `${where}: pixels wider than the window`).toBeLessThanOrEqual(0);
}
