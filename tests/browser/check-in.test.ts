import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../helpers/browser.js';
import { expectAccessible, openSignedIn, useBrowserWorld, type BrowserUser } from '../kit/browser.js';

/**
 * Check-in in headless Chromium against the real service (issue 36): Lydia checks in to today's shift from My
 * schedule on her phone; Rose at the door tablet's kiosk page by her name (the QR code is not built yet); Claire, the
 * coordinator, sees both checked in on the occurrence page and marks Paul absent, and the event can then not be
 * deleted while two people are checked in. The church's clock is UTC and
 * the shift starts at the top of the current hour, so the check-in window (60 minutes before to 120 after, here) is open.
 */
const V = '/api/ministries';
const world = useBrowserWorld('check-in', arrange);
const { ok } = world;

let claire: BrowserUser;
let lydia: BrowserUser;
let occurrenceId = 0;
let eventId = 0;
let kioskKey = '';

async function arrange(): Promise<void> {
  for (const [name, value] of [['sTimeZone', 'UTC'], ['iCheckInClosesMinutesAfter', '120']]) await ok('POST', `/admin/api/system/config/${name}`, { value });
  claire = await world.newUser('Claire', 'Coordinator', { manageMyMinistries: true });
  lydia = await world.newUser('Lydia');
  const rose = await world.newUser('Rose');
  const paul = await world.newUser('Paul');
  const ministryId = (await ok('POST', `${V}/ministries`, { name: 'Hospitality' })).ministry.id;
  await ok('POST', `${V}/scopes`, { personId: claire.personId, scopeType: 'ministry', scopeId: ministryId });
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId })).position.id;
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  const now = new Date();
  const hour = now.getUTCHours();
  const events = await ok('POST', `${V}/ministries/${ministryId}/events`, {
    title: 'Sunday service', eventTypeId: types.find((type) => type.Name === 'Other')!.Id, date: now.toISOString().slice(0, 10),
    startTime: `${String(hour).padStart(2, '0')}:00`, endTime: hour >= 22 ? '23:59' : `${String(hour + 2).padStart(2, '0')}:00`,
  });
  eventId = events.events[0].id;
  const staffed = await ok('POST', `${V}/ministries/${ministryId}/staffed-events`, { eventId, teamId, requirements: [{ positionId, minCount: 3 }] });
  occurrenceId = staffed.occurrence.id;
  for (const person of [lydia, rose, paul]) {
    await ok('POST', `${V}/positions/${positionId}/qualifications`, { personId: person.personId });
    const { assignment } = await ok('POST', `${V}/occurrences/${occurrenceId}/assignments`, { positionId, personId: person.personId });
    await ok('POST', `${V}/assignments/${assignment.id}/status`, { status: 'accepted' });
  }
  kioskKey = (await ok('POST', '/api/kiosks', { name: 'Front door', eventId })).kioskKey;
}

/** The page's screenshots at both widths under screenshots/, named for the issue. */
async function keep(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  for (const width of [PHONE.width, DESKTOP.width]) {
    fs.copyFileSync(path.resolve('test-results', 'screenshots', process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', `${name}-${width}.png`), path.resolve('screenshots', `${name}-${width}.png`));
  }
}

describe('check-in in a browser (issue 36)', () => {
  it('Lydia checks in to today\'s shift from My schedule on her phone', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await openSignedIn(page, world.base, await world.loginKey(lydia.userName, lydia.password));
      await page.getByRole('button', { name: 'Check in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Check in to this shift?' });
      await dialog.getByLabel('Code shown at the venue (if asked)').waitFor();
      await keep(page, '36-my-schedule-check-in-dialog');
      await dialog.getByRole('button', { name: 'Check me in' }).click();
      await page.getByText('You are checked in. Thank you for serving!').waitFor();
      await page.getByText('Checked in', { exact: true }).waitFor();
      await keep(page, '36-my-schedule-checked-in');
    } finally {
      await context.close();
    }
  });

  it('Rose checks in at the door tablet: the kiosk page with its own key, her name typed, one tap', async () => {
    const { context, page } = await world.newContext(DESKTOP);
    try {
      await page.goto(`${world.base}/kiosk`);
      await page.getByLabel('Kiosk key').fill(kioskKey);
      await page.getByRole('button', { name: 'Start checking in' }).click();
      await page.getByRole('heading', { name: 'Sunday service' }).waitFor();
      assert.equal(await page.getByRole('navigation').count(), 0, 'no other navigation');
      await page.getByLabel('Type your name').fill('rose');
      await page.getByRole('button', { name: 'Check in Rose Volunteer' }).waitFor();
      await keep(page, '36-kiosk-search');
      await page.getByRole('button', { name: 'Check in Rose Volunteer' }).click();
      await page.getByText('Welcome, Rose Volunteer! You are checked in.').waitFor();
      await keep(page, '36-kiosk-checked-in');
    } finally {
      await context.close();
    }
  });

  it('Claire sees Lydia and Rose checked in, marks Paul absent, and the event cannot be deleted', async () => {
    const { context, page } = await world.newContext(DESKTOP);
    try {
      await openSignedIn(page, world.base, await world.loginKey(claire.userName, claire.password), `/ministries/occurrences/${occurrenceId}`, 'Sunday service');
      const row = (name: string) => page.getByRole('row').filter({ hasText: name });
      await row('Lydia Volunteer').locator('[data-attendance="checked_in"]').waitFor();
      await row('Rose Volunteer').locator('[data-attendance="checked_in"]').waitFor();
      await page.getByRole('button', { name: 'Absent Paul Volunteer' }).click();
      await row('Paul Volunteer').locator('[data-attendance="absent"]').waitFor();
      await keep(page, '36-occurrence-marks');
      const refused = await world.call('DELETE', `/api/events/${eventId}`);
      assert.equal(refused.status, 409);
      assert.equal((refused.body as { message: string }).message, 'Cannot delete event: 2 people are currently checked in.');
      await world.ok('DELETE', `/api/kiosks/${(await world.ok<{ kiosks: Array<{ id: number }> }>('GET', '/api/kiosks')).kiosks[0].id}`);
      const stillRefused = await world.call('DELETE', `/api/events/${eventId}`);
      assert.equal((stillRefused.body as { message: string }).message, 'Cannot delete event: 2 people are currently checked in.', 'the check-ins hold it, kiosk or not');
    } finally {
      await context.close();
    }
  });
});
