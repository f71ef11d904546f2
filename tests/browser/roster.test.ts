import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, SCREENSHOTS } from '../helpers/browser.js';
import { daysAfter, expectAccessible, openSignedIn, useBrowserWorld, type BrowserUser } from '../kit/browser.js';
import type { RosterView } from '../../src/http/schemas/roster.schemas.js';

/**
 * The roster (issue 35 #1–#3) in headless Chromium against the real service: a team's eight weeks, an assign from a
 * cell (by keyboard), an auto-fill of the range, the print preview; every figure the page shows is the API's.
 */
const world = useBrowserWorld('roster', async () => {
  coordinator = await world.newUser('Rosa', 'Roster', { manageMinistries: true });
  coordinatorKey = await world.loginKey(coordinator.userName, coordinator.password);
  // Occurrences are made up to the horizon: thirteen weeks, for the twelve-week roster.
  await world.ok('POST', '/admin/api/system/config/iVolunteerSchedulingHorizonWeeks', { value: '13' });
});
const { ok } = world;
const V = '/api/ministries';
let coordinator: BrowserUser;
let coordinatorKey: string;

interface Church { ministryId: number; teamId: number; positions: Array<{ id: number; name: string }>; people: BrowserUser[]; from: string; to: string }

/**
 * A ministry whose team staffs a Sunday a week for `weeks` weeks from tomorrow (none is over yet) with the given positions, each Min 1 Max 2
 * unless it is the Singers (Min 2, Max 3), and `people` qualified for every position. `from` and `to` are those weeks,
 * fixed when the church is made: the page and the API are asked for them by date, not for "the next eight weeks", so
 * a test that runs across midnight (or starts on a Sunday) sees the same Sundays from start to end.
 */
async function church(name: string, positionNames: string[], people: string[], weeks = 8): Promise<Church> {
  const now = Date.now();
  const [from, to] = [daysAfter(now, 1), daysAfter(now, weeks * 7)];
  const volunteers: BrowserUser[] = [];
  for (const firstName of people) volunteers.push(await world.newUser(firstName, name));
  const ministryId = (await ok('POST', `${V}/ministries`, { name })).ministry.id;
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positions = [];
  for (const positionName of positionNames) positions.push((await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: positionName, teamId })).position);
  for (const position of positions) for (const volunteer of volunteers) await ok('POST', `${V}/positions/${position.id}/qualifications`, { personId: volunteer.personId });
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  const title = `${name} worship`;
  await ok('POST', `${V}/ministries/${ministryId}/events`, {
    title, eventTypeId: types.find((type) => type.Name === 'Other')!.Id, startTime: '10:00', endTime: '11:30',
    recurrence: { type: 'weekly', dow: 'SUNDAY' }, rangeStart: from, rangeEnd: to,
  });
  await ok('POST', `${V}/ministries/${ministryId}/schedules`, {
    name: 'Sundays', linkMode: 'ministry', titleFilter: title, teamId, windowStart: from,
    requirements: positions.map((p) => (p.name === 'Singer' ? { positionId: p.id, minCount: 2, maxCount: 3 } : { positionId: p.id, minCount: 1, maxCount: 2 })),
  });
  return { ministryId, teamId, positions, people: volunteers, from, to };
}

const rosterOf = (c: Church) => ok<RosterView>('GET', `${V}/ministries/${c.ministryId}/roster?teamId=${c.teamId}&from=${c.from}&to=${c.to}`);

async function rosterPage(t: TestContext, c: Church, viewport = DESKTOP): Promise<Page> {
  const { context, page } = await world.newContext(viewport);
  t.after(() => context.close());
  // Signed in on another page: on the roster itself, its heading and the grid's ("… Roster from …") may both match 'Roster'.
  await openSignedIn(page, world.base, coordinatorKey, '/ministries/occurrences', 'Occurrences');
  await page.goto(`${world.base}/ministries/roster?ministryId=${c.ministryId}&teamId=${c.teamId}&from=${c.from}&to=${c.to}`);
  await page.getByRole('region', { name: 'Roster' }).locator('tbody tr').first().waitFor();
  return page;
}

/** The column headers' "x of y filled", in order, as the page shows them. */
const columnFigures = (page: Page) => page.locator('.roster-occurrence .roster-figure').allInnerTexts();
const apiFigures = (roster: RosterView) => roster.occurrences.map((o) => `${o.filledCount} of ${o.requiredCount} filled`);

function answerTo(page: Page, method: string, pathname: RegExp) {
  return page.waitForResponse((response) => response.request().method() === method && pathname.test(new URL(response.url()).pathname));
}

describe('the roster in a browser', () => {
  it("shows a team's eight weeks as the API does, assigns from a cell, auto-fills the range and prints", async (t) => {
    const c = await church('Praise', ['Singer', 'Usher'], ['Ada', 'Ben', 'Cleo', 'Dan', 'Eve']);
    const [singer] = c.positions;
    const first = (await rosterOf(c)).occurrences[0];
    // Ada accepted and Ben declined the first Sunday's Singers; Cleo is asked: Min 2 is met, one more may serve.
    const placed = async (person: BrowserUser, status?: 'accepted' | 'declined') => {
      const { assignment } = await ok('POST', `${V}/occurrences/${first.id}/assignments`, { positionId: singer.id, personId: person.personId });
      if (status) await ok('POST', `${V}/assignments/${assignment.id}/status`, { status });
    };
    await placed(c.people[0], 'accepted');
    await placed(c.people[1], 'declined');
    await placed(c.people[2]);

    const page = await rosterPage(t, c);
    const before = await rosterOf(c);
    assert.equal(before.occurrences.length, 8);
    assert.equal(await page.locator('.roster-occurrence').count(), 8);
    assert.deepEqual(await columnFigures(page), apiFigures(before));
    const firstSingers = page.getByRole('button', { name: /^Singer, .+: full · 1 more possible, Ada Praise \(Accepted\), Ben Praise \(Declined\), Cleo Praise \(Asked\)\. Assign$/ });
    await firstSingers.waitFor();
    await expectAccessible(page, 'roster');

    // By keyboard: the first cell, then one to the right (the second Sunday's Singers), and Enter opens the assign panel.
    await firstSingers.focus();
    await page.keyboard.press('ArrowRight');
    // The grid moves the focus once it has rendered the move: wait for it rather than ask at once.
    await page.waitForFunction(() => /^Singer, .+: 2 missing\. Assign$/.test(document.activeElement?.getAttribute('aria-label') ?? ''));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Assign: Singer' });
    await dialog.getByRole('button', { name: 'Assign Dan Praise' }).waitFor();
    await expectAccessible(page, 'roster-assign');
    const assigned = answerTo(page, 'POST', /^\/api\/ministries\/occurrences\/\d+\/assignments$/);
    await dialog.getByRole('button', { name: 'Assign Dan Praise' }).click();
    assert.equal((await assigned).status(), 201);
    await dialog.getByText(/^Dan Praise is assigned as Singer\./).waitFor();
    await page.keyboard.press('Escape');
    const second = page.getByRole('button', { name: /^Singer, .+: 1 missing, Dan Praise \(Asked\)\. Assign$/ });
    await second.waitFor();
    // The focus is back on the cell the panel was opened from.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Singer, ') && document.activeElement.getAttribute('aria-label')!.includes('Dan Praise (Asked)'));
    const afterAssign = await rosterOf(c);
    assert.deepEqual(afterAssign.cells.find((cell) => cell.occurrenceId === afterAssign.occurrences[1].id && cell.positionId === singer.id)!.people.map((p) => [p.displayName, p.status]), [['Dan Praise', 'pending']]);
    assert.deepEqual(await columnFigures(page), apiFigures(afterAssign));

    // Auto-fill the shown range: the team's eight Sundays, with the same preview and commit as the schedule page's.
    const previewed = answerTo(page, 'POST', /^\/api\/ministries\/auto-fill\/preview$/);
    await page.getByRole('button', { name: 'Auto-fill', exact: true }).click();
    const preview = await previewed;
    assert.equal(preview.status(), 200);
    const body = JSON.parse(preview.request().postData()!);
    assert.deepEqual([body.teamId, body.from, body.to], [c.teamId, afterAssign.from, afterAssign.to]);
    const proposals = (await preview.json()).proposals.length;
    assert.ok(proposals > 0);
    const committed = answerTo(page, 'POST', /^\/api\/ministries\/auto-fill\/commit$/);
    await page.getByRole('button', { name: `Assign the ${proposals} kept` }).click();
    assert.equal((await committed).status(), 201);
    await page.getByText(/^Assigned \d+ people\./).waitFor();
    const filled = await rosterOf(c);
    assert.ok(filled.occurrences.reduce((sum, o) => sum + o.gapCount, 0) < afterAssign.occurrences.reduce((sum, o) => sum + o.gapCount, 0));
    await page.waitForFunction((expected) => [...document.querySelectorAll('.roster-occurrence .roster-figure')].map((e) => (e as HTMLElement).innerText).join('|') === expected, apiFigures(filled).join('|'));
    assert.deepEqual(await columnFigures(page), apiFigures(filled));

    // The print preview: A4 landscape, the grid alone.
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('navigation', { name: 'Print and export' }).isVisible(), false);
    assert.equal(await page.locator('.workspace-nav').isVisible(), false);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'roster-print.png'), fullPage: true });
    const pdf = await page.pdf({ format: 'A4', landscape: true, preferCSSPageSize: true });
    assert.ok(pdf.length > 1000);

    // The occurrence page prints the same way: who serves and what is missing, without the panels that change it.
    await page.goto(`${world.base}/ministries/occurrences/${first.id}`);
    await page.getByRole('heading', { name: 'Sundays' }).waitFor();
    assert.equal(await page.locator('.assign-panel').isVisible(), false);
    assert.equal(await page.getByRole('row', { name: /Ada Praise/ }).first().isVisible(), true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'occurrence-print.png'), fullPage: true });
  });

  it('offers the CSV, the team calendar and the person list, and stays usable on a phone', async (t) => {
    const c = await church('Welcome', ['Greeter'], ['Fay', 'Gus']);
    const page = await rosterPage(t, c, PHONE);
    const links = page.getByRole('navigation', { name: 'Print and export' });
    const shown = await rosterOf(c);
    assert.equal(await links.getByRole('link', { name: 'Roster (CSV)' }).getAttribute('href'), `${V}/ministries/${c.ministryId}/roster.csv?from=${shown.from}&to=${shown.to}&teamId=${c.teamId}`);
    assert.match((await links.getByRole('link', { name: 'Team calendar (iCalendar)' }).getAttribute('href'))!, /\/roster\.ics\?/);
    assert.equal(await links.getByRole('link', { name: 'Everyone (CSV)' }).getAttribute('href'), '/api/persons.csv');
    const csv = await fetch(`${world.base}${await links.getByRole('link', { name: 'Roster (CSV)' }).getAttribute('href')}`, { headers: { 'x-api-key': coordinatorKey } });
    assert.equal(csv.status, 200);
    assert.match(await csv.text(), /^Date,Start,End,Schedule,Status,Team,Position,Min,Max,Placed,Missing,People\r\n/);
    // The first column stays in view while the dates scroll sideways.
    const grid = page.getByRole('region', { name: 'Roster' });
    await grid.evaluate((element) => { element.scrollLeft = 400; });
    assert.ok((await page.locator('.roster-position').first().boundingBox())!.x >= 0);
    await expectAccessible(page, 'roster-phone');
  });

  it('shows twelve weeks of thirty positions with data, measured once', async (t) => {
    const names = Array.from({ length: 30 }, (_, i) => `Role ${String(i + 1).padStart(2, '0')}`);
    const c = await church('Large', names, ['Hal', 'Ida', 'Jo'], 12);
    const roster = await rosterOf(c);
    for (const [index, position] of c.positions.entries()) {
      await ok('POST', `${V}/occurrences/${roster.occurrences[index % roster.occurrences.length].id}/assignments`, { positionId: position.id, personId: c.people[index % 3].personId });
    }
    const { context, page } = await world.newContext(DESKTOP);
    t.after(() => context.close());
    await openSignedIn(page, world.base, coordinatorKey, '/ministries/occurrences', 'Occurrences');
    const started = Date.now();
    await page.goto(`${world.base}/ministries/roster?ministryId=${c.ministryId}&teamId=${c.teamId}&from=${c.from}&to=${c.to}`);
    await page.getByRole('button', { name: /^Role 30, / }).last().waitFor();
    t.diagnostic(`12 weeks × 30 positions shown with data ${Date.now() - started} ms after navigation`);
    assert.equal(await page.locator('.roster-occurrence').count(), 12);
    assert.equal(await page.locator('tbody tr').count(), 30);
  });
});
