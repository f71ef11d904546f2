import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_PASSWORD, expectAccessible, signIn, useBrowserWorld } from '../kit/browser.js';

/**
 * Issue 33 #6: two people register on the public page the church links to; the office approves one and turns the
 * other away with a reason, which reaches the applicant through the real SMTP sink.
 */
const world = useBrowserWorld('registration', async (world) => {
  await world.mailToSink();
  await world.ok('POST', '/admin/api/system/config/bEnableSelfRegistration', { value: '1' });
});

async function registerOnPhone(firstName: string, email: string, screenshot?: string): Promise<void> {
  const { context, page } = await world.newContext({ width: 360, height: 780 });
  try {
    await page.goto(`${world.base}/register`);
    await page.getByRole('heading', { name: 'Register as a volunteer' }).waitFor();
    if (screenshot) await expectAccessible(page, screenshot);
    await page.getByLabel('First name').fill(firstName);
    await page.getByLabel('Last name').fill('Applicant');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(`Thank you, ${firstName}. The church office will check your registration and write to you.`).waitFor();
  } finally {
    await context.close();
  }
}

describe('registering on the public page, and the office\'s review', () => {
  it('takes a registration from the public page; staff approve one and turn the other away with a reason mailed to them', async () => {
    await registerOnPhone('Tabitha', 'tabitha@church.example', '33-register');
    await registerOnPhone('Simon', 'simon@church.example');

    const { context, page } = await world.newContext({ width: 1280, height: 800 });
    try {
      await signIn(page, world.base, 'admin', ADMIN_PASSWORD);
      await page.goto(`${world.base}/admin/registrations`);
      await page.getByRole('heading', { name: 'Registrations', exact: true }).waitFor();
      const tabitha = page.getByRole('row').filter({ hasText: 'Tabitha Applicant' });
      await tabitha.waitFor();
      await expectAccessible(page, '33-registrations');
      await tabitha.getByRole('button', { name: 'Approve' }).click();
      await tabitha.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Turn away Simon Applicant' }).click();
      await page.getByLabel('Reason (optional, sent to the applicant)').fill('We register members of the parish only.');
      await page.getByRole('dialog').getByRole('button', { name: 'Turn away' }).click();
      await page.getByRole('row').filter({ hasText: 'Simon Applicant' }).waitFor({ state: 'detached' });
      await page.getByText('Nobody is waiting.').waitFor();
    } finally {
      await context.close();
    }

    // The forced run returns once every due message was tried (contract §18 #36), so the mail is in the sink by then.
    await world.ok('POST', '/api/background/timerjobs', { force: true });
    const mail = world.mails.find((m) => m.to === 'simon@church.example');
    assert.ok(mail, 'the applicant turned away is told');
    assert.match(mail.text, /We register members of the parish only\./);
    const approved = await world.ok('GET', '/api/persons?q=Tabitha');
    assert.equal(approved[0]?.FirstName, 'Tabitha');
  });
});
