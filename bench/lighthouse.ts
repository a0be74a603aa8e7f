import { existsSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { LOADING_SCREEN_SEEN_KEY } from '../client/lib/constants.js';

/** The pages issue 19 names, at Lighthouse's mobile preset (its default). */
export const LIGHTHOUSE_PAGES = ['/', '/marketplace', '/blog'] as const;

/**
 * `first visit`: a new browser tab, which plays the start-up loading screen of spec 2.2 first. `page`: the same
 * tab later in the session (the loading screen already seen), so that the page's own content is what is measured.
 */
export type LighthouseVisit = 'first visit' | 'page';

export interface LighthouseResult {
  path: string;
  visit: LighthouseVisit;
  performance: number;
  accessibility: number;
  bestPractices: number;
  cls: number;
  lcpMs: number;
  /** The LCP element is an image loaded lazily (true is a defect); undefined when the LCP is not an image. */
  lcpLazy: boolean | undefined;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * Lighthouse (the npm package) in Debian's Chromium against a running server, each page twice (see
 * LighthouseVisit). Scores are 0-100; performance is simulated throttling, so a busy machine lowers it.
 */
export async function lighthouseScores(baseUrl: string): Promise<LighthouseResult[]> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  // chrome-launcher leaves a failed spawn as an unhandled 'error' event, which ends the whole run.
  if (!existsSync(chromePath)) {
    throw new Error(`no browser at ${chromePath}: install Debian's chromium (apt-get install -y chromium)`);
  }
  const chrome = await launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const results: LighthouseResult[] = [];
  try {
    for (const path of LIGHTHOUSE_PAGES) {
      for (const visit of ['first visit', 'page'] as const) {
        const page = await browser.newPage();
        if (visit === 'page') {
          // Runs in the page, before its scripts: as if the loading screen had played earlier in this tab.
          await page.evaluateOnNewDocument(
            `sessionStorage.setItem(${JSON.stringify(LOADING_SCREEN_SEEN_KEY)}, '1')`,
          );
        }
        const run = await lighthouse(
          new URL(path, baseUrl).href,
          {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
          },
          undefined,
          page,
        );
        await page.close();
        if (!run) throw new Error(`Lighthouse gave no result for ${path}`);
        const { categories, audits } = run.lhr;
        const lazy = audits['lcp-lazy-loaded'];
        results.push({
          path,
          visit,
          performance: score(categories.performance?.score),
          accessibility: score(categories.accessibility?.score),
          bestPractices: score(categories['best-practices']?.score),
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
          lcpLazy: lazy?.scoreDisplayMode === 'notApplicable' ? undefined : lazy?.score !== 1,
        });
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return results;
}
