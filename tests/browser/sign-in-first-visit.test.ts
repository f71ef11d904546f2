import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PHONE } from '../helpers/browser.js';
import { expectAccessible, useBrowserWorld, type BrowserUser } from '../kit/browser.js';

/**
 * Issue 37 #12: the service sends the sign-in page already drawn, so a phone shows the form before the app's scripts
 * have come; the scripts then take it over. Here the scripts are held back until the test lets them through.
 */
let ruth: BrowserUser;
const world = useBrowserWorld('sign-in-first-visit', async (world) => {
  ruth = await world.newUser('Ruth');
});

/** Holds the app's scripts until `release` is called; collects what the page reports as errors. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  return { release, errors };
}

describe('the sign-in page on a first visit', () => {
  it('shows the form before the scripts have come, keeps what was typed meanwhile, and signs in once they have', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      const scripts = await holdScripts(page);
      await page.goto(`${world.base}/sign-in`, { waitUntil: 'commit' });
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByLabel('User name').fill(ruth.userName);
      await page.getByLabel('Password', { exact: true }).fill(ruth.password);
      const button = page.getByRole('button', { name: 'Sign in' });
      assert.ok(await button.isDisabled(), 'the form cannot be sent before the scripts run');
      // Enter would make the browser send the form itself, the password in the address: nothing may happen.
      await page.keyboard.press('Enter');

      scripts.release();
      await button.click();
      await page.getByRole('heading', { name: 'My schedule' }).waitFor();
      assert.doesNotMatch(page.url(), /password/);
      assert.deepEqual(scripts.errors, [], 'React takes the drawn page over without a mismatch');
    } finally {
      await context.close();
    }
  });

  it('is drawn in Spanish for a browser whose language is Spanish, and taken over unchanged', async () => {
    const context = await world.browser.newContext({ viewport: PHONE, locale: 'es-ES' });
    context.setDefaultTimeout(60_000);
    try {
      const page = await context.newPage();
      const scripts = await holdScripts(page);
      await page.goto(`${world.base}/sign-in`, { waitUntil: 'commit' });
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      assert.equal(await page.getAttribute('html', 'lang'), 'es');
      scripts.release();
      await page.getByRole('button', { name: 'Iniciar sesión' }).and(page.locator(':enabled')).waitFor();
      await expectAccessible(page, 'sign-in-drawn-es');
      assert.deepEqual(scripts.errors, []);
    } finally {
      await context.close();
    }
  });

  it('follows the language this browser chose before, and is drawn in it on the next visit', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      // Chosen on an earlier visit, before the service could know it (no cookie yet); the browser's own is English.
      await context.addInitScript(() => localStorage.setItem('vms-language', 'es'));
      const scripts = await holdScripts(page);
      await page.goto(`${world.base}/sign-in`, { waitUntil: 'commit' });
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      scripts.release();
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      assert.equal(await page.getAttribute('html', 'lang'), 'es');
      assert.deepEqual(scripts.errors, []);

      const next = await context.request.get(`${world.base}/sign-in`, { headers: { accept: 'text/html' } });
      assert.match(await next.text(), /<html lang="es">[\s\S]*Iniciar sesión/);
    } finally {
      await context.close();
    }
  });
});
