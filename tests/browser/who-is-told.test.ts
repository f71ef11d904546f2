import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PHONE } from '../helpers/browser.js';
import { expectAccessible, signIn, useBrowserWorld, type BrowserUser, inDays } from '../kit/browser.js';

/**
 * Replies reach a person (issue 34), as the volunteer sees it in headless Chromium against the real service: a
 * decline in Hospitality names its coordinator Ana, who gets the mail; a help offer to the Prayer team, which has
 * no coordinator, says the church's volunteer managers are told, and its manager Mara gets the mail.
 */
const V = '/api/ministries';
const world = useBrowserWorld('who-is-told', arrange);
const { ok, mails } = world;

/** Hospitality's position, which each test's own volunteer is qualified for. */
let usher: { ministryId: number; teamId: number; positionId: number; eventTypeId: number };

/** Hospitality, coordinated by Ana, and the Prayer team, which asks for help and has no coordinator; Mara manages every ministry. */
async function arrange(): Promise<void> {
  await world.mailToSink();
  const ana = await world.newUser('Ana', 'Coordinator', { manageMyMinistries: true });
  await world.newUser('Mara', 'Manager', { manageMinistries: true });
  const ministryId = (await ok('POST', `${V}/ministries`, { name: 'Hospitality' })).ministry.id;
  await ok('POST', `${V}/scopes`, { personId: ana.personId, scopeType: 'ministry', scopeId: ministryId });
  const prayer = (await ok('POST', `${V}/ministries`, { name: 'Prayer team' })).ministry.id;
  await ok('POST', `${V}/ministries/${prayer}`, { helpWanted: true, helpWantedText: 'Pray with us on Wednesdays.' });
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId })).position.id;
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  usher = { ministryId, teamId, positionId, eventTypeId: types.find((type) => type.Name === 'Other')!.Id };
}

/** A volunteer of the test's own, qualified as usher and asked to serve on the days given. */
async function volunteer(firstName: string, askedOn: number[] = []): Promise<BrowserUser> {
  const person = await world.newUser(firstName);
  await ok('POST', `${V}/positions/${usher.positionId}/qualifications`, { personId: person.personId });
  for (const days of askedOn) {
    const events = await ok('POST', `${V}/ministries/${usher.ministryId}/events`, {
      title: 'Sunday service', eventTypeId: usher.eventTypeId, date: inDays(days), startTime: '09:00', endTime: '11:00',
    });
    const staffed = await ok('POST', `${V}/ministries/${usher.ministryId}/staffed-events`, {
      eventId: events.events[0].id, teamId: usher.teamId, requirements: [{ positionId: usher.positionId, minCount: 1 }],
    });
    await ok('POST', `${V}/occurrences/${staffed.occurrence.id}/assignments`, { positionId: usher.positionId, personId: person.personId });
  }
  return person;
}

/** The newest mail to `address` whose text holds `words`, once a forced run of the timer jobs has delivered the outbox. */
async function mailTo(address: string, words: string): Promise<string> {
  // The forced run returns once every due message was tried (contract §18 #36), so the mail is in the sink by then.
  await ok('POST', '/api/background/timerjobs', { force: true });
  const mail = mails.filter((m) => m.to === address && m.text.includes(words)).at(-1);
  assert.ok(mail, `a mail to ${address} saying "${words}"`);
  return mail.text;
}

describe('who is told of a reply, in a browser', () => {
  it('says the coordinator Ana is told of a decline, in English and in Spanish, and Ana gets the mails', async () => {
    const lydia = await volunteer('Lydia', [3, 10]);
    const { context, page } = await world.newContext(PHONE);
    await signIn(page, world.base, lydia.userName);
    const declineNext = async (button: string, confirm: string) => {
      await page.locator('li.card').getByRole('button', { name: button, exact: true }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: confirm, exact: true }).click();
    };
    await declineNext('Decline', 'Decline');
    await page.getByRole('status').filter({ hasText: 'You declined. Your coordinator Ana is told.' }).waitFor();
    await expectAccessible(page, 'who-is-told-decline');
    await mailTo('ana@church.example', 'Lydia Volunteer declined to serve as Usher');

    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('link', { name: 'Mi horario' }).click();
    await declineNext('Rechazar', 'Rechazar');
    await page.getByRole('status').filter({ hasText: 'Rechazó. Se avisa a su coordinador(a) Ana.' }).waitFor();
    await expectAccessible(page, 'who-is-told-decline-es');
    await context.close();
  });

  it('says the church\'s volunteer managers are told of a help offer to a ministry with no coordinator, and Mara gets it', async () => {
    const dorcas = await volunteer('Dorcas');
    const { context, page } = await world.newContext(PHONE);
    await signIn(page, world.base, dorcas.userName);
    await page.getByRole('link', { name: 'Help wanted', exact: true }).click();
    const prayer = page.locator('li.card', { hasText: 'Prayer team' });
    await prayer.getByRole('button', { name: "I'd like to help" }).click();
    await prayer.getByRole('status').filter({ hasText: 'Thank you! The church’s volunteer managers are told.' }).waitFor();
    await expectAccessible(page, 'who-is-told-help-offer');
    await mailTo('mara@church.example', 'Dorcas Volunteer would like to help');
    assert.equal(mails.filter((m) => m.to === 'ana@church.example' && m.text.includes('would like to help')).length, 0, 'Ana coordinates another ministry');
    await context.close();
  });
});
