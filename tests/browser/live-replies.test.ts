import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../helpers/browser.js';
import { expectAccessible, inDays, signIn, useBrowserWorld, type BrowserUser } from '../kit/browser.js';

/**
 * Talking to the team in headless Chromium against the real service (issue 34): Claire, Hospitality's coordinator,
 * asks the usher who has not answered again from the occurrence page; Lydia, asked twice more, accepts both from My
 * schedule at once; Rose declines from her mail's link while Claire's dashboard is open, and the decline shows under
 * Recent replies with its reason within 2 s of the answer.
 */
const V = '/api/ministries';
const world = useBrowserWorld('live-replies', arrange);
const { ok, mails } = world;

let claire: BrowserUser;
let lydia: BrowserUser;
let rose: BrowserUser;
let occurrenceId = 0;

async function arrange(): Promise<void> {
  await world.mailToSink();
  claire = await world.newUser('Claire', 'Coordinator', { manageMyMinistries: true });
  lydia = await world.newUser('Lydia');
  rose = await world.newUser('Rose');
  const ministryId = (await ok('POST', `${V}/ministries`, { name: 'Hospitality' })).ministry.id;
  await ok('POST', `${V}/scopes`, { personId: claire.personId, scopeType: 'ministry', scopeId: ministryId });
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId })).position.id;
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  for (const person of [lydia, rose]) await ok('POST', `${V}/positions/${positionId}/qualifications`, { personId: person.personId });
  for (const [days, people] of [[3, [lydia, rose]], [10, [lydia]]] as const) {
    const events = await ok('POST', `${V}/ministries/${ministryId}/events`, {
      title: 'Sunday service', eventTypeId: types.find((type) => type.Name === 'Other')!.Id, date: inDays(days), startTime: '09:00', endTime: '11:00',
    });
    const staffed = await ok('POST', `${V}/ministries/${ministryId}/staffed-events`, { eventId: events.events[0].id, teamId, requirements: [{ positionId, minCount: 2 }] });
    if (days === 3) occurrenceId = staffed.occurrence.id;
    for (const person of people) await ok('POST', `${V}/occurrences/${staffed.occurrence.id}/assignments`, { positionId, personId: person.personId });
  }
  await ok('POST', '/api/background/timerjobs', { force: true });
}

/** The page's screenshots at both widths under screenshots/, named for the issue. */
async function keep(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  for (const width of [PHONE.width, DESKTOP.width]) {
    fs.copyFileSync(path.resolve('test-results', 'screenshots', process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', `${name}-${width}.png`), path.resolve('screenshots', `${name}-${width}.png`));
  }
}

describe('talking to the team in a browser (issue 34)', () => {
  it('asks everyone waiting again from the occurrence page, and says who must wait for the hour', async () => {
    const { context, page } = await world.newContext(DESKTOP);
    try {
      await signIn(page, world.base, claire.userName, claire.password);
      await page.goto(`${world.base}/ministries/occurrences/${occurrenceId}`);
      // Both were asked a moment ago by the assignment itself, so the service holds the new requests back and says until when.
      await page.getByRole('button', { name: 'Ask the 2 people waiting again' }).click();
      await page.getByRole('alert').filter({ hasText: 'Everyone waiting to answer was asked within the hour' }).waitFor();
      await page.getByRole('button', { name: 'Ask again Rose Volunteer' }).waitFor();
      await keep(page, '34-ask-again');
    } finally {
      await context.close();
    }
  });

  it('accepts both of Lydia\'s requests from My schedule at once, the dialog showing each date and hours', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await signIn(page, world.base, lydia.userName, lydia.password);
      await page.getByRole('button', { name: 'Accept all (2)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Accept all 2 requests?' });
      assert.equal((await dialog.getByRole('listitem').allTextContents()).filter((text) => /9:00/.test(text)).length, 2);
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'BUTTON', 'no text box takes the focus');
      await keep(page, '34-accept-all-dialog');
      await dialog.getByRole('button', { name: 'Yes, I will serve at all of them' }).click();
      await page.getByText('Thank you, you accepted 2 requests.').waitFor();
      await keep(page, '34-accept-all');
    } finally {
      await context.close();
    }
  });

  it('shows Rose\'s decline from her mail under Recent replies within 2 s of her answer', async () => {
    const { context, page } = await world.newContext(DESKTOP);
    const mailbox = await world.newContext(PHONE);
    try {
      await signIn(page, world.base, claire.userName, claire.password);
      await page.goto(`${world.base}/ministries/dashboard`);
      const heading = page.getByRole('heading', { name: 'Recent replies' });
      await heading.waitFor();
      const replies = page.locator('section').filter({ has: heading });
      const mail = mails.filter((m) => m.to === 'rose@church.example' && m.text.includes('/answer/')).at(-1);
      assert.ok(mail, 'the request reached Rose');
      const link = mail.text.match(/https?:\/\/\S+\/answer\/\S+\?response=declined/)![0];
      await mailbox.page.goto(link);
      await mailbox.page.getByLabel('Comment for the coordinator (optional)').fill('Visiting my sister');
      const answered = mailbox.page.waitForResponse((response) => response.url().includes('/api/public/answer/') && response.request().method() === 'POST');
      await mailbox.page.getByRole('button', { name: 'Confirm' }).click();
      assert.equal((await answered).status(), 200);
      const row = replies.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Rose Volunteer' }) });
      await row.getByRole('cell', { name: 'Visiting my sister' }).waitFor({ timeout: 2_000 });
    } finally {
      await mailbox.context.close();
      await context.close();
    }
  });
});
