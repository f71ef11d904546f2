import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { type BrowserUser, expectAccessible, useBrowserWorld, focusComesTo } from '../kit/browser.js';

/**
 * Issue 42, item 11: signing in with two-factor sign-in on, by keyboard alone. The service runs on the real clock,
 * so the codes are those of the real time.
 */
let dana: BrowserUser;
let secret = '';
const codeAt = (timestamp: number) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });
const world = useBrowserWorld('two-factor-sign-in', async (world) => {
  dana = await world.newUser('Dana');
  const key = await world.loginKey(dana.userName, dana.password);
  secret = (await world.ok<{ secret: string }>('POST', '/api/users/current/two-factor', { password: dana.password }, key)).secret;
  await world.ok('POST', '/api/users/current/two-factor/confirm', { code: codeAt(Date.now()) }, key);
});

const PHONE = { width: 360, height: 780 };

describe('signing in with two-factor sign-in on', () => {
  it('moves the focus to the code field once the password is taken, and signs in when the code is typed and Enter pressed', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await page.goto(`${world.base}/sign-in`);
      // The page arrives drawn and can be sent once its script has taken it over (issue 37 #12): its button says when.
      await page.getByRole('button', { name: 'Sign in' }).and(page.locator(':enabled')).waitFor();
      await page.getByLabel('User name').fill(dana.userName);
      const password = page.getByLabel('Password', { exact: true });
      await password.fill(dana.password);
      await password.press('Enter');
      await page.getByText('Enter the code from your authenticator app to finish signing in.').waitFor();
      const code = page.getByLabel('Code from your authenticator app, or a recovery code');
      await focusComesTo(code, 'the code field has the focus');
      await expectAccessible(page, 'two-factor-sign-in-code');
      // The code of the next step: enrolment accepted the current one, and a code is good once (one step of drift is allowed).
      await page.keyboard.type(codeAt(Date.now() + 30_000));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'My schedule' }).waitFor();
      const me = await page.evaluate(async () => (await fetch('/api/users/current', { headers: { 'x-vms-csrf': '1' } })).json());
      assert.equal(me.user.userName, dana.userName);
    } finally {
      await context.close();
    }
  });
});
