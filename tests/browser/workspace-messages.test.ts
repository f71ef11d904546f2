import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Language } from '../../src/db/schema.js';
import { composeMail } from '../../src/domain/notifications/mails.js';
import { DESKTOP, PHONE, SCREENSHOTS, screenshots } from '../helpers/browser.js';
import { daysAfter, expectAccessible, openSignedIn, useBrowserWorld, type BrowserUser } from '../kit/browser.js';

/**
 * Messages from the workspace in headless Chromium against the real service (issue 34 #1, done-when): Claire,
 * Hospitality's coordinator, writes to those who have not answered for next Sunday from the Message page; the sink
 * receives exactly Pablo's mail (in Spanish, his language) and Rose's (in English), not Nina's, who accepted; Rose
 * declines from her request mail's link, and the decline shows under Recent replies with her reason.
 */
const V = '/api/ministries';
const world = useBrowserWorld('workspace-messages', arrange);
const { ok, call, mails } = world;

let claire: BrowserUser;
let carmen: BrowserUser;
let claireKey = '';
let carmenKey = '';
let pablo: BrowserUser;
let rose: BrowserUser;
let nina: BrowserUser;
let sunday = '';
let ministryId = 0;

/**
 * The coming Sunday, at least three days ahead: its 9:00 service stays outside the 48 hours before it in which the
 * service's own timer sends reminders, so no reminder reaches anyone while a test counts the mails it caused.
 */
function comingSunday(): string {
  const now = Date.now();
  for (let days = 3; ; days++) if (new Date(`${daysAfter(now, days)}T12:00:00Z`).getUTCDay() === 0) return daysAfter(now, days);
}

async function arrange(): Promise<void> {
  await world.mailToSink();
  claire = await world.newUser('Claire', 'Coordinator', { manageMyMinistries: true });
  carmen = await world.newUser('Carmen', 'Coordinadora', { manageMyMinistries: true });
  pablo = await world.newUser('Pablo');
  rose = await world.newUser('Rose');
  nina = await world.newUser('Nina');
  claireKey = await world.loginKey(claire.userName, claire.password);
  carmenKey = await world.loginKey(carmen.userName, carmen.password);
  for (const key of [carmenKey, await world.loginKey(pablo.userName, pablo.password)]) await ok('PATCH', '/api/users/current', { language: 'es' }, key);
  ministryId = (await ok('POST', `${V}/ministries`, { name: 'Hospitality' })).ministry.id;
  for (const person of [claire, carmen]) await ok('POST', `${V}/scopes`, { personId: person.personId, scopeType: 'ministry', scopeId: ministryId });
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId })).position.id;
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  sunday = comingSunday();
  const events = await ok('POST', `${V}/ministries/${ministryId}/events`, {
    title: 'Sunday service', eventTypeId: types.find((type) => type.Name === 'Other')!.Id, date: sunday, startTime: '09:00', endTime: '11:00',
  });
  const staffed = await ok('POST', `${V}/ministries/${ministryId}/staffed-events`, { eventId: events.events[0].id, teamId, requirements: [{ positionId, minCount: 3 }] });
  for (const person of [pablo, rose, nina]) {
    await ok('POST', `${V}/positions/${positionId}/qualifications`, { personId: person.personId });
    const assignment = await ok('POST', `${V}/occurrences/${staffed.occurrence.id}/assignments`, { positionId, personId: person.personId });
    if (person === nina) {
      const answer = await call('POST', `/api/me/assignments/${assignment.assignment.id}/respond`, { response: 'accepted' }, await world.loginKey(nina.userName, nina.password));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    }
  }
  await ok('POST', '/api/background/timerjobs', { force: true });
}

/** The page's screenshots at both widths under screenshots/, named for the issue. */
async function keep(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  copyScreenshots(name);
}

function copyScreenshots(name: string): void {
  for (const width of [PHONE.width, DESKTOP.width]) fs.copyFileSync(path.join(SCREENSHOTS, `${name}-${width}.png`), path.resolve('screenshots', `${name}-${width}.png`));
}

/** Settles once the sink holds mail that `matches` for each of `addresses`, each a mail the sink received after `mark`. */
async function mailsFor(mark: number, addresses: string[], matches: (text: string) => boolean) {
  const found = () => mails.slice(mark).filter((mail) => matches(mail.text));
  while (!addresses.every((address) => found().some((mail) => mail.to === address))) await new Promise((resolve) => setImmediate(resolve));
  return found();
}

const addressOf = (user: BrowserUser) => `${user.firstName.toLowerCase()}@church.example`;

describe('messages from the workspace in a browser (issue 34 #1)', () => {
  it('writes to those who have not answered for next Sunday: the sink gets exactly theirs, each in their language; a decline from the mail shows in Recent replies', async () => {
    const { context, page } = await world.newContext(DESKTOP);
    const mailbox = await world.newContext(PHONE);
    try {
      await openSignedIn(page, world.base, claireKey, '/ministries/dashboard', 'Ministry dashboard');
      await page.getByRole('link', { name: 'Write a message' }).click();
      await page.getByRole('heading', { name: 'Message', exact: true }).waitFor();
      await page.getByRole('radio', { name: 'Not answered yet' }).check();
      await page.getByLabel('Date').fill(sunday);
      await page.getByText('2 people will get this message.').waitFor();
      await page.getByLabel('Subject').fill('Sunday: are you coming?');
      await page.getByLabel('Message', { exact: true }).fill('Please answer by Friday, so we can plan.\n\nThe plan for the day: https://church.example/plan');
      await keep(page, '34-message');

      const mark = mails.length;
      await page.getByRole('button', { name: 'Send to 2 people' }).click();
      await page.getByText('Sent. It is on its way to 2 people').waitFor();
      const arrived = await mailsFor(mark, [addressOf(pablo), addressOf(rose)], (text) => text.includes('Please answer by Friday'));
      assert.deepEqual(arrived.map((mail) => mail.to).sort(), [addressOf(pablo), addressOf(rose)]);
      assert.match(arrived.find((mail) => mail.to === addressOf(pablo))!.text, /^Hola, Pablo:/);
      assert.match(arrived.find((mail) => mail.to === addressOf(rose))!.text, /^Hello Rose,/);
      assert.ok(!mails.slice(mark).some((mail) => mail.to === addressOf(nina)), 'Nina, who accepted, gets nothing');

      // The log follows the delivery: both sent.
      await page.reload();
      await page.getByText('Sent: 2').waitFor();
      await keep(page, '34-message-log');

      const request = mails.filter((m) => m.to === addressOf(rose) && m.text.includes('/answer/')).at(-1);
      assert.ok(request, 'the request reached Rose');
      const link = request.text.match(/https?:\/\/\S+\/answer\/\S+\?response=declined/)![0];
      await page.goto(`${world.base}/ministries/dashboard`);
      const heading = page.getByRole('heading', { name: 'Recent replies' });
      await heading.waitFor();
      await mailbox.page.goto(link);
      await mailbox.page.getByLabel('Comment for the coordinator (optional)').fill('Visiting my sister');
      await mailbox.page.getByRole('button', { name: 'Confirm' }).click();
      const replies = page.getByRole('region', { name: 'Recent replies' });
      const row = replies.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Rose Volunteer' }) });
      await row.getByRole('cell', { name: 'Visiting my sister' }).waitFor();
    } finally {
      await mailbox.context.close();
      await context.close();
    }
  });

  it('shows the Message page in Spanish to Carmen, with the log', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await openSignedIn(page, world.base, carmenKey, `/ministries/message?ministryId=${ministryId}`, 'Escribir un mensaje');
      await page.getByRole('radio', { name: 'Sin responder aún' }).check();
      await page.getByLabel('Fecha').fill(sunday);
      await page.getByText(/personas? recibir/).waitFor();
      await page.getByRole('heading', { name: 'Mensajes enviados' }).waitFor();
      // The log has answered: its messages (the one Claire sent, when that test ran first) or none.
      await page.getByText(/destinatarios?$|Todavía no se ha enviado ningún mensaje/).first().waitFor();
      await keep(page, '34-message-es');
    } finally {
      await context.close();
    }
  });

  it('lays out the message mail at 360 and 1280 px in English and Spanish', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      for (const language of ['en', 'es'] as Language[]) {
        const mail = await composeMail({
          type: 'message', language, churchName: 'Grace Church', serviceUrl: 'https://church.example', timeZone: 'America/New_York',
          recipientFirstName: language === 'es' ? 'Pablo' : 'Rose', volunteerName: null, volunteerEmail: null, positionName: null, ministryName: null,
          teamName: null, eventTitle: null, start: null, end: null, assignmentId: null,
          context: {
            subject: 'Sunday: are you coming?', body: 'Please answer by Friday, so we can plan.\n\nThe plan for the day: https://church.example/plan',
            senderName: 'Claire Coordinator', ministryName: 'Hospitality', audience: { kind: 'pending', date: sunday, eventTitle: 'Sunday service' },
          },
        }, new Date());
        await page.setContent(mail.html);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'no wider than a phone');
        await page.getByRole('link', { name: 'https://church.example/plan' }).waitFor();
        await screenshots(page, `34-message-mail-${language}`);
        copyScreenshots(`34-message-mail-${language}`);
      }
    } finally {
      await context.close();
    }
  });
});
