// What the studio's browser tests share: the UI built once into .tmp/studio-ui (where src/studio/assets-dir.ts
// finds it from the sources), the system Chromium driven by playwright-core (it never downloads a browser), and
// screenshots.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { buildStudioUi } from '../../../scripts/build-studio-ui.mjs';
import { findChromium } from '../../../scripts/find-chromium.mjs';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** Builds the browser app from the current sources into .tmp/studio-ui and returns that directory. */
export async function buildAssets(): Promise<string> {
  const dir = join(repo, '.tmp/studio-ui');
  await buildStudioUi(dir);
  return dir;
}

/**
 * Headless Chromium on the closed network: without these switches it waits on component updates, sync and QUIC
 * that never answer. playwright-core gives it a fresh --user-data-dir and removes it on close.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (executablePath === undefined)
    throw new Error(
      "no Chromium found (/usr/bin/chromium or STUDIO_CHROMIUM): `npm test` leaves these tests out then; install Debian's chromium to run them",
    );
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Saves a screenshot of the page into .tmp/studio-browser/; with UPDATE_SCREENSHOTS=1 also into docs/studio/ (the
 * committed ones docs/studio.md shows: a plain test run never rewrites them, as it never rewrites goldens).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join(repo, '.tmp/studio-browser');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    mkdirSync(join(repo, 'docs/studio'), { recursive: true });
    copyFileSync(file, join(repo, 'docs/studio', `${name}.png`));
  }
}
