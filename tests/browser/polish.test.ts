import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP, PHONE } from '../helpers/browser.js';
import { expectAccessible, inDays, openSignedIn, signIn, useBrowserWorld, type BrowserUser, focusComesTo } from '../kit/browser.js';

/** The web app's polish after its first month (issue 37): each `it` is one of the items. */
const world = useBrowserWorld('polish', arrange);
const { ok } = world;
const V = '/api/ministries';

let ada: BrowserUser;
let claire: BrowserUser;
/** A volunteer with no assignment, and one assigned on Sunday who chose the shared Hospitality calendar. */
let nina: BrowserUser;
let sam: BrowserUser;
/** A busy volunteer: Hospitality's greeter, and Music's singer and guitarist (its Band team) over three weeks. */
let vera: BrowserUser;
const veraDates: string[] = [];
const musicDates: string[] = [];
const bandDates: string[] = [];
/** Hospitality's Sunday service, short of an usher and a greeter, and its date (fixed when arranged, so a test run across midnight keeps it). */
const sunday = { occurrenceId: 0, usher: 0, greeter: 0, date: '' };

async function arrange(): Promise<void> {
  ada = await world.newUser('Ada', 'Administrator', { admin: true, manageMinistries: true });
  claire = await world.newUser('Claire', 'Coordinator', { manageMinistries: true });
  const hospitality = await ok('POST', `${V}/ministries`, { name: 'Hospitality' });
  const ministryId = hospitality.ministry.id;
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  sunday.usher = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId })).position.id;
  sunday.greeter = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Greeter', teamId })).position.id;
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  const eventTypeId = types.find((type) => type.Name === 'Other')!.Id;
  /** Services of a team on the dates, each short of one of the position. */
  const services = async (ministry: number, team: number, position: number, title: string, dates: string[]) => {
    for (const date of dates) await ok('POST', `${V}/ministries/${ministry}/events`, { title, eventTypeId, date, startTime: '18:00', endTime: '19:30' });
    await ok('POST', `${V}/ministries/${ministry}/schedules`, {
      name: title, linkMode: 'ministry', titleFilter: title, teamId: team, windowStart: inDays(0), requirements: [{ positionId: position, minCount: 1 }],
    });
  };
  sunday.date = inDays(3);
  await ok('POST', `${V}/ministries/${ministryId}/events`, { title: 'Sunday service', eventTypeId, date: sunday.date, startTime: '10:00', endTime: '11:30' });
  await ok('POST', `${V}/ministries/${ministryId}/schedules`, {
    name: 'Sunday service', linkMode: 'ministry', titleFilter: 'Sunday service', teamId, windowStart: inDays(0),
    requirements: [{ positionId: sunday.usher, minCount: 1 }, { positionId: sunday.greeter, minCount: 1 }],
  });
  const gaps = (await ok('GET', `${V}/dashboard`)).gaps as Array<{ occurrenceId: number }>;
  sunday.occurrenceId = gaps[0].occurrenceId;

  nina = await world.newUser('Nina');
  sam = await world.newUser('Sam');
  await ok('POST', `${V}/positions/${sunday.usher}/qualifications`, { personId: sam.personId });
  await ok('POST', `${V}/occurrences/${sunday.occurrenceId}/assignments`, { positionId: sunday.usher, personId: sam.personId });
  await ok('POST', '/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: hospitality.calendarId }] });
  await ok('PUT', '/api/users/current/calendar-feed', { calendarIds: [hospitality.calendarId] }, await world.loginKey(sam.userName, sam.password));

  vera = await world.newUser('Vera');
  const music = (await ok('POST', `${V}/ministries`, { name: 'Music' })).ministry.id;
  const musicTeam = (await ok('GET', `${V}/ministries/${music}/teams`)).teams[0].id;
  const band = (await ok('POST', `${V}/ministries/${music}/teams`, { name: 'Band' })).team.id;
  const singer = (await ok('POST', `${V}/ministries/${music}/positions`, { name: 'Singer', teamId: musicTeam })).position.id;
  const guitar = (await ok('POST', `${V}/ministries/${music}/positions`, { name: 'Guitar', teamId: band })).position.id;
  musicDates.push(inDays(7), inDays(14), inDays(21));
  bandDates.push(inDays(8), inDays(15));
  await services(music, musicTeam, singer, 'Music night', musicDates);
  await services(music, band, guitar, 'Band night', bandDates);
  for (const position of [sunday.greeter, singer, guitar]) await ok('POST', `${V}/positions/${position}/qualifications`, { personId: vera.personId });
  veraDates.push(sunday.date, ...musicDates, ...bandDates);
}

const ADMIN_PAGES = [
  ['Users', '/admin/users'], ['Settings', '/admin/settings'], ['People', '/admin/people'],
  ['Groups', '/admin/groups'], ['Calendars', '/admin/calendars'], ['Registrations', '/admin/registrations'], ['Kiosks', '/admin/kiosks'],
] as const;

describe('the web app\'s polish (issue 37)', () => {
  it('keeps the workspace\'s navigation on one row at 1280 px, the administrator\'s pages in a menu the keyboard opens and Escape closes (#7)', async () => {
    const { context, page } = await world.newContext(DESKTOP);
    try {
      await signIn(page, world.base, ada.userName, ada.password);
      await page.goto(`${world.base}/ministries/dashboard`);
      const nav = page.getByRole('navigation', { name: 'Workspace' });
      const menu = nav.getByRole('button', { name: 'Administration' });
      await menu.waitFor();
      const entries = nav.locator(':scope > a, :scope > .nav-menu > button');
      const tops = await entries.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
      assert.ok(tops.length >= 6, `nav entries: ${tops.length}`);
      assert.deepEqual(new Set(tops).size, 1, `the entries' tops: ${tops.join(', ')}`);

      for (const [name, path] of ADMIN_PAGES) {
        await menu.focus();
        await page.keyboard.press('Enter');
        assert.equal(await menu.getAttribute('aria-expanded'), 'true');
        const link = nav.getByRole('link', { name, exact: true });
        for (let presses = 0; presses < ADMIN_PAGES.length && !(await link.evaluate((element) => element === document.activeElement)); presses += 1) {
          await page.keyboard.press('Tab');
        }
        await page.keyboard.press('Enter');
        await page.waitForURL(`${world.base}${path}`);
        // The page is drawn once its link is the current one (a lazily loaded page arrives after the address changes).
        await nav.locator(`a[href="${path}"][aria-current="page"]`).waitFor({ state: 'attached' });
        assert.equal(await menu.getAttribute('aria-expanded'), 'false', `the menu closes on the way to ${name}`);
      }

      await menu.click();
      await nav.getByRole('link', { name: 'Users' }).waitFor();
      await expectAccessible(page, 'workspace-admin-menu-open');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      await focusComesTo(menu, 'Escape hands focus back to the menu\'s button');
      assert.equal(await nav.getByRole('link', { name: 'Users' }).count(), 0, 'the closed menu\'s links are hidden');
      await page.setViewportSize(PHONE);
      await menu.click();
      const list = await nav.getByRole('list').boundingBox();
      assert.ok(list && list.x >= 0 && list.x + list.width <= PHONE.width, `the open menu fits a phone: ${JSON.stringify(list)}`);
    } finally {
      await context.close();
    }
  });

  it('opens the assign panel on the position of the gap it was opened from, on the occurrence page and from the dashboard (#10)', async () => {
    const { context, page } = await world.newContext(DESKTOP);
    try {
      await signIn(page, world.base, claire.userName, claire.password);
      await page.goto(`${world.base}/ministries/occurrences/${sunday.occurrenceId}`);
      const position = page.locator('.assign-panel').getByLabel('Position');
      // The panel chooses a position once its options have come with the positions' query, which a loaded
      // machine delays past the click: wait for a chosen option, then check which.
      const chosenPosition = async () => {
        await position.locator('option:checked:not([value=""])').waitFor({ state: 'attached' });
        return position.inputValue();
      };
      await position.waitFor();
      assert.equal(await position.inputValue(), '', 'no position is chosen before a gap is');
      await page.getByRole('button', { name: 'Assign Greeter' }).click();
      assert.equal(await chosenPosition(), String(sunday.greeter));
      await focusComesTo(position, 'the position field takes focus');
      await page.getByLabel('Find by name').waitFor();
      await expectAccessible(page, 'occurrence-assign-from-gap');

      await page.goto(`${world.base}/ministries/dashboard`);
      await page.getByRole('region', { name: 'Positions still to fill' }).getByRole('row').filter({ hasText: 'Greeter' }).getByRole('link').click();
      assert.equal(await chosenPosition(), String(sunday.greeter));
      assert.match(page.url(), new RegExp(`positionId=${sunday.greeter}$`));
    } finally {
      await context.close();
    }
  });

  it('says on the Me page which calendar holds what, and why one would be empty (#9)', async () => {
    const NOTHING_CHOSEN = 'No shared church calendar is chosen for this link yet, so it is empty for now.';
    const NO_ASSIGNMENTS = 'You have no upcoming assignments yet, so this calendar is empty for now.';
    const cards = async (user: BrowserUser, shown: string, screenshot?: string) => {
      const { context, page } = await world.newContext(PHONE);
      try {
        await signIn(page, world.base, user.userName, user.password);
        await page.getByRole('link', { name: 'Me', exact: true }).click();
        const church = page.locator('section', { has: page.getByRole('heading', { name: 'Church calendar' }) });
        const mine = page.locator('section', { has: page.getByRole('heading', { name: 'My schedule in my calendar' }) });
        await church.getByRole('button', { name: 'Create my calendar link' }).or(church.getByLabel('Calendar link')).waitFor();
        await mine.getByRole('button', { name: 'Make a new link' }).waitFor();
        await page.getByText(shown).first().waitFor();
        if (screenshot) await expectAccessible(page, screenshot);
        return { church: await church.innerText(), mine: await mine.innerText() };
      } finally {
        await context.close();
      }
    };
    const newcomer = await cards(nina, NO_ASSIGNMENTS, 'me-calendars-empty');
    assert.ok(newcomer.church.includes('Events of the calendars the church office shares with members; not your shifts.'), newcomer.church);
    assert.ok(newcomer.church.includes(NOTHING_CHOSEN), newcomer.church);
    assert.ok(newcomer.mine.includes(NO_ASSIGNMENTS), newcomer.mine);
    assert.match(newcomer.mine, /Only yours\./);

    const serving = await cards(sam, 'Calendar link');
    assert.ok(!serving.church.includes(NOTHING_CHOSEN), serving.church);
    assert.ok(!serving.mine.includes(NO_ASSIGNMENTS), serving.mine);
  });

  it('groups a busy volunteer\'s open spots by week and filters them by ministry and team, the choice kept in the address (#4)', async () => {
    /** The headings the weeks (Monday to Sunday) of these dates get, named by their Monday, in English. */
    const weeksOf = (dates: string[]) => [...new Set(dates.map((date) => {
      const day = new Date(`${date}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
      return day.getTime();
    }))].sort().map((monday) => `Week of ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(monday)}`);
    const { context, page } = await world.newContext(PHONE);
    try {
      await signIn(page, world.base, vera.userName, vera.password);
      await page.getByRole('link', { name: 'Open spots', exact: true }).click();
      const cards = page.locator('li.card');
      const headings = async () => (await page.getByRole('heading', { level: 2, name: /^Week of / }).allTextContents()).map((text) => text.replace(/\s+/g, ' '));
      const normal = (texts: string[]) => texts.map((text) => text.replace(/\s+/g, ' '));
      const cardsShown = (count: number) => page.waitForFunction((expected) => document.querySelectorAll('li.card').length === expected, count);
      await cardsShown(veraDates.length);
      assert.deepEqual(await headings(), normal(weeksOf(veraDates)));
      await expectAccessible(page, 'open-spots-by-week');

      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByLabel('Ministry').selectOption('Music');
      await page.waitForURL(/[?&]ministry=Music/);
      await cardsShown(musicDates.length + bandDates.length);
      assert.deepEqual(await headings(), normal(weeksOf([...musicDates, ...bandDates])));
      await page.getByLabel('Team').selectOption('Band');
      await page.waitForURL(/[?&]team=Band/);
      await cardsShown(bandDates.length);
      assert.deepEqual(normal(await cards.locator('.card-meta').allTextContents()), bandDates.map(() => 'Music · Band'));
      assert.deepEqual(await headings(), normal(weeksOf(bandDates)));
      assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'filtering does not reload the page');
      await expectAccessible(page, 'open-spots-filtered');

      await page.reload();
      await cardsShown(bandDates.length);
      assert.equal(await page.getByLabel('Ministry').inputValue(), 'Music');
      assert.equal(await page.getByLabel('Team').inputValue(), 'Band');
    } finally {
      await context.close();
    }
  });

  it('opens a page at its top when the page before it was scrolled down (#1)', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await signIn(page, world.base, vera.userName, vera.password);
      await page.getByRole('link', { name: 'Open spots', exact: true }).click();
      await page.waitForFunction((expected) => document.querySelectorAll('li.card').length === expected, veraDates.length);
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      const left = await page.evaluate(() => window.scrollY);
      assert.ok(left > 200, `the open spots page scrolls (${left} px) before Me is opened`);

      await page.getByRole('link', { name: 'Me', exact: true }).click();
      await page.getByRole('heading', { name: 'Church calendar' }).waitFor();
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the Me page opens at its top');
    } finally {
      await context.close();
    }
  });

  it('brings the note of a sign-up made far down Open spots into view and gives it the focus (#1)', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await signIn(page, world.base, vera.userName, vera.password);
      await page.getByRole('link', { name: 'Open spots', exact: true }).click();
      await page.waitForFunction((expected) => document.querySelectorAll('li.card').length === expected, veraDates.length);
      // The last card is the last Music night (spots are listed in date order), its one place: signed up, it leaves the list.
      const last = page.locator('li.card').last();
      await last.getByRole('button', { name: 'Sign up' }).click();
      const note = page.getByRole('status').filter({ hasText: 'You are signed up for Singer on' });
      await note.waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('note-success') === true);
      const box = await note.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, `the note is in view (${JSON.stringify(box)})`);
      await page.waitForFunction((expected) => document.querySelectorAll('li.card').length === expected, veraDates.length - 1);
    } finally {
      await context.close();
    }
  });

  it('moves the view and the focus to a person\'s form when a name far below it on People is clicked (#1)', async () => {
    const { context, page } = await world.newContext(PHONE);
    try {
      await openSignedIn(page, world.base, world.adminKey, '/admin/people', 'People');
      const list = page.locator('section', { has: page.getByRole('heading', { name: 'Everyone' }) });
      const last = list.locator('tbody button.link-button').last();
      await last.waitFor();
      const [lastName, firstName] = (await last.innerText()).split(', ');
      await last.click();
      const heading = page.getByRole('heading', { level: 2, name: `${firstName} ${lastName}` });
      await heading.waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'person-heading');
      const box = await heading.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, `the form's heading is in view (${JSON.stringify(box)})`);
    } finally {
      await context.close();
    }
  });

  it('shows the occurrence page\'s and the dashboard\'s tables as cards on a phone, every column and the gap\'s Assign button in view (#6)', async () => {
    const { context, page } = await world.newContext(PHONE);
    /** Nothing on the page runs past the phone's edge: neither the page nor a table's frame scrolls sideways. */
    const nothingClipped = async (where: string) => {
      const overflowing = await page.evaluate(() => [document.scrollingElement!, ...document.querySelectorAll('.table-scroll')]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => `${element.getAttribute('aria-label') ?? element.tagName}: ${element.scrollWidth} > ${element.clientWidth}`));
      assert.deepEqual(overflowing, [], `${where} scrolls sideways`);
    };
    try {
      await signIn(page, world.base, claire.userName, claire.password);
      await page.goto(`${world.base}/ministries/occurrences/${sunday.occurrenceId}`);
      const assign = page.getByRole('button', { name: 'Assign Greeter' });
      await assign.waitFor();
      await page.getByRole('region', { name: 'Assignments' }).getByRole('rowheader', { name: 'Sam Volunteer' }).waitFor();
      await expectAccessible(page, 'occurrence-cards');
      const box = await assign.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `the Assign button at 360 px: ${JSON.stringify(box)}`);
      await nothingClipped('the occurrence page');
      const needs = page.getByRole('region', { name: 'Staffing needs' });
      assert.ok(await needs.getByRole('columnheader', { name: 'Missing' }).count() === 1, 'the needs keep their column titles for screen readers');
      const titles = await needs.locator('tbody td').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
      assert.ok(titles.includes('"Missing"') && titles.includes('"Min"'), `each cell shows its column's title: ${titles.join(', ')}`);

      await page.goto(`${world.base}/ministries/dashboard`);
      await page.getByRole('region', { name: 'Positions still to fill' }).getByRole('rowheader', { name: 'Greeter' }).waitFor();
      await expectAccessible(page, 'dashboard-cards');
      await nothingClipped('the dashboard');
    } finally {
      await context.close();
    }
  });

  it('shows on the coordinator\'s dashboard, once its window has focus again, a decline made elsewhere, without a reload (#3)', async () => {
    const welcome = (await ok('POST', `${V}/ministries`, { name: 'Welcome' })).ministry.id;
    const team = (await ok('GET', `${V}/ministries/${welcome}/teams`)).teams[0].id;
    const doorkeeper = (await ok('POST', `${V}/ministries/${welcome}/positions`, { name: 'Doorkeeper', teamId: team })).position.id;
    const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
    await ok('POST', `${V}/ministries/${welcome}/events`, { title: 'Welcome desk', eventTypeId: types.find((type) => type.Name === 'Other')!.Id, date: inDays(5), startTime: '09:00', endTime: '10:00' });
    await ok('POST', `${V}/ministries/${welcome}/schedules`, {
      name: 'Welcome desk', linkMode: 'ministry', titleFilter: 'Welcome desk', teamId: team, windowStart: inDays(0), requirements: [{ positionId: doorkeeper, minCount: 1 }],
    });
    const occurrence = ((await ok('GET', `${V}/dashboard`)).gaps as Array<{ occurrenceId: number; positionId: number }>).find((gap) => gap.positionId === doorkeeper)!.occurrenceId;
    const dora = await world.newUser('Dora');
    await ok('POST', `${V}/positions/${doorkeeper}/qualifications`, { personId: dora.personId });
    await ok('POST', `${V}/occurrences/${occurrence}/assignments`, { positionId: doorkeeper, personId: dora.personId });

    const coordinator = await world.newContext(DESKTOP);
    const volunteer = await world.newContext(PHONE);
    try {
      const { page } = coordinator;
      await signIn(page, world.base, claire.userName, claire.password);
      await page.goto(`${world.base}/ministries/dashboard`);
      const waiting = page.getByRole('region', { name: 'Waiting for a reply' });
      const replies = page.getByRole('region', { name: 'Recent replies' });
      await waiting.getByRole('rowheader', { name: 'Dora Volunteer' }).waitFor();
      assert.equal(await replies.getByRole('rowheader', { name: 'Dora Volunteer' }).count(), 0);

      await signIn(volunteer.page, world.base, dora.userName, dora.password);
      await volunteer.page.getByRole('button', { name: 'Decline' }).click();
      await volunteer.page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
      await volunteer.page.getByText('You declined.').waitFor();

      // The coordinator comes back to the dashboard's window (well within the 30 s a read stays fresh).
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      await replies.getByRole('rowheader', { name: 'Dora Volunteer' }).waitFor();
      await waiting.getByRole('rowheader', { name: 'Dora Volunteer' }).waitFor({ state: 'detached' });
      await expectAccessible(page, 'dashboard-after-decline');
    } finally {
      await coordinator.context.close();
      await volunteer.context.close();
    }
  });

  it('loads only the sign-in page on a first visit, each volunteer page when it is first opened (#12)', async () => {
    const { context, page } = await world.newContext(PHONE);
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    try {
      await page.goto(`${world.base}/sign-in`);
      await page.getByLabel('User name').waitFor();
      await page.waitForLoadState('networkidle');
      const pages = /\/(MySchedule|Me|OpenSpots|HelpWanted|Availability|TwoFactor|ChangePassword|ResetPassword|AnswerFromEmail)-[\w-]+\.js$/;
      assert.deepEqual(scripts.filter((script) => pages.test(script)), [], 'the sign-in page downloads no other page');
      await signIn(page, world.base, nina.userName, nina.password);
      assert.ok(scripts.some((script) => /\/MySchedule-[\w-]+\.js$/.test(script)), `My schedule arrives once opened: ${scripts.join(', ')}`);
      await expectAccessible(page, 'my-schedule-lazy');
    } finally {
      await context.close();
    }
  });

  it('writes dates in the page\'s language, never as ISO dates, in Spanish too (#8)', async () => {
    const away = await world.newUser('Ivo');
    await ok('POST', `${V}/positions/${sunday.greeter}/qualifications`, { personId: away.personId });
    await ok('POST', '/api/me/blockouts', { startDate: sunday.date, startTime: '09:00', endTime: '12:00', reason: 'Viaje' }, await world.loginKey(away.userName, away.password));
    const { context, page } = await world.newContext(DESKTOP);
    const iso = /\d{4}-\d{2}-\d{2}|\d{2}:\d{2}:\d{2}/;
    const noIsoDates = async (where: string) => {
      const text = await page.locator('body').innerText();
      assert.equal(text.match(iso)?.[0], undefined, `${where} shows an ISO date`);
      assert.doesNotMatch(await page.title(), iso, `${where}'s title`);
    };
    try {
      await signIn(page, world.base, claire.userName, claire.password);
      // The reader's choice of language, kept by the app in this browser.
      await page.evaluate(() => localStorage.setItem('vms-language', 'es'));
      await page.goto(`${world.base}/ministries/occurrences/${sunday.occurrenceId}`);
      await page.getByRole('button', { name: 'Asignar Greeter' }).click();
      await page.locator('.assign-panel').getByText(/^Fuera /).waitFor();
      await noIsoDates('the occurrence page with its assign panel');
      await expectAccessible(page, 'occurrence-in-spanish');
      await page.goto(`${world.base}/ministries/dashboard`);
      await page.getByRole('region', { name: 'Puestos por cubrir' }).waitFor();
      await noIsoDates('the dashboard');
    } finally {
      await context.close();
    }
  });
});
