import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.js';
import { writeQrVideo } from '../helpers/fake-camera.js';
import { expectAccessible, openSignedIn, useBrowserWorld, type BrowserUser } from '../kit/browser.js';

/**
 * Check-in in headless Chromium against the real service (issue 36). Each test's shift starts at the top of the
 * church's current hour, so the check-in window (60 minutes before to 120 after, here) is open; the church's time zone
 * (and every browser's here) is chosen when the file starts so that its clock reads about 11:00, so a shift of two
 * hours never reaches the church's midnight, at whatever hour the tests run. The done-when: Lydia checks in on her phone from My schedule, Rose at the door tablet's kiosk page by the
 * QR code of her My schedule (Chromium's fake camera shows it), and Claire, the coordinator, sees both checked in and
 * Paul a no-show once the shift is over (her browser's clock set past its end); the event can then not be deleted.
 */
const V = '/api/ministries';
/** Hours the church's clock is ahead of UTC: its time zone is the fixed offset that makes it about 11:00 now. */
const AHEAD = 11 - new Date().getUTCHours();
const ZONE = `Etc/GMT${AHEAD >= 0 ? '-' : '+'}${Math.abs(AHEAD)}`;
const world = useBrowserWorld('check-in', arrange);
const { ok } = world;

let claire: BrowserUser;

async function arrange(): Promise<void> {
  for (const [name, value] of [['sTimeZone', ZONE], ['iCheckInClosesMinutesAfter', '120']]) await ok('POST', `/admin/api/system/config/${name}`, { value });
  claire = await world.newUser('Claire', 'Coordinator', { manageMyMinistries: true });
}

/**
 * Today's shift (or, `daysAhead` later, that day's), from the top of this hour for two hours, of a new ministry that
 * Claire coordinates, with each of `people` accepted on it and a kiosk registered for its event.
 */
async function shiftToday(ministry: string, people: BrowserUser[], daysAhead = 0) {
  const ministryId = (await ok('POST', `${V}/ministries`, { name: ministry })).ministry.id;
  await ok('POST', `${V}/scopes`, { personId: claire.personId, scopeType: 'ministry', scopeId: ministryId });
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId })).position.id;
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  // The church's wall clock, read as if it were UTC.
  const now = new Date(Date.now() + AHEAD * 3_600_000);
  const hour = now.getUTCHours();
  const date = new Date(now.getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const endTime = `${String(hour + 2).padStart(2, '0')}:00`;
  const events = await ok('POST', `${V}/ministries/${ministryId}/events`, {
    title: 'Sunday service', eventTypeId: types.find((type) => type.Name === 'Other')!.Id, date,
    startTime: `${String(hour).padStart(2, '0')}:00`, endTime,
  });
  const eventId: number = events.events[0].id;
  const staffed = await ok('POST', `${V}/ministries/${ministryId}/staffed-events`, { eventId, teamId, requirements: [{ positionId, minCount: people.length }] });
  const assignments = new Map<number, number>();
  for (const person of people) {
    await ok('POST', `${V}/positions/${positionId}/qualifications`, { personId: person.personId });
    const { assignment } = await ok('POST', `${V}/occurrences/${staffed.occurrence.id}/assignments`, { positionId, personId: person.personId });
    await ok('POST', `${V}/assignments/${assignment.id}/status`, { status: 'accepted' });
    assignments.set(person.personId, assignment.id);
  }
  const kioskKey: string = (await ok('POST', '/api/kiosks', { name: `${ministry} door`, eventId })).kioskKey;
  return { eventId, occurrenceId: staffed.occurrence.id as number, kioskKey, assignments, end: Date.parse(`${date}T${endTime}:00Z`) - AHEAD * 3_600_000 };
}

/** The page's screenshots at both widths under screenshots/, named for the issue. */
async function keep(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  for (const width of [PHONE.width, DESKTOP.width]) {
    fs.copyFileSync(path.resolve('test-results', 'screenshots', process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', `${name}-${width}.png`), path.resolve('screenshots', `${name}-${width}.png`));
  }
}

describe('check-in in a browser (issue 36)', () => {
  it('Lydia checks in on her phone, Rose at the kiosk by her QR code; Claire sees both in and Paul a no-show, and the event cannot be deleted', async () => {
    const [lydia, rose, paul] = [await world.newUser('Lydia'), await world.newUser('Rose'), await world.newUser('Paul')];
    const shift = await shiftToday('Hospitality', [lydia, rose, paul]);

    const phone = await world.newContext(PHONE, ZONE);
    try {
      const { page } = phone;
      await openSignedIn(page, world.base, await world.loginKey(lydia.userName, lydia.password));
      await page.getByRole('button', { name: 'Show my QR code for the kiosk' }).click();
      await page.getByRole('img', { name: 'QR code to check in at the kiosk' }).waitFor();
      await keep(page, '36-my-schedule-qr');
      await page.getByRole('button', { name: 'Check in', exact: true }).click();
      await page.getByRole('dialog', { name: 'Check in to this shift?' }).getByRole('button', { name: 'Check me in' }).click();
      await page.getByText('You are checked in. Thank you for serving!').waitFor();
      await page.getByText(/^Checked in at \d{1,2}:\d{2}/).waitFor();
      // After a reload the page still knows, from the service: the time instead of the button.
      await page.reload();
      await page.getByText(/^Checked in at \d{1,2}:\d{2}/).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Check in', exact: true }).count(), 0);
      await keep(page, '36-my-schedule-checked-in');
    } finally {
      await phone.context.close();
    }

    // Rose's phone shows her QR code; the tablet's camera sees it (Chromium's fake camera plays a picture of it).
    const roseKey = await world.loginKey(rose.userName, rose.password);
    const { qr } = await ok<{ qr: string }>('GET', `/api/me/assignments/${shift.assignments.get(rose.personId)}/check-in`, undefined, roseKey);
    const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vms-camera-')), 'rose-qr.y4m');
    writeQrVideo(qr, video);
    const tablet = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
    try {
      const context = await tablet.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: ZONE });
      context.setDefaultTimeout(60_000);
      await context.grantPermissions(['camera'], { origin: world.base });
      const page = await context.newPage();
      // The link the kiosk administration page gives: the key in the fragment, kept on the tablet.
      await page.goto(`${world.base}/kiosk#key=${shift.kioskKey}`);
      await page.getByRole('heading', { name: 'Sunday service' }).waitFor();
      assert.equal(new URL(page.url()).hash, '', 'the key is taken off the address bar');
      assert.equal(await page.getByRole('navigation').count(), 0, 'no other navigation');
      await page.getByRole('tab', { name: 'Scan code' }).click();
      await page.getByText('Welcome, Rose Volunteer! You are checked in.').waitFor();
      await keep(page, '36-kiosk-scan');
    } finally {
      await tablet.close();
    }

    const desk = await world.browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: ZONE });
    try {
      desk.setDefaultTimeout(60_000);
      const page = await desk.newPage();
      // Claire looks after the shift: her browser's clock stands a minute past its end.
      await page.clock.setFixedTime(new Date(shift.end + 60_000));
      await openSignedIn(page, world.base, await world.loginKey(claire.userName, claire.password), `/ministries/occurrences/${shift.occurrenceId}`, 'Sunday service');
      const row = (name: string) => page.getByRole('row').filter({ hasText: name });
      await row('Lydia Volunteer').locator('[data-attendance="checked_in"]').waitFor();
      await row('Rose Volunteer').locator('[data-attendance="checked_in"]').waitFor();
      await row('Paul Volunteer').locator('[data-attendance="no_show"]').waitFor();
      assert.equal(await row('Paul Volunteer').locator('[data-attendance="no_show"]').innerText(), 'No-show');
      await keep(page, '36-occurrence-attendance');
    } finally {
      await desk.close();
    }
    const refused = await world.call('DELETE', `/api/events/${shift.eventId}`);
    assert.equal(refused.status, 409);
    assert.equal((refused.body as { message: string }).message, 'Cannot delete event: 2 people are currently checked in.');
  });

  it('Nora checks in at the kiosk by her name; a tablet whose camera is blocked says so in plain words', async () => {
    const nora = await world.newUser('Nora');
    const shift = await shiftToday('Welcome team', [nora]);
    const { context, page } = await world.newContext(DESKTOP, ZONE);
    try {
      // The browser refuses the camera, as it does when someone answered its question with Block.
      await context.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      await page.goto(`${world.base}/kiosk`);
      await page.getByLabel('Kiosk key').fill(shift.kioskKey);
      await page.getByRole('button', { name: 'Start checking in' }).click();
      await page.getByRole('heading', { name: 'Sunday service' }).waitFor();
      await page.getByRole('tab', { name: 'Scan code' }).click();
      await page.getByRole('alert').filter({ hasText: 'The camera is blocked. Allow this page to use the camera in the browser\'s settings, or type your name instead.' }).waitFor();
      await page.getByRole('tab', { name: 'Find your name' }).click();
      await page.getByLabel('Type your name').fill('nora');
      await page.getByRole('button', { name: 'Check in Nora Volunteer' }).waitFor();
      await keep(page, '36-kiosk-search');
      await page.getByRole('button', { name: 'Check in Nora Volunteer' }).click();
      await page.getByText('Welcome, Nora Volunteer! You are checked in.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('Claire marks Amos present, Beth late and Cy absent on the occurrence page by keyboard: the first two are checked in, and the marks hold after a reload', async () => {
    const [amos, beth, cy] = [await world.newUser('Amos'), await world.newUser('Beth'), await world.newUser('Cy')];
    const shift = await shiftToday('Choir', [amos, beth, cy]);
    const { context, page } = await world.newContext(DESKTOP, ZONE);
    try {
      await openSignedIn(page, world.base, await world.loginKey(claire.userName, claire.password), `/ministries/occurrences/${shift.occurrenceId}`, 'Sunday service');
      const marks = [[amos, 'Present', 'present'], [beth, 'Late', 'late'], [cy, 'Absent', 'absent']] as const;
      const row = (person: BrowserUser) => page.getByRole('row').filter({ hasText: `${person.firstName} Volunteer` });
      for (const [person, label, mark] of marks) {
        const button = page.getByRole('group', { name: `Mark ${person.firstName} Volunteer` }).getByRole('button', { name: `${label} ${person.firstName} Volunteer` });
        await button.focus();
        await page.keyboard.press('Enter');
        await row(person).locator(`[data-attendance="${mark}"]`).waitFor();
        assert.equal(await button.getAttribute('aria-pressed'), 'true', `${label} is shown pressed for ${person.firstName}`);
      }
      await page.reload();
      for (const [person, label, mark] of marks) {
        await row(person).locator(`[data-attendance="${mark}"]`).waitFor();
        assert.equal(await row(person).locator(`[data-attendance="${mark}"]`).innerText(), label);
      }
      await keep(page, '36-occurrence-marks');
    } finally {
      await context.close();
    }
    const { checkIns } = await ok<{ checkIns: Array<{ personId: number }> }>('GET', `/api/events/${shift.eventId}/check-ins`);
    assert.deepEqual(checkIns.map((checkIn) => checkIn.personId).sort((a, b) => a - b), [amos.personId, beth.personId].sort((a, b) => a - b));
  });

  it('a kiosk set up for the day after tomorrow checks nobody in yet, and says when check-in opens in the tablet\'s language', async () => {
    const amy = await world.newUser('Amy');
    const shift = await shiftToday('Ushers', [amy], 2);
    const context = await world.browser.newContext({ viewport: PHONE, locale: 'es-ES', timezoneId: ZONE });
    try {
      context.setDefaultTimeout(60_000);
      const page = await context.newPage();
      await page.goto(`${world.base}/kiosk#key=${shift.kioskKey}`);
      await page.getByRole('heading', { name: 'Sunday service' }).waitFor();
      await page.getByLabel('Escriba su nombre').fill('amy');
      await page.getByRole('button', { name: 'Registrar llegada Amy Volunteer' }).click();
      await page.getByRole('alert').filter({ hasText: /^Todavía es pronto para registrar la llegada\. El registro abre el .+ a las .+\.$/ }).waitFor();
      await keep(page, '36-kiosk-too-early');
    } finally {
      await context.close();
    }
    const { checkIns } = await ok<{ checkIns: unknown[] }>('GET', `/api/events/${shift.eventId}/check-ins`);
    assert.equal(checkIns.length, 0, 'nobody is checked in');
  });

  it('an administrator registers a kiosk, opens it on the tablet from the link, moves it off its event and revokes it: the tablet says so in plain words', async () => {
    const ivy = await world.newUser('Ivy');
    const { eventId } = await shiftToday('Greeters', [ivy]);
    const office = await world.newContext(DESKTOP, ZONE);
    const tablet = await world.newContext(DESKTOP, ZONE);
    try {
      const { page } = office;
      await openSignedIn(page, world.base, world.adminKey, '/admin/kiosks', 'Kiosks');
      const form = page.getByRole('region', { name: 'Register a kiosk' });
      await form.getByLabel('Name').fill('Side door');
      await form.getByLabel('Event').selectOption(String(eventId));
      await form.getByRole('button', { name: 'Register kiosk' }).click();
      await page.getByRole('heading', { name: 'Kiosk Side door is registered' }).waitFor();
      const link = await page.getByLabel('Link for the tablet').inputValue();
      assert.match(link, new RegExp(`^${world.base}/kiosk#key=\\S{20,}$`));
      await page.getByRole('row', { name: /Side door/ }).waitFor();
      await keep(page, '36-kiosk-admin');

      await tablet.page.goto(link);
      await tablet.page.getByRole('heading', { name: 'Sunday service' }).waitFor();

      await page.getByLabel('Event of Side door', { exact: true }).selectOption('');
      await page.getByRole('button', { name: 'Change the event of Side door' }).click();
      await page.getByText('Event changed.').waitFor();
      await tablet.page.reload();
      await tablet.page.getByText('This kiosk is not assigned to an event. Ask an administrator to assign one.').waitFor();

      await page.getByRole('button', { name: 'Revoke Side door' }).click();
      await page.getByRole('dialog', { name: 'Revoke the kiosk Side door?' }).getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('row', { name: /Side door/ }).waitFor({ state: 'detached' });
      await tablet.page.reload();
      await tablet.page.getByText('This kiosk is not registered, or was revoked. Ask an administrator for a new kiosk key.').waitFor();
      await tablet.page.getByRole('button', { name: 'Enter another kiosk key' }).waitFor();
    } finally {
      await office.context.close();
      await tablet.context.close();
    }
  });

  it('an administrator sets check-in to the kiosk only on the settings page: My schedule then offers the QR code and no Check in button', async () => {
    const olive = await world.newUser('Olive');
    await shiftToday('Coffee', [olive]);
    const office = await world.newContext(DESKTOP, ZONE);
    try {
      const { page } = office;
      await openSignedIn(page, world.base, world.adminKey, '/admin/settings', 'Check-in and attendance');
      const section = page.getByRole('region', { name: 'Check-in and attendance' });
      await section.getByLabel('Where volunteers check themselves in').selectOption({ label: 'At the kiosk only (QR code or name)' });
      await section.getByRole('button', { name: 'Save' }).click();
      await section.getByText('Saved.').waitFor();
      await section.scrollIntoViewIfNeeded();
      await keep(page, '36-settings-check-in');
    } finally {
      await office.context.close();
    }
    const phone = await world.newContext(PHONE, ZONE);
    try {
      const { page } = phone;
      await openSignedIn(page, world.base, await world.loginKey(olive.userName, olive.password));
      await page.getByText('Check in at the kiosk at the door: show it this QR code, or type your name there.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Check in', exact: true }).count(), 0);
      await page.getByRole('button', { name: 'Show my QR code for the kiosk' }).click();
      await page.getByRole('img', { name: 'QR code to check in at the kiosk' }).waitFor();
    } finally {
      await phone.context.close();
      await ok('POST', '/admin/api/system/config/sSelfCheckIn', { value: 'phone' });
    }
  });
});
