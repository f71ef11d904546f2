import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import ICAL from 'ical.js';
import { Secret, TOTP } from 'otpauth';
import { PHONE, screenshots } from '../helpers/browser.js';
import { expectAccessible, openSignedIn, PASSWORD, signIn, useBrowserWorld, type BrowserUser, inDays, focusComesTo } from '../kit/browser.js';

/**
 * The volunteer's pages in headless Chromium against the real service (started as `npm start` starts it,
 * on the embedded database or, in the PostgreSQL pass, on the server). Data is set up over the HTTP API
 * as a coordinator would; what the volunteer does is done by clicking.
 */
const V = '/api/ministries';
const world = useBrowserWorld('browser', arrange);
const { call, ok, loginKey, mails } = world;

/** A ministry with one team, one position and the calendar its services go to. */
interface Ministry { ministryId: number; teamId: number; positionId: number; positionName: string; calendarId: number }

let typeId: number;
/**
 * The church every test reads and none changes: Welcome Team, which asks for help. A test that changes something
 * (an answer, a password, a sign-up) does it to people and occurrences of its own, so that it runs alone and in any order.
 */
let welcome: Ministry;

async function newMinistry(name: string, positionName: string): Promise<Ministry> {
  const ministry = await ok('POST', `${V}/ministries`, { name });
  const ministryId = ministry.ministry.id;
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: positionName, teamId })).position.id;
  return { ministryId, teamId, positionId, positionName, calendarId: ministry.calendarId };
}

/** A volunteer of this test alone, qualified for the ministry's position. */
async function volunteer(firstName: string, ministry = welcome): Promise<BrowserUser> {
  const person = await world.newUser(firstName);
  await ok('POST', `${V}/positions/${ministry.positionId}/qualifications`, { personId: person.personId });
  return person;
}

/** A person qualified for the ministry's position who never signs in: no user account, so no password to hash. */
async function qualifiedPerson(firstName: string, ministry = welcome): Promise<void> {
  const person = await ok('POST', '/api/persons', { firstName, lastName: 'Volunteer', email: `${firstName.toLowerCase()}@church.example` });
  await ok('POST', `${V}/positions/${ministry.positionId}/qualifications`, { personId: person.Id });
}

async function staffedOccurrence(ministry: Ministry, date: string, maxCount: number): Promise<number> {
  const events = await ok('POST', `${V}/ministries/${ministry.ministryId}/events`, { title: `Sunday service ${date}`, eventTypeId: typeId, date, startTime: '09:00', endTime: '11:00' });
  const staffed = await ok('POST', `${V}/ministries/${ministry.ministryId}/staffed-events`, {
    eventId: events.events[0].id,
    teamId: ministry.teamId,
    requirements: [{ positionId: ministry.positionId, minCount: 1, maxCount }],
  });
  return staffed.occurrence.id;
}

/** A volunteer of this test alone, asked to serve on an occurrence of their own `days` from today: the assignment's id. */
async function asked(person: BrowserUser, date: string): Promise<{ occurrenceId: number; assignmentId: number }> {
  const occurrenceId = await staffedOccurrence(welcome, date, 3);
  const assignment = await ok('POST', `${V}/occurrences/${occurrenceId}/assignments`, { positionId: welcome.positionId, personId: person.personId, allowOutsidePool: true });
  return { occurrenceId, assignmentId: assignment.assignment.id };
}

async function arrange(): Promise<void> {
  await world.mailToSink();
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  typeId = types.find((type) => type.Name === 'Other')!.Id;
  welcome = await newMinistry('Welcome Team', 'Greeter');
  await ok('POST', `${V}/ministries/${welcome.ministryId}`, { helpWanted: true, helpWantedText: 'We welcome everyone at the door.' });
}

/**
 * Each person's API key, signed in for once over the API: it serves their page's session cookie and their API calls,
 * so that a test checks the password once per person (see `openSignedIn`). Only the tests of signing in sign in on the page.
 */
const keys = new Map<string, Promise<string>>();
const keyOf = (person: BrowserUser) => {
  if (!keys.has(person.userName)) keys.set(person.userName, loginKey(person.userName, person.password));
  return keys.get(person.userName)!;
};

/** Runs `steps` on a phone of the test's own, signed in as `person` unless said, and closes it after them. */
async function onPhone(person: BrowserUser | undefined, steps: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const { context, page } = await world.newContext(PHONE);
  try {
    if (person) await openSignedIn(page, world.base, await keyOf(person));
    await steps(page, context);
  } finally {
    await context.close();
  }
}

const statuses = async (person: BrowserUser) => {
  const mine = await call('GET', '/api/me/assignments', undefined, await keyOf(person));
  return mine.body.assignments.map((a: { occurrenceId: number; status: string }) => [a.occurrenceId, a.status]);
};

describe('the volunteer pages in a browser', () => {
  it('serves the sign-in page at / and keeps the API\'s JSON 404 under /api/', async () => {
    await onPhone(undefined, async (page) => {
      await page.goto(`${world.base}/`);
      await page.waitForURL(/\/sign-in\?next=%2F$/);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await expectAccessible(page, 'sign-in');
    });
    const missing = await fetch(`${world.base}/api/no-such-route`, { headers: { accept: 'text/html' } });
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { message: string }).message, 'Not found');
  });

  it('refuses a wrong password in the service\'s words', async () => {
    const jael = await world.newUser('Jael');
    await onPhone(undefined, async (page) => {
      await page.goto(`${world.base}/sign-in`);
      await page.getByLabel('User name').fill(jael.userName);
      await page.getByLabel('Password', { exact: true }).fill('not-my-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid login or password' }).waitFor();
    });
  });

  it('signs in with a cookie page scripts cannot read, and shows the assignment a coordinator made with three API calls', async () => {
    const ruth = await volunteer('Ruth');
    await asked(ruth, inDays(3));
    await onPhone(undefined, async (page, context) => {
      await signIn(page, world.base, ruth.userName, ruth.password);
      const cookie = (await context.cookies()).find((c) => c.name === 'vms_session');
      assert.ok(cookie, 'the session cookie is set');
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Strict');
      // The page's scripts see the language cookie they wrote themselves (issue 37 #12), never the key.
      assert.doesNotMatch(await page.evaluate(() => document.cookie), /vms_session/, 'no script can read the key');

      const apiCalls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
      });
      await page.reload();
      const card = page.locator('li.card', { hasText: welcome.positionName });
      await card.waitFor();
      assert.ok(apiCalls.length <= 3, `My schedule made ${apiCalls.length} API calls: ${apiCalls.join(', ')}`);
      await card.getByText('Welcome Team').waitFor();
      await card.getByText('Waiting for your answer').waitFor();
      await expectAccessible(page, 'my-schedule');
    });
  });

  it('accepts the request from a dialog that asks for no typing, and the API shows it accepted', async () => {
    const rhoda = await volunteer('Rhoda');
    const { occurrenceId } = await asked(rhoda, inDays(3));
    await onPhone(rhoda, async (page) => {
      const card = page.locator('li.card', { hasText: welcome.positionName });
      await card.getByRole('button', { name: 'Accept' }).click();
      const dialog = page.getByRole('dialog', { name: 'Accept this request?' });
      await dialog.waitFor();
      // An accept opens no text box, so a phone's keyboard stays down (issue 34 #5).
      assert.equal(await dialog.getByRole('textbox').count(), 0);
      await expectAccessible(page, 'accept-dialog');
      await dialog.getByRole('button', { name: 'Yes, I will serve' }).click();
      await page.getByText('Thank you, you accepted.').waitFor();
      await card.getByText('Accepted', { exact: true }).waitFor();
    });
    assert.deepEqual(await statuses(rhoda), [[occurrenceId, 'accepted']]);
  });

  it('proposes a substitute from the eligible people, and shows the proposal until the coordinator decides', async () => {
    const mary = await volunteer('Mary');
    await qualifiedPerson('Salome');
    const { assignmentId } = await asked(mary, inDays(3));
    await ok('POST', `/api/me/assignments/${assignmentId}/respond`, { response: 'accepted' }, await keyOf(mary));
    await onPhone(mary, async (page) => {
      await page.locator('li.card', { hasText: welcome.positionName }).getByRole('link', { name: 'Propose a substitute' }).click();
      await page.getByRole('heading', { name: 'Propose a substitute' }).waitFor();
      const choice = page.getByRole('radio', { name: /Salome Volunteer/ });
      await choice.waitFor();
      assert.equal(await page.getByRole('radio', { name: /Mary Volunteer/ }).count(), 0, 'not myself');
      await expectAccessible(page, 'propose-substitute');
      await choice.check();
      await page.getByRole('button', { name: 'Send the proposal' }).click();
      await page.getByText('Your proposal is sent. Nobody at the church can be e-mailed about it: please tell the church office yourself.').waitFor();
      await page.getByRole('link', { name: 'Back to my schedule' }).click();
      await page.getByText('You proposed Salome Volunteer as your substitute; it waits for a decision.').waitFor();
    });
    const mine = await call('GET', '/api/me/assignments', undefined, await keyOf(mary));
    assert.equal(mine.body.assignments[0].pendingSwapPersonName, 'Salome Volunteer');
  });

  it('shows past service on its own tab, and offers help to a ministry that asks for it', async () => {
    const joanna = await volunteer('Joanna');
    await onPhone(joanna, async (page) => {
      await page.getByRole('tab', { name: 'Past' }).click();
      await page.getByText('No past service yet.').waitFor();
      await expectAccessible(page, 'my-schedule-past');
      await page.getByRole('link', { name: 'Help wanted', exact: true }).click();
      await page.getByRole('heading', { name: 'Help wanted' }).waitFor();
      const card = page.locator('li.card', { hasText: 'Welcome Team' });
      await card.getByText('We welcome everyone at the door.').waitFor();
      await expectAccessible(page, 'help-wanted');
      await card.getByRole('button', { name: "I'd like to help" }).click();
      await card.getByText('Thank you! Nobody at the church can be e-mailed about it: please tell the church office yourself.').waitFor();
    });
  });

  it('shows my qualifications and ministries, and gives my calendar as a webcal:// link that serves the ministry\'s services', async () => {
    // A ministry of this test's own, so that its calendar holds exactly the two services made here.
    const choir = await newMinistry('Choir', 'Singer');
    const susanna = await volunteer('Susanna', choir);
    const services = [inDays(3), inDays(4)];
    for (const date of services) await staffedOccurrence(choir, date, 1);
    await onPhone(susanna, async (page) => {
      await page.getByRole('link', { name: 'Me', exact: true }).click();
      await page.getByRole('heading', { name: 'What I am qualified for' }).waitFor();
      await page.locator('section', { hasText: 'What I am qualified for' }).getByText(choir.positionName).waitFor();
      await page.getByRole('button', { name: 'Create my calendar link' }).click();
      const link = page.getByLabel('Calendar link');
      await link.waitFor();
      const webcal = await link.inputValue();
      assert.match(webcal, /^webcal:\/\/127\.0\.0\.1:\d+\/api\/public\/portal-calendar\/[0-9a-f]{64}\/calendar\.ics$/);
      // The administrator shares the ministry's calendar with members, and Susanna chooses it (contract §14.6, §15.8);
      // the address stays the one the page gave.
      await ok('POST', '/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: choir.calendarId }] });
      const chosen = await ok('PUT', '/api/users/current/calendar-feed', { calendarIds: [choir.calendarId] }, await keyOf(susanna));
      assert.ok(webcal.endsWith(chosen.path), `${webcal} is still the feed's address (${chosen.path})`);
      const feed = await fetch(webcal.replace('webcal://', 'http://'));
      assert.equal(feed.status, 200);
      assert.equal(feed.headers.get('content-type'), 'text/calendar; charset=utf-8');
      const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
      assert.deepEqual(
        events.map((event) => [event.summary, event.startDate.toString(), event.endDate.toString()]),
        services.map((date) => [`Sunday service ${date}`, `${date}T09:00:00`, `${date}T11:00:00`]),
        'the feed holds the two services of the shared calendar, at their times in the church\'s zone',
      );
      await expectAccessible(page, 'me');
    });
  });

  it('lets two volunteers race for the last place: exactly one is signed up, the other is told it is full', async () => {
    // A position of this test's own, so that its one occurrence is the only open spot the two can see.
    const ushers = await newMinistry('Ushers', 'Usher');
    const [boaz, naomi] = [await volunteer('Boaz', ushers), await volunteer('Naomi', ushers)];
    const lastPlace = await staffedOccurrence(ushers, inDays(4), 1);
    const contenders = [await world.newContext(PHONE), await world.newContext(PHONE)];
    try {
      await Promise.all([openSignedIn(contenders[0].page, world.base, await keyOf(boaz)), openSignedIn(contenders[1].page, world.base, await keyOf(naomi))]);
      for (const { page } of contenders) {
        await page.getByRole('link', { name: 'Open spots', exact: true }).click();
        await page.locator('li.card', { hasText: '1 place left' }).waitFor();
      }
      await expectAccessible(contenders[0].page, 'open-spots');
      const buttons = contenders.map(({ page }) => page.locator('li.card', { hasText: '1 place left' }).getByRole('button', { name: 'Sign up' }));
      await Promise.all(buttons.map((button) => button.click()));
      const outcomes = await Promise.all(contenders.map(({ page }) =>
        Promise.race([
          page.getByText(/You are signed up for Usher/).waitFor().then(() => 'signed up'),
          page.getByRole('alert').filter({ hasText: 'This position is already full on this occurrence' }).waitFor().then(() => 'full'),
        ])));
      assert.deepEqual([...outcomes].sort(), ['full', 'signed up']);
      const loser = contenders[outcomes.indexOf('full')].page;
      await loser.locator('li.card', { hasText: '1 place left' }).waitFor({ state: 'detached' });
      const staffing = await ok('GET', `${V}/occurrences/${lastPlace}`);
      assert.deepEqual(staffing.requirements.map((r: { liveCount: number; openCount: number }) => [r.liveCount, r.openCount]), [[1, 0]], 'one live assignment, no room left');
    } finally {
      await Promise.all(contenders.map(({ context }) => context.close()));
    }
  });

  it('resets a forgotten password through the mailed link', async () => {
    const hannah = await world.newUser('Hannah');
    await onPhone(undefined, async (page) => {
      await page.goto(`${world.base}/sign-in`);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      // The reset page loads on demand, and the sign-in page (with a user name field of its own) stays until it has.
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await page.getByLabel('User name').fill(hannah.userName);
      const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/public/user/password-reset');
      await page.getByRole('button', { name: 'Send the link' }).click();
      assert.equal((await asked).status(), 200);
      await page.getByText(/a message is on its way/).waitFor();
      await expectAccessible(page, 'reset-request');

      // The forced run returns once every due message was tried (contract §18 #36), so the mail is in the sink by then.
      await ok('POST', '/api/background/timerjobs', { force: true });
      const mail = mails.find((m) => m.to === 'hannah@church.example' && m.text.includes('reset-password'));
      assert.ok(mail, 'the reset mail arrived');
      const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
      assert.ok(link?.startsWith(world.base), mail.text);

      await page.goto(link!);
      await page.getByLabel('New password', { exact: true }).fill('hannah-new-password');
      await page.getByLabel('New password again').fill('hannah-new-password');
      await expectAccessible(page, 'reset-choose');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByText('Your password is changed. Sign in with the new one.').waitFor();
      await page.getByRole('link', { name: 'Go to sign in' }).click();
      await page.getByLabel('User name').fill(hannah.userName);
      await page.getByLabel('Password', { exact: true }).fill('hannah-new-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'My schedule' }).waitFor();
    });
  });

  it('changes my own password on its page', async () => {
    const anna = await world.newUser('Anna');
    await onPhone(anna, async (page) => {
      await page.goto(`${world.base}/account/password`);
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill('anna-new-password');
      await page.getByLabel('New password again').fill('anna-new-password');
      await expectAccessible(page, 'change-password');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password is changed.').waitFor();
    });
    assert.equal((await call('POST', '/api/public/user/login', { userName: anna.userName, password: 'anna-new-password' })).status, 200);
  });

  it('sets up two-factor sign-in from Me only after my password, and mails me that it is on', async () => {
    const eli = await world.newUser('Eli');
    await onPhone(eli, async (page) => {
      await page.getByRole('link', { name: 'Me', exact: true }).click();
      await page.getByRole('link', { name: 'Two-factor sign-in' }).click();
      await page.getByLabel('Current password').fill('not-my-password');
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await page.getByRole('alert').filter({ hasText: 'The password is not right' }).waitFor();
      await expectAccessible(page, 'two-factor-password');
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const key = (await page.locator('p', { hasText: 'Key to type in:' }).locator('code').textContent())!.replaceAll(' ', '');
      await page.getByLabel('Code from the app').fill(new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate());
      await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await page.getByText('Two-factor sign-in is on.').waitFor();
    });
    // The forced run returns once every due message was tried (contract §18 #36).
    await ok('POST', '/api/background/timerjobs', { force: true });
    assert.ok(mails.some((m) => m.to === 'eli@church.example' && m.text.includes('Two-factor sign-in was turned on for your account')), 'the owner is told');
  });

  it('signs out, and the key the cookie held is refused from then on', async () => {
    const abigail = await world.newUser('Abigail');
    await onPhone(abigail, async (page, context) => {
      const key = (await context.cookies()).find((c) => c.name === 'vms_session')!.value;
      assert.equal((await call('GET', '/api/users/current', undefined, key)).status, 200);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/sign-in$/);
      assert.equal((await context.cookies()).find((c) => c.name === 'vms_session'), undefined, 'the cookie is gone');
      assert.equal((await call('GET', '/api/users/current', undefined, key)).status, 401);
    });
  });

  it('shows the pages in Spanish when the reader chooses it', async () => {
    const miriam = await volunteer('Miriam');
    await onPhone(miriam, async (page) => {
      await page.getByRole('link', { name: 'Me', exact: true }).click();
      await page.getByLabel('Language').selectOption('es');
      await page.getByRole('heading', { name: 'Para qué estoy calificado' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
      await page.getByRole('link', { name: 'Mi horario' }).click();
      await page.getByRole('heading', { name: 'Mi horario' }).waitFor();
      await screenshots(page, 'my-schedule-es');
    });
  });

  it('records days away on My availability, lists the request they cover and declines it there', async () => {
    const orpah = await volunteer('Orpah');
    const date = inDays(10);
    const { occurrenceId } = await asked(orpah, date);
    await onPhone(orpah, async (page) => {
      await page.getByRole('link', { name: 'Me', exact: true }).click();
      await page.getByRole('link', { name: /^My availability/ }).click();
      await page.getByLabel('First day').fill(date);
      await page.getByLabel('Reason (optional)').fill('Visiting my sister');
      await page.getByRole('button', { name: 'Save days away' }).click();
      await page.getByText('You are scheduled on 1 of these dates. Decline it?').waitFor();
      await page.getByText('Visiting my sister').waitFor();
      await expectAccessible(page, 'availability');
      await page.getByRole('button', { name: new RegExp(`^Decline ${welcome.positionName}`) }).click();
      await page.getByText('All declined.').waitFor();
    });
    assert.deepEqual(await statuses(orpah), [[occurrenceId, 'declined']]);
  });

  it('answers a request with the keyboard alone: Tab reaches Accept, the dialog puts the focus on its confirming button, Escape gives it back, Enter confirms and the note takes the focus', async () => {
    const dorcas = await volunteer('Dorcas');
    const { assignmentId } = await asked(dorcas, inDays(12));
    await onPhone(dorcas, async (page) => {
      const card = page.locator('li.card', { hasText: welcome.positionName });
      const accept = card.getByRole('button', { name: 'Accept', exact: true });
      await accept.waitFor();
      const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

      // The Tab key alone reaches the card's Accept button (past the navigation and the tabs).
      let presses = 0;
      while (!(await hasFocus(accept))) {
        assert.ok(presses < 40, 'Tab reaches the Accept button');
        await page.keyboard.press('Tab');
        presses += 1;
      }
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Accept this request?' });
      await dialog.waitFor();
      const confirm = dialog.getByRole('button', { name: 'Yes, I will serve' });
      await focusComesTo(confirm, 'the dialog puts the focus on its confirming button');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await focusComesTo(accept, 'closing the dialog gives the focus back to the Accept button that opened it');

      await page.keyboard.press('Space');
      await dialog.waitFor();
      await focusComesTo(confirm, 'the dialog opened again puts the focus on its confirming button');
      await page.keyboard.press('Enter');
      const note = page.getByRole('status').filter({ hasText: 'Thank you, you accepted.' });
      await note.waitFor();
      await card.getByText('Accepted', { exact: true }).waitFor();
      // The Accept button is gone with the answer, so the focus is on the note that says what happened, not on the page.
      await focusComesTo(note, 'the note of the answer takes the focus');
      let tabs = 0;
      const decline = card.getByRole('button', { name: 'Decline', exact: true });
      while (!(await hasFocus(decline))) {
        assert.ok(tabs < 10, 'Tab goes on from the note to the card\'s Decline button');
        await page.keyboard.press('Tab');
        tabs += 1;
      }

      const detail = await ok('GET', `${V}/assignments/${assignmentId}`);
      assert.equal(detail.assignment.status, 'accepted');
      assert.deepEqual(detail.responses.map((r: { response: string; comment: string }) => [r.response, r.comment]), [['accepted', null]], 'an accept from the page carries no comment');
    });
  });

  it('says plainly that volunteer scheduling is off while the rollout is v1', async () => {
    const phoebe = await world.newUser('Phoebe');
    await onPhone(phoebe, async (page) => {
      await ok('POST', '/admin/api/system/config/sVolunteerVersion', { value: 'v1' });
      try {
        await page.goto(`${world.base}/open-spots`);
        await page.getByRole('heading', { name: 'Volunteer scheduling is not switched on' }).waitFor();
        await expectAccessible(page, 'not-enabled');
      } finally {
        await ok('POST', '/admin/api/system/config/sVolunteerVersion', { value: 'v2' });
      }
    });
  });
});
