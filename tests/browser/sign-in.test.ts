import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_PASSWORD, type BrowserUser, expectAccessible, signIn, useBrowserWorld } from '../kit/browser.js';

/** Issue 33: signing in with an e-mail address, and the first administrator's banner until the first start's password is changed. */
let ruth: BrowserUser;
const world = useBrowserWorld('sign-in', async (world) => {
  ruth = await world.newUser('Ruth');
});

const PHONE = { width: 360, height: 780 };

describe('signing in with an e-mail address', () => {
  it('signs a volunteer in with their address, typed in capitals, on the sign-in page', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await page.goto(`${world.base}/sign-in`);
      await expectAccessible(page, 'sign-in-by-address');
      await signIn(page, world.base, 'RUTH@church.example');
      const me = await page.evaluate(async () => (await fetch('/api/users/current', { headers: { 'x-vms-csrf': '1' } })).json());
      assert.equal(me.user.userName, ruth.userName);
      assert.equal(await page.getByRole('status').filter({ hasText: 'administrator password' }).count(), 0, 'a volunteer sees no banner');
    } finally {
      await context.close();
    }
  });

  it('asks for a reset link by address', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await page.goto(`${world.base}/reset-password`);
      await page.getByLabel('E-mail address or user name').fill('ruth@church.example');
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByText('If an account has that address or name, a message is on its way.').waitFor();
      await expectAccessible(page, 'reset-by-address');
    } finally {
      await context.close();
    }
  });
});

describe('the first administrator\'s banner', () => {
  it('shows until the administrator changes the first start\'s password, from the banner\'s link', async () => {
    const { context, page } = await world.newContext({ width: 1280, height: 800 });
    try {
      await signIn(page, world.base, 'admin', ADMIN_PASSWORD);
      const banner = page.getByRole('status').filter({ hasText: 'You still sign in with the password the service was first started with' });
      await banner.waitFor();
      await expectAccessible(page, 'initial-password-banner');
      await page.getByRole('link', { name: 'Workspace' }).click();
      await banner.waitFor();
      await expectAccessible(page, 'initial-password-banner-workspace');
      await banner.getByRole('link', { name: 'Change the administrator password now' }).click();
      await page.getByRole('heading', { name: 'Change my password' }).waitFor();
      await page.getByLabel('Current password').fill(ADMIN_PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill('a new church secret');
      await page.getByLabel('New password again').fill('a new church secret');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password is changed.').waitFor();
      await banner.waitFor({ state: 'detached' });
      await expectAccessible(page, 'initial-password-changed');
    } finally {
      await context.close();
    }
  });
});
