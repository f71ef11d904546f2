import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Headless Chromium from Debian (`apt-get install chromium`), driven by playwright-core: Playwright's own
 * browser download needs the internet. The flags keep Chromium from calling out to Google's services,
 * which this machine's closed network refuses.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: more of Chromium's flags, such as a fake camera's (tests/helpers/fake-camera.ts). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** Where the page screenshots go, one folder per database; .ci/run lists them in its log. */
export const SCREENSHOTS = path.resolve('test-results', 'screenshots', process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/** Screenshots of the page as it is, at phone and desktop width, named `<name>-360.png` and `<name>-1280.png`. */
export async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const before = page.viewportSize() ?? PHONE;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}

/** axe-core's serious and critical findings on the page as it is now, one line each. */
export async function seriousAccessibilityProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
