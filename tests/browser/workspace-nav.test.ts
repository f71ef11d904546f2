import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../helpers/browser.js';
import { expectAccessible, openSignedIn, useBrowserWorld, focusComesTo } from '../kit/browser.js';

/** The workspace's navigation on a phone (issue 37): its pages under one menu, as the administrator's are under theirs. */
const world = useBrowserWorld('workspace-nav', arrange);
let adaKey: string;

async function arrange(): Promise<void> {
  const ada = await world.newUser('Ada', 'Administrator', { admin: true, manageMinistries: true });
  adaKey = await world.loginKey(ada.userName, ada.password);
}

const PAGES = [
  ['Dashboard', '/ministries/dashboard'], ['Occurrences', '/ministries/occurrences'], ['Roster', '/ministries/roster'],
  ['Schedules', '/ministries/schedules'], ['Reports', '/ministries/reports'], ['Availability', '/ministries/availability'],
  ['Events', '/ministries/events'], ['Ministries', '/ministries/setup'], ['Message', '/ministries/message'],
] as const;
const ADMIN_PAGES = [
  ['Users', '/admin/users'], ['Settings', '/admin/settings'], ['People', '/admin/people'],
  ['Groups', '/admin/groups'], ['Calendars', '/admin/calendars'], ['Registrations', '/admin/registrations'],
] as const;

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit: number): Promise<void> {
  for (let presses = 0; !(await isFocused(target)); presses += 1) {
    assert.ok(presses < limit, `Tab did not reach ${await target.textContent()} in ${limit} presses`);
    await page.keyboard.press('Tab');
  }
}

describe('the workspace\'s navigation on a phone (issue 37)', () => {
  it('takes one row at 360 px, its pages and the administrator\'s under two menus that the keyboard opens, follows and closes', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await openSignedIn(page, world.base, adaKey, '/ministries/dashboard', 'Ministry dashboard');
      const nav = page.getByRole('navigation', { name: 'Workspace' });
      const pages = nav.getByRole('button', { name: 'Pages' });
      const admin = nav.getByRole('button', { name: 'Administration' });
      const navBox = (await nav.boundingBox())!;
      const rowHeight = (await pages.boundingBox())!.height;
      assert.ok(navBox.height <= 2 * rowHeight, `the navigation is ${navBox.height} px high, a row ${rowHeight} px`);
      assert.equal(await nav.getByRole('link').count(), 0, 'no link shows before a menu is opened');

      // From the page's top, as a keyboard user arrives: the menu's button, then its links in order.
      await page.keyboard.press('Tab');
      await tabTo(page, pages, 10);
      for (const [name, path] of PAGES) {
        await page.keyboard.press('Enter');
        assert.equal(await pages.getAttribute('aria-expanded'), 'true');
        await tabTo(page, nav.getByRole('link', { name, exact: true }), 20);
        await page.keyboard.press('Enter');
        await page.waitForURL(`${world.base}${path}`);
        await nav.locator(`a[href="${path}"][aria-current="page"]`).first().waitFor({ state: 'attached' });
        assert.equal(await pages.getAttribute('aria-expanded'), 'false', `the menu closes on the way to ${name}`);
        await focusComesTo(pages, `the focus comes back to the menu's button after ${name}`);
      }
      for (const [name, path] of ADMIN_PAGES) {
        await admin.focus();
        await page.keyboard.press('Enter');
        await tabTo(page, nav.getByRole('link', { name, exact: true }), 20);
        await page.keyboard.press('Enter');
        await page.waitForURL(`${world.base}${path}`);
        await nav.locator(`a[href="${path}"][aria-current="page"]`).waitFor({ state: 'attached' });
        await focusComesTo(admin, `the focus comes back to the administration menu's button after ${name}`);
      }

      await pages.focus();
      await page.keyboard.press('Enter');
      const list = (await nav.getByRole('list').boundingBox())!;
      assert.ok(list.x >= 0 && list.x + list.width <= PHONE.width, `the open menu fits a phone: ${JSON.stringify(list)}`);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      assert.equal(await pages.getAttribute('aria-expanded'), 'false');
      await focusComesTo(pages, 'Escape hands focus back to the menu\'s button');
      await pages.click();
      await expectAccessible(page, '37-nav-pages-open');

      // At a desk the pages are links in the bar, on one row beside the administration menu.
      await page.setViewportSize(DESKTOP);
      assert.equal(await pages.count(), 0, 'no Pages menu at 1280 px');
      const tops = await nav.locator('a:visible, button:visible').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
      assert.equal(tops.length, PAGES.length + 1);
      assert.equal(new Set(tops).size, 1, `the entries' tops: ${tops.join(', ')}`);
    } finally {
      await context.close();
    }
  });

  it('reads Páginas and Administración in Spanish, with no accessibility problem on a phone', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await context.addInitScript(() => localStorage.setItem('vms-language', 'es'));
      await openSignedIn(page, world.base, adaKey, '/ministries/dashboard', 'Panel del ministerio');
      const nav = page.getByRole('navigation', { name: 'Espacio de trabajo' });
      await nav.getByRole('button', { name: 'Páginas' }).click();
      await nav.getByRole('link', { name: 'Mensaje', exact: true }).waitFor();
      await expectAccessible(page, '37-nav-pages-open-es');
    } finally {
      await context.close();
    }
  });
});
