import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DESKTOP, PHONE, SCREENSHOTS, seriousAccessibilityProblems } from '../helpers/browser.js';
import { daysAfter, expectAccessible, inDays, openSignedIn, useBrowserWorld, type BrowserUser } from '../kit/browser.js';
import type { AvailabilityGlanceView, MinistryReportView } from '../../src/http/schemas/reports.schemas.js';

/**
 * The Reports page and Availability at a glance (issue 35 #4, #6) in headless Chromium against the real service: a
 * small church's coming Sundays are arranged over the API, the coordinator opens the pages, the charts are drawn and
 * the tables beside them say what the API says.
 */
const world = useBrowserWorld('reports', async () => {
  coordinator = await world.newUser('Claire', 'Reporter', { manageMinistries: true });
  coordinatorKey = await world.loginKey(coordinator.userName, coordinator.password);
});
const { ok } = world;
const V = '/api/ministries';
let coordinator: BrowserUser;
let coordinatorKey: string;

/** A ministry with one position needing 2, three Sundays ahead, Ada and Grace placed and answering, Mary never placed. */
async function smallChurch(name: string, [first, second, third]: string[]) {
  const [ada, grace, mary] = [await world.newUser(first), await world.newUser(second), await world.newUser(third)];
  const ministryId = (await ok('POST', `${V}/ministries`, { name })).ministry.id;
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Greeter', teamId })).position.id;
  for (const person of [ada, grace, mary]) await ok('POST', `${V}/positions/${positionId}/qualifications`, { personId: person.personId });
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  const now = Date.now();
  await ok('POST', `${V}/ministries/${ministryId}/events`, {
    title: 'Morning Worship', eventTypeId: types.find((type) => type.Name === 'Other')!.Id, startTime: '10:00', endTime: '11:30',
    recurrence: { type: 'weekly', dow: 'SUNDAY' }, rangeStart: daysAfter(now, 1), rangeEnd: daysAfter(now, 21),
  });
  const scheduleId = (await ok('POST', `${V}/ministries/${ministryId}/schedules`, {
    name: 'Sundays', linkMode: 'ministry', titleFilter: 'Morning Worship', teamId, windowStart: inDays(0), requirements: [{ positionId, minCount: 2 }],
  })).schedule.id;
  const occurrences = (await ok('GET', `${V}/occurrences?scheduleId=${scheduleId}&from=${inDays(0)}&to=${inDays(22)}`)).occurrences as Array<{ id: number; eventId: number }>;
  const occurrenceIds = occurrences.map((o) => o.id);
  const place = async (occurrenceId: number, person: BrowserUser) =>
    (await ok('POST', `${V}/occurrences/${occurrenceId}/assignments`, { positionId, personId: person.personId })).assignment.id as number;
  const answer = async (person: BrowserUser, assignmentId: number, response: 'accepted' | 'declined') =>
    ok('POST', `/api/me/assignments/${assignmentId}/respond`, { response }, await world.loginKey(person.userName, person.password));
  // First Sunday: both accept; second: Ada accepts, Grace declines; third: Ada asked, no answer yet.
  await answer(ada, await place(occurrenceIds[0], ada), 'accepted');
  await answer(grace, await place(occurrenceIds[0], grace), 'accepted');
  await answer(ada, await place(occurrenceIds[1], ada), 'accepted');
  await answer(grace, await place(occurrenceIds[1], grace), 'declined');
  await place(occurrenceIds[2], ada);
  return { ministryId, teamId, positionId, ada, grace, mary, eventIds: occurrences.map((o) => o.eventId), answer };
}

/** The text of each cell of a table's row, the row's header first. */
async function rowText(row: import('playwright-core').Locator) {
  return (await row.locator('th, td').allInnerTexts()).map((text) => text.trim());
}

describe('reports in a browser', () => {
  it('draws coverage, replies and servings with tables that say what the API says, and saves a table as CSV', async () => {
    const { ministryId, mary } = await smallChurch('Hospitality reports', ['Ada', 'Grace', 'Mary']);
    const report = await ok<MinistryReportView>('GET', `${V}/ministries/${ministryId}/report`, undefined, coordinatorKey);
    const { context, page } = await world.newContext(DESKTOP);
    try {
      // The page is opened on the range the API answered by default (8 weeks back to 8 ahead of the church's week), so a
      // run that crosses into a new week between the two reads still compares the same weeks.
      await openSignedIn(page, world.base, coordinatorKey, `/ministries/reports?ministryId=${ministryId}&from=${report.from}&to=${report.to}`, 'Reports');
      await page.getByRole('heading', { name: 'Servings per person' }).waitFor();
      await page.locator('.report-chart canvas').nth(2).waitFor();
      assert.equal(await page.locator('.report-chart canvas').count(), 3, 'three charts drawn');

      const coverage = page.getByRole('region', { name: 'Coverage per week' });
      const replies = page.getByRole('region', { name: 'Replies per week' });
      assert.equal(await coverage.locator('tbody tr').count(), report.weeks.filter((w) => w.occurrenceCount > 0).length, 'the weeks with a service');
      for (const week of report.weeks.filter((w) => w.occurrenceCount > 0)) {
        const cells = await rowText(coverage.locator(`tr[data-week="${week.week}"]`));
        const share = week.coverage === null ? '—' : `${Math.round(week.coverage * 100)}%`;
        assert.deepEqual(cells.slice(1), [String(week.occurrenceCount), String(week.requiredCount), String(week.filledCount), share], `coverage of ${week.week}`);
        assert.deepEqual((await rowText(replies.locator(`tr[data-week="${week.week}"]`))).slice(1), [String(week.accepted), String(week.declined), String(week.noAnswer)]);
      }
      assert.deepEqual(report.weeks.filter((w) => w.occurrenceCount > 0).map((w) => [w.filledCount, w.accepted, w.declined, w.noAnswer]).sort(),
        [[1, 1, 1, 0], [1, 0, 0, 1], [2, 2, 0, 0]].sort(), 'the arranged Sundays');
      const people = page.getByRole('region', { name: 'Servings per person' });
      for (const person of report.people) {
        const cells = await rowText(people.locator(`tr[data-person="${person.personId}"]`));
        assert.deepEqual(cells.slice(0, 5), [person.displayName, String(person.servings), String(person.accepted), String(person.declined), String(person.noAnswer)]);
      }
      assert.match((await rowText(people.locator(`tr[data-person="${mary.personId}"]`)))[5], /Not placed/);

      // The church does not track attendance: the page says so and counts nobody as a no-show.
      const attendance = page.getByRole('region', { name: 'Served and no-shows per person' });
      await page.getByText('This church does not track attendance, so nobody is counted as a no-show.').waitFor();
      assert.deepEqual((await attendance.locator('thead th').allInnerTexts()).map((text) => text.trim()), ['Person', 'Served', 'Hours served']);

      const saved = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download Replies (CSV)' }).click();
      const download = await saved;
      const lines = fs.readFileSync(await download.path(), 'utf8').trim().split('\r\n');
      assert.equal(lines[0], 'week,accepted,declined,noAnswer');
      assert.deepEqual(lines.slice(1), report.weeks.map((w) => `${w.week},${w.accepted},${w.declined},${w.noAnswer}`));
      assert.equal(download.suggestedFilename(), `replies-${report.from}-${report.to}.csv`);

      await expectAccessible(page, '35-reports');
    } finally {
      await context.close();
    }
  });

  it('narrows every figure to one team with the Team picker, and shows served, no-shows and hours as the API answers them', async () => {
    const { ministryId, ada, grace, eventIds, answer } = await smallChurch('Hospitality teams', ['Martha', 'Dorcas', 'Lois']);
    // A second team, Kitchen, staffs the same Sundays: Dorcas (grace) accepts the first.
    const kitchen = (await ok('POST', `${V}/ministries/${ministryId}/teams`, { name: 'Kitchen' })).team.id as number;
    const cook = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Cook', teamId: kitchen })).position.id as number;
    await ok('POST', `${V}/positions/${cook}/qualifications`, { personId: grace.personId });
    const kitchenSchedule = (await ok('POST', `${V}/ministries/${ministryId}/schedules`, {
      name: 'Kitchen Sundays', linkMode: 'ministry', titleFilter: 'Morning Worship', teamId: kitchen, windowStart: inDays(0), requirements: [{ positionId: cook, minCount: 1 }],
    })).schedule.id;
    const [firstKitchen] = (await ok('GET', `${V}/occurrences?scheduleId=${kitchenSchedule}&from=${inDays(0)}&to=${inDays(22)}`)).occurrences as Array<{ id: number }>;
    await answer(grace, (await ok('POST', `${V}/occurrences/${firstKitchen.id}/assignments`, { positionId: cook, personId: grace.personId })).assignment.id, 'accepted');
    // Martha and Dorcas are checked in at the first Sunday; the church tracks attendance.
    for (const person of [ada, grace]) await ok('POST', `/api/events/${eventIds[0]}/check-ins/${person.personId}`, {});
    await ok('POST', '/admin/api/system/config/bEnableAttendance', { value: '1' });
    const { context, page } = await world.newContext(DESKTOP);
    try {
      await openSignedIn(page, world.base, coordinatorKey, `/ministries/reports?ministryId=${ministryId}`, 'Reports');
      const attendance = page.getByRole('region', { name: 'Served and no-shows per person' });
      const compare = async (report: MinistryReportView) => {
        assert.deepEqual((await attendance.locator('thead th').allInnerTexts()).map((text) => text.trim()), ['Person', 'Served', 'No-shows', 'Hours served']);
        assert.equal(await attendance.locator('tbody tr').count(), report.people.length);
        for (const person of report.people) {
          assert.deepEqual(await rowText(attendance.locator(`tr[data-person="${person.personId}"]`)),
            [person.displayName, String(person.served), String(person.noShows), person.hoursServed.toLocaleString('en', { maximumFractionDigits: 2 })], person.displayName);
        }
      };
      await attendance.locator(`tr[data-person="${ada.personId}"]`).waitFor();
      const whole = await ok<MinistryReportView>('GET', `${V}/ministries/${ministryId}/report`, undefined, coordinatorKey);
      assert.equal(whole.attendanceTracked, true);
      assert.deepEqual(whole.people.filter((p) => p.served > 0).map((p) => [p.personId, p.served, p.noShows, p.hoursServed]).sort(),
        [[ada.personId, 1, 0, 1.5], [grace.personId, 1, 0, 1.5]].sort(), 'one check-in each at the 10:00–11:30 service, never checked out');
      await compare(whole);
      assert.equal(await page.getByText('This church does not track attendance').count(), 0);

      // The Kitchen team alone: the page asks the API for it, and its charts, tables and files say what the API says.
      const asked = page.waitForResponse((response) => response.url().includes(`/ministries/${ministryId}/report?`) && response.url().includes(`teamId=${kitchen}`));
      await page.getByLabel('Team').selectOption({ label: 'Kitchen' });
      const team = (await (await asked).json()) as MinistryReportView;
      assert.equal(team.teamId, kitchen);
      await page.locator('.report-range', { hasText: 'Kitchen' }).waitFor();
      const coverage = page.getByRole('region', { name: 'Coverage per week' });
      const weeks = team.weeks.filter((w) => w.occurrenceCount > 0);
      await coverage.locator(`tr[data-week="${weeks[0].week}"]`).waitFor();
      assert.equal(await coverage.locator('tbody tr').count(), weeks.length);
      for (const week of weeks) {
        assert.deepEqual((await rowText(coverage.locator(`tr[data-week="${week.week}"]`))).slice(1, 4), [String(week.occurrenceCount), String(week.requiredCount), String(week.filledCount)]);
      }
      assert.deepEqual(team.people.filter((p) => p.servings > 0).map((p) => [p.personId, p.servings, p.served]), [[grace.personId, 1, 1]], 'only Dorcas serves in the Kitchen');
      await compare(team);
      assert.equal(await page.locator('.report-chart canvas').count(), 4, 'coverage, replies, servings and hours charts');
      assert.match(page.url(), new RegExp(`teamId=${kitchen}`), 'the team is kept in the address');

      const saved = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download Served and no-shows (CSV)' }).click();
      const download = await saved;
      assert.equal(download.suggestedFilename(), `attendance-team-${kitchen}-${team.from}-${team.to}.csv`);
      const lines = fs.readFileSync(await download.path(), 'utf8').trim().split('\r\n');
      assert.equal(lines[0], 'personId,name,served,noShows,hoursServed');
      assert.deepEqual(lines.slice(1), team.people.map((p) => `${p.personId},${p.displayName},${p.served},${p.noShows},${p.hoursServed}`));

      await expectAccessible(page, '35-reports-team');
      // Viewport pictures of what changed: the filters with the Team picker, and the served and no-shows section.
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(SCREENSHOTS, `35-reports-team-picker-${size.width}.png`) });
        await page.getByRole('heading', { name: 'Served and no-shows' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: path.join(SCREENSHOTS, `35-reports-served-${size.width}.png`) });
      }
    } finally {
      await ok('POST', '/admin/api/system/config/bEnableAttendance', { value: '0' });
      await context.close();
    }
  });

  it('shows each person’s availability without the reason of a blockout, and records limits for someone without a login', async () => {
    const { ministryId, positionId } = await smallChurch('Hospitality availability', ['Lydia', 'Phoebe', 'Priscilla']);
    const familyId = (await ok<{ Id: number }>('POST', '/api/families', { name: 'Nologin' })).Id;
    const noLogin = (await ok<{ Id: number }>('POST', '/api/persons', { firstName: 'Ruth', lastName: 'Nologin', familyId })).Id;
    await ok('POST', '/api/persons', { firstName: 'Boaz', lastName: 'Nologin', familyId });
    await ok('POST', `${V}/positions/${positionId}/qualifications`, { personId: noLogin });
    await ok('POST', `${V}/people/${noLogin}/blockouts`, { startDate: inDays(10), endDate: inDays(12), reason: 'A private matter' }, coordinatorKey);
    const { context, page } = await world.newContext(DESKTOP);
    try {
      await openSignedIn(page, world.base, coordinatorKey, `/ministries/availability?ministryId=${ministryId}`, 'Availability at a glance');
      const table = page.getByRole('region', { name: 'People’s availability' });
      const ruth = table.locator(`tr[data-person="${noLogin}"]`);
      await ruth.waitFor();
      assert.match(await ruth.innerText(), /No login/);
      assert.doesNotMatch(await page.locator('main').innerText(), /private matter/);

      await ruth.getByRole('button', { name: 'Record limits for Ruth Nologin' }).click();
      const dialog = page.getByRole('dialog', { name: 'Limits for Ruth Nologin' });
      await dialog.getByLabel('At most, times a month').fill('2');
      await dialog.getByLabel('Week 1').check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await ruth.getByText('At most 2 times a month').waitFor();
      const glance = await ok<AvailabilityGlanceView>('GET', `${V}/ministries/${ministryId}/availability`, undefined, coordinatorKey);
      assert.deepEqual(glance.people.find((p) => p.personId === noLogin)!.limits, { maxPerMonth: 2, preferredWeeks: [1], appliesTo: 'ministry' });
      assert.equal(await table.locator('tbody tr').count(), glance.people.length);

      // The limits edited: at most 3 now.
      await ruth.getByRole('button', { name: 'Record limits for Ruth Nologin' }).click();
      await dialog.getByLabel('At most, times a month').fill('3');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await ruth.getByText('At most 3 times a month').waitFor();

      // A household rule recorded for Ruth, then removed from the page.
      await ruth.getByRole('button', { name: 'Record a household rule for Ruth Nologin' }).click();
      const ruleDialog = page.getByRole('dialog', { name: 'Household rule for Ruth Nologin' });
      await ruleDialog.getByLabel('Family member').selectOption({ label: 'Boaz Nologin' });
      await ruleDialog.getByLabel('They serve').selectOption('apart');
      await ruleDialog.getByRole('button', { name: 'Save' }).click();
      await ruleDialog.waitFor({ state: 'hidden' });
      await ruth.getByText('Serves apart from Boaz Nologin').waitFor();
      assert.deepEqual(await seriousAccessibilityProblems(page), [], 'axe with a rule to remove');
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await ruth.evaluate((row) => row.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: path.join(SCREENSHOTS, `35-availability-household-${size.width}.png`) });
      }
      const removed = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes(`/people/${noLogin}/household/rules/`));
      await ruth.getByRole('button', { name: 'Remove “Serves apart from Boaz Nologin” for Ruth Nologin' }).click();
      assert.equal((await removed).status(), 200);
      await ruth.getByText('Serves apart from Boaz Nologin').waitFor({ state: 'detached' });
      const after = await ok<AvailabilityGlanceView>('GET', `${V}/ministries/${ministryId}/availability`, undefined, coordinatorKey);
      assert.deepEqual(after.people.find((p) => p.personId === noLogin)!.household, []);
      assert.deepEqual(after.people.find((p) => p.personId === noLogin)!.limits, { maxPerMonth: 3, preferredWeeks: [1], appliesTo: 'ministry' });

      await expectAccessible(page, '35-availability');
    } finally {
      await context.close();
    }
  });
});
