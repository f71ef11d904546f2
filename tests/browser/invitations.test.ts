import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_PASSWORD, expectAccessible, signIn, useBrowserWorld } from '../kit/browser.js';

/**
 * Issue 33 #1: an administrator chooses a person on the People page and invites them; the invitation leaves through
 * the real SMTP sink, the person follows its link on a phone, chooses a password and lands signed in on their
 * schedule; the invitations list then says accepted.
 */
let personId: number;
const world = useBrowserWorld('invitations', async (world) => {
  await world.mailToSink();
  personId = (await world.ok('POST', '/api/persons', { firstName: 'Lydia', lastName: 'Newcomer', email: 'lydia@church.example' })).Id;
});

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'purple-cloth-seller';

describe('an invitation followed from the mail', () => {
  it('signs the invited volunteer in with the password they chose, and the inviter sees it accepted', async () => {
    const staff = await world.newContext(DESKTOP);
    try {
      await signIn(staff.page, world.base, 'admin', ADMIN_PASSWORD);
      await staff.page.goto(`${world.base}/admin/people`);
      await staff.page.getByRole('heading', { name: 'People', exact: true }).waitFor();
      await staff.page.getByLabel('Only people whose name or e-mail contains').fill('Newcomer');
      await staff.page.getByRole('checkbox', { name: 'Choose Lydia Newcomer' }).check();
      await staff.page.getByRole('button', { name: 'Invite 1 chosen' }).click();
      await staff.page.getByRole('button', { name: 'Send the invitations' }).click();
      await staff.page.getByText('1 invitation is on its way.').waitFor();

      // The forced run returns once every due message was tried (contract §18 #36), so the mail is in the sink by then.
      await world.ok('POST', '/api/background/timerjobs', { force: true });
      const mail = world.mails.filter((m) => m.to === 'lydia@church.example' && m.text.includes('/invitation?token=')).at(-1);
      assert.ok(mail, 'the invitation mail arrived');
      const link = /(https?:\/\/\S+\/invitation\?token=\S+)/.exec(mail.text)![1];
      assert.ok(link.startsWith(`${world.base}/invitation?token=`), mail.text);

      const phone = await world.newContext(PHONE);
      try {
        await phone.page.goto(link);
        await phone.page.getByRole('heading', { name: 'Welcome, Lydia' }).waitFor();
        await expectAccessible(phone.page, '33-accept-invitation');
        // A first password: the hint does not speak of other devices being signed out.
        assert.equal(await phone.page.locator('#password-hint').innerText(), 'At least 8 characters.');
        assert.equal(await phone.page.getByLabel('Language').inputValue(), 'en');
        await phone.page.getByLabel('New password', { exact: true }).fill(PASSWORD);
        await phone.page.getByLabel('New password again').fill(PASSWORD);
        await phone.page.getByRole('button', { name: 'Create my login' }).click();
        await phone.page.getByRole('heading', { name: 'My schedule' }).waitFor();
        const me = await phone.page.evaluate(async () => (await fetch('/api/users/current', { headers: { 'x-vms-csrf': '1' } })).json());
        assert.equal(me.user.userName, 'lydia@church.example');
        assert.equal(me.user.language, 'en', 'the language the page was read in is kept as hers');

        // The link works once: opened again, it says so in plain words.
        await phone.page.goto(link);
        await phone.page.getByText('This invitation link is invalid, already used, withdrawn or expired: ask for a new one').waitFor();
      } finally {
        await phone.context.close();
      }

      await staff.page.goto(`${world.base}/ministries/invitations`);
      await staff.page.getByRole('heading', { name: 'Invitations' }).waitFor();
      const row = staff.page.getByRole('row').filter({ hasText: 'Lydia Newcomer' });
      await row.getByText('Accepted').waitFor();
      await expectAccessible(staff.page, '33-invitations-list');
      assert.equal((await world.ok('GET', '/api/invitations')).invitations.find((i: { personId: number }) => i.personId === personId).state, 'accepted');
    } finally {
      await staff.context.close();
    }
  });
});
