import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP } from '../helpers/browser.js';
import { ADMIN_PASSWORD, daysAfter, expectAccessible, openSignedIn, useBrowserWorld, type BrowserUser, inDays } from '../kit/browser.js';

/**
 * The coordinator's and administrator's workspace in headless Chromium against the real service (issue 16). On
 * an empty install a coordinator sets a ministry up and staffs a quarter by clicking alone; the administrator
 * creates a user and turns mail on against a real SMTP sink; a team leader sees only their team; a volunteer who
 * opens a coordinator page is sent to the access-denied page. Only the people are made over the API (the church
 * office's records); everything else is done on the pages.
 */
const world = useBrowserWorld('workspace', async () => {
  coordinator = await world.newUser('Claire', 'Coordinator', { manageMinistries: true });
});
const { ok, call } = world;
const V = '/api/ministries';

/** The coordinator every test signs in as; what a test changes is a ministry and people of its own, so that it runs alone and in any order. */
let coordinator: BrowserUser;
const SERIES = 'Sunday Gathering';

/** Pages opened by the running test, closed after it. */
const opened: Page[] = [];
afterEach(async () => {
  for (const page of opened.splice(0)) await page.context().close();
});

/**
 * Each person's API key, signed in for once over the API (the administrator's is the world's): it serves their pages'
 * session cookie and their API calls, so that a test checks a password once per person (see `openSignedIn`).
 */
const keys = new Map<string, Promise<string>>();
const keyOf = (user: BrowserUser) => {
  if (user.userName === 'admin') return Promise.resolve(world.adminKey);
  if (!keys.has(user.userName)) keys.set(user.userName, world.loginKey(user.userName, user.password));
  return keys.get(user.userName)!;
};

async function open(viewport: { width: number; height: number }, user: BrowserUser): Promise<Page> {
  const { page } = await world.newContext(viewport);
  opened.push(page);
  await openSignedIn(page, world.base, await keyOf(user));
  return page;
}

const desk = (user: BrowserUser) => open(DESKTOP, user);
const ADMIN = { userName: 'admin', password: ADMIN_PASSWORD } as BrowserUser;

/** A person of the church office's records who never signs in: no user account, so no password to hash. */
async function newPerson(firstName: string, lastName: string): Promise<{ personId: number; firstName: string; lastName: string }> {
  const person = await ok('POST', '/api/persons', { firstName, lastName, email: `${firstName.toLowerCase()}@church.example` });
  return { personId: person.Id, firstName, lastName };
}

interface Arranged { ministryId: number; teamId: number; teamName: string; positionId: number }

/** A ministry made over the API, with a team (its first one unless `team` names a new one) and one position on it. */
async function newMinistry(name: string, position: string, team?: string): Promise<Arranged> {
  const ministryId = (await ok('POST', `${V}/ministries`, { name })).ministry.id;
  const made = team === undefined
    ? (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0]
    : (await ok('POST', `${V}/ministries/${ministryId}/teams`, { name: team })).team;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: position, teamId: made.id })).position.id;
  return { ministryId, teamId: made.id, teamName: made.name, positionId };
}

async function eventTypeId(): Promise<number> {
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  return types.find((type) => type.Name === 'Other')!.Id;
}

/**
 * Opens the dashboard, chooses its 90-day window, waits for the service's answer for that window (the page asks
 * again after a change, having shown what it had), then for the page to show exactly `expected` gap rows for
 * `position`: at least that many, then none more.
 */
async function expectGapRows(page: Page, position: string, expected: number): Promise<void> {
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Dashboard' }).click();
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/ministries/dashboard' && url.searchParams.get('days') === '90';
  });
  await page.getByRole('radio', { name: /90/ }).check();
  assert.equal((await answered).status(), 200);
  const rows = page.getByRole('region', { name: 'Positions still to fill' }).getByRole('row').filter({ hasText: position });
  await rows.nth(expected - 1).waitFor();
  await rows.nth(expected).waitFor({ state: 'detached' });
}

describe('the workspace in a browser', () => {
  it('lets a coordinator set a ministry up: a team, two positions, three people in the pool, qualified', async () => {
    const MINISTRY = 'Hospitality';
    const TEAM = 'Welcome desk';
    const POSITIONS = ['Greeter', 'Coffee'];
    const volunteers = [await newPerson('Ada', 'Lovelace'), await newPerson('Grace', 'Hopper'), await newPerson('Mary', 'Jackson')];
    const page = await desk(coordinator);
    await page.getByRole('link', { name: 'Workspace' }).click();
    await page.waitForURL(/\/ministries\/dashboard$/);
    // The workspace's pages load on first use; the dashboard names the tab once it shows.
    await page.getByRole('heading', { name: 'Ministry dashboard' }).waitFor();
    assert.equal(await page.title(), 'Ministry Dashboard');
    await expectAccessible(page, 'workspace-dashboard-empty');

    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Ministries' }).click();
    await page.getByLabel('Name', { exact: true }).fill(MINISTRY);
    await page.getByRole('button', { name: 'Create ministry' }).click();
    await page.getByRole('link', { name: MINISTRY }).click();
    await page.getByLabel('Team name').fill(TEAM);
    await page.getByRole('button', { name: 'Add team' }).click();
    for (const position of POSITIONS) {
      await page.getByLabel('Position name').fill(position);
      await page.getByLabel('Team', { exact: true }).selectOption({ label: TEAM });
      await page.getByLabel('Volunteers can sign up themselves').check();
      await page.getByRole('button', { name: 'Add position' }).click();
      await page.getByRole('cell', { name: position }).first().waitFor();
    }
    for (const person of volunteers) {
      await page.getByLabel('Find a person').fill(person.lastName);
      await page.getByRole('button', { name: new RegExp(person.firstName) }).click();
      await page.getByRole('checkbox', { name: `${person.firstName} ${person.lastName} — ${POSITIONS[0]}` }).check();
    }
    await page.getByRole('checkbox', { name: `${volunteers[0].firstName} ${volunteers[0].lastName} — ${POSITIONS[1]}` }).check();
    await expectAccessible(page, 'workspace-ministry-setup');
    const ministries = await ok(`GET`, `${V}/ministries`, undefined);
    const ministry = ministries.ministries.find((m: { name: string }) => m.name === MINISTRY);
    const matrix = await ok('GET', `${V}/ministries/${ministry.id}/qualification-matrix`);
    const positionNames = new Map<number, string>(matrix.positions.map((position: { id: number; name: string }) => [position.id, position.name]));
    const [ada, grace, mary] = volunteers;
    assert.deepEqual(
      volunteers.map((person) => {
        const row = matrix.people.find((entry: { personId: number }) => entry.personId === person.personId);
        return row && { personId: row.personId, inPool: row.inPool, qualifications: row.qualifications.map((id: number) => positionNames.get(id)).sort() };
      }),
      [
        { personId: ada.personId, inPool: true, qualifications: ['Coffee', 'Greeter'] },
        { personId: grace.personId, inPool: true, qualifications: ['Greeter'] },
        { personId: mary.personId, inPool: true, qualifications: ['Greeter'] },
      ],
      'the three people are in the pool, each qualified as ticked',
    );
  });

  it('creates a weekly series of services and a schedule that follows it, and generates its occurrences', async () => {
    const music = await newMinistry('Music', 'Singer', 'Choir loft');
    const page = await desk(coordinator);
    // Other tests' ministries may come first in the Ministry field: the pages are opened on this test's own.
    await page.goto(`${world.base}/ministries/events?ministryId=${music.ministryId}`);
    await page.getByLabel('Title', { exact: true }).fill(SERIES);
    await page.getByLabel('Start time').fill('10:00');
    await page.getByLabel('End time').fill('11:30');
    await page.getByRole('radio', { name: 'Weekly' }).check();
    await page.getByLabel('First date').fill(inDays(7));
    await page.getByLabel('Last date').fill(inDays(7 + 7 * 3));
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText(/Created 4 events/).waitFor();
    await expectAccessible(page, 'workspace-events');

    await page.goto(`${world.base}/ministries/schedules?ministryId=${music.ministryId}`);
    await page.getByRole('link', { name: 'New schedule' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Sundays');
    await page.getByLabel('Team', { exact: true }).selectOption({ label: music.teamName });
    await page.getByRole('radio', { name: "This ministry's events", exact: true }).check();
    await page.getByLabel('Event title').fill(SERIES);
    await page.getByRole('button', { name: 'Add a position' }).click();
    const plan = page.getByRole('group', { name: 'Position 1' });
    await plan.getByLabel('Position', { exact: true }).selectOption({ label: 'Singer' });
    await plan.getByLabel('Minimum').fill('1');
    await plan.getByLabel('Maximum').fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/ministries\/schedules\/\d+$/);
    // Saving generated the four Sundays at once; generating again is safe and finds them there.
    const result = page.getByTestId('generate-result');
    await result.getByText('When saved: Generated.').waitFor();
    await result.getByText('4 new occurrences', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Generate' }).click();
    await result.getByText('4 already there', { exact: true }).waitFor();
    await result.getByText('0 new occurrences', { exact: true }).waitFor();
    await expectAccessible(page, 'workspace-schedule');
    const schedules = await ok('GET', `${V}/ministries/${music.ministryId}/schedules`);
    assert.deepEqual(schedules.schedules.map((schedule: { name: string; teamId: number }) => [schedule.name, schedule.teamId]), [['Sundays', music.teamId]]);
  });

  it('assigns a person from the eligible list; the gap closes on the dashboard and the volunteer sees the request on My schedule', async () => {
    // Four Sundays of a schedule of this test's own, each short of a doorkeeper: 28 days from tomorrow hold exactly four.
    const outreach = await newMinistry('Outreach', 'Doorkeeper');
    const hedy = await world.newUser('Hedy', 'Lamarr');
    const people = [hedy, await newPerson('Katherine', 'Johnson'), await newPerson('Dorothy', 'Vaughan')];
    for (const person of people) await ok('POST', `${V}/positions/${outreach.positionId}/qualifications`, { personId: person.personId });
    const now = Date.now();
    await ok('POST', `${V}/ministries/${outreach.ministryId}/events`, {
      title: 'Evening Prayer', eventTypeId: await eventTypeId(), startTime: '18:00', endTime: '19:00',
      recurrence: { type: 'weekly', dow: 'SUNDAY' }, rangeStart: daysAfter(now, 1), rangeEnd: daysAfter(now, 28),
    });
    const scheduleId = (await ok('POST', `${V}/ministries/${outreach.ministryId}/schedules`, {
      name: 'Evenings', linkMode: 'ministry', titleFilter: 'Evening Prayer', teamId: outreach.teamId, windowStart: inDays(0),
      requirements: [{ positionId: outreach.positionId, minCount: 1, maxCount: 2 }],
    })).schedule.id;
    const listed = await ok('GET', `${V}/occurrences?scheduleId=${scheduleId}&from=${inDays(0)}&to=${inDays(29)}`);
    const firstOccurrence = [...listed.occurrences].sort((a: { occurrenceDate: string }, b: { occurrenceDate: string }) => a.occurrenceDate.localeCompare(b.occurrenceDate))[0].id;

    const page = await desk(coordinator);
    await page.goto(`${world.base}/ministries/occurrences`);
    await expectGapRows(page, 'Doorkeeper', 4);

    await page.goto(`${world.base}/ministries/occurrences/${firstOccurrence}`);
    await page.getByLabel('Position', { exact: true }).selectOption({ label: 'Doorkeeper' });
    await page.getByRole('button', { name: 'Assign Hedy Lamarr' }).click();
    const row = page.getByRole('row', { name: /^Doorkeeper/ }).first();
    await row.locator('[data-field="live"]').filter({ hasText: '1' }).waitFor();
    await expectAccessible(page, 'workspace-occurrence');

    // The assigned Sunday has its doorkeeper.
    await expectGapRows(page, 'Doorkeeper', 3);
    await expectAccessible(page, 'workspace-dashboard');

    const phone = await open({ width: 360, height: 740 }, hedy);
    await phone.locator('li.card', { hasText: 'Doorkeeper' }).getByText('Waiting for your answer').waitFor();
    const mine = await call('GET', '/api/me/assignments', undefined, await keyOf(hedy));
    assert.deepEqual(mine.body.assignments.map((a: { occurrenceId: number }) => a.occurrenceId), [firstOccurrence]);
  });

  it('lets an administrator create a user, turn mail on and send a test message the mail server accepts, after one to a service that is no mail server', async () => {
    const admin = await desk(ADMIN);
    const person = await ok('POST', '/api/persons', { firstName: 'Nora', lastName: 'Newcomer', email: 'nora@church.example' });
    await admin.goto(`${world.base}/admin/users`);
    await admin.getByLabel('Find a person').fill('Newcomer');
    await admin.getByRole('button', { name: /Nora/ }).click();
    await admin.getByLabel('User name').fill('nora');
    await admin.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await admin.getByRole('button', { name: 'Create user' }).click();
    await admin.getByText('Signs in as nora.').waitFor();
    await expectAccessible(admin, 'admin-users');
    const nora = await call('GET', '/api/users/current', undefined, await world.loginKey('nora', 'a-long-enough-password'));
    assert.deepEqual(
      [nora.body.user.personId, nora.body.user.userName, nora.body.user.firstName, nora.body.user.lastName],
      [person.Id, 'nora', 'Nora', 'Newcomer'],
      'Nora signs in with the password given, as herself',
    );

    await admin.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name: 'Administration' }).click();
    await admin.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings' }).click();
    await admin.getByLabel('Send e-mail').check();
    await admin.getByLabel('Church e-mail address').fill('office@church.example');
    const mail = admin.locator('form', { has: admin.getByLabel('SMTP server') });
    const testMail = admin.locator('.admin-test-mail');
    // An SSH server at an IP address: the service's message names the address, so the answer's message is the
    // generic one (contract §1.3); the page words the reason itself, and nothing the SSH server sent.
    const sockets = new Set<net.Socket>();
    const ssh = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.write('SSH-2.0-OpenSSH_9.6\r\n');
    });
    const sshPort = await new Promise<number>((resolve) => ssh.listen(0, '127.0.0.1', () => resolve((ssh.address() as AddressInfo).port)));
    try {
      await admin.getByLabel('SMTP server').fill(`127.0.0.1:${sshPort}`);
      await mail.getByRole('button', { name: 'Save' }).click();
      await mail.getByText('Saved.', { exact: true }).waitFor();
      await admin.getByLabel('Send a test message to').fill('admin@church.example');
      await admin.getByRole('button', { name: 'Send test message' }).click();
      await testMail.getByText(`127.0.0.1:${sshPort} answered, but it is not a mail server (SMTP).`).waitFor();
      assert.doesNotMatch(await testMail.innerText(), /SSH|contact your system administrator/);
      await expectAccessible(admin, 'admin-settings-not-a-mail-server');
    } finally {
      const closed = new Promise((resolve) => ssh.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    }
    await admin.getByLabel('SMTP server').fill(`localhost:${world.smtpPort}`);
    await mail.getByRole('button', { name: 'Save' }).click();
    await mail.getByText('Saved.', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Send test message' }).click();
    await testMail.getByText(/^250/).waitFor();
    assert.ok(world.mails.some((m) => m.to === 'admin@church.example'), 'the sink received the test message');
    await expectAccessible(admin, 'admin-settings');
  });

  it('passes axe on every other page of the workspace and on the account pages', async () => {
    const admin = await desk(ADMIN);
    for (const [path, name] of [
      ['/ministries/occurrences', 'workspace-occurrences'], ['/ministries/schedules', 'workspace-schedules'], ['/ministries/setup', 'workspace-ministries'],
      ['/admin/people', 'admin-people'], ['/admin/groups', 'admin-groups'], ['/admin/calendars', 'admin-calendars'],
      ['/admin/registrations', 'admin-registrations'], ['/account/two-factor', 'two-factor'], ['/me/availability', 'my-availability'],
    ]) {
      await admin.goto(`${world.base}${path}`);
      await admin.getByRole('heading', { level: 1 }).waitFor();
      // Its requests made and answered, the page has drawn what they answered (on a loaded machine, some time after).
      await admin.waitForLoadState('networkidle');
      await admin.waitForFunction(() => !document.body.innerText.includes('Loading…'));
      assert.equal(await admin.getByText('Loading…').count(), 0, `${path} has finished loading`);
      await expectAccessible(admin, name);
    }
  });

  it('shows a team leader only their team, and sends a volunteer to the access-denied page', async () => {
    // The leader's team serves two Sundays; another team of the ministry serves a midweek event the leader must not see.
    const youth = await newMinistry('Youth', 'Porter', 'Front door');
    const leader = await world.newUser('Lee', 'Leader');
    await ok('POST', `${V}/scopes`, { personId: leader.personId, scopeType: 'team', scopeId: youth.teamId });
    const other = (await ok('GET', `${V}/ministries/${youth.ministryId}/teams`)).teams.find((team: { id: number }) => team.id !== youth.teamId);
    const usher = (await ok('POST', `${V}/ministries/${youth.ministryId}/positions`, { name: 'Usher', teamId: other.id })).position.id;
    const typeId = await eventTypeId();
    for (const [title, days, teamId, positionId] of [['Sunday', 5, youth.teamId, youth.positionId], ['Sunday', 12, youth.teamId, youth.positionId], ['Midweek Prayer', 9, other.id, usher]] as const) {
      const event = await ok('POST', `${V}/ministries/${youth.ministryId}/events`, { title, eventTypeId: typeId, date: inDays(days), startTime: '19:00', endTime: '20:00' });
      await ok('POST', `${V}/ministries/${youth.ministryId}/staffed-events`, { eventId: event.events[0].id, teamId, requirements: [{ positionId, minCount: 1 }] });
    }

    const rowsOf = (on: Page, team: string) => on.getByRole('main').getByRole('row').filter({ hasText: team });
    const page = await desk(coordinator);
    await page.goto(`${world.base}/ministries/occurrences`);
    await rowsOf(page, other.name).first().waitFor();
    const leaderPage = await desk(leader);
    await leaderPage.goto(`${world.base}/ministries/occurrences`);
    await rowsOf(leaderPage, youth.teamName).nth(1).waitFor();
    assert.equal(await rowsOf(leaderPage, youth.teamName).count(), 2, "their team's two Sundays are listed");
    assert.equal(await rowsOf(leaderPage, other.name).count(), 0, `another team's occurrence (${other.name}) is not`);
    await expectAccessible(leaderPage, 'workspace-team-leader');

    const volunteer = await desk(await world.newUser('Vera', 'Visitor'));
    await volunteer.goto(`${world.base}/ministries/dashboard`);
    await volunteer.waitForURL(/\/v2\/access-denied\?role=VolunteerCoordinator$/);
    await volunteer.getByRole('heading', { name: 'You cannot open this page' }).waitFor();
    await expectAccessible(volunteer, 'access-denied');
  });
});
