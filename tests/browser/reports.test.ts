import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { DESKTOP } from '../helpers/browser.js';
import { expectAccessible, inDays, openSignedIn, useBrowserWorld, type BrowserUser } from '../kit/browser.js';
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
  await ok('POST', `${V}/ministries/${ministryId}/events`, {
    title: 'Morning Worship', eventTypeId: types.find((type) => type.Name === 'Other')!.Id, startTime: '10:00', endTime: '11:30',
    recurrence: { type: 'weekly', dow: 'SUNDAY' }, rangeStart: inDays(1), rangeEnd: inDays(21),
  });
  const scheduleId = (await ok('POST', `${V}/ministries/${ministryId}/schedules`, {
    name: 'Sundays', linkMode: 'ministry', titleFilter: 'Morning Worship', teamId, windowStart: inDays(0), requirements: [{ positionId, minCount: 2 }],
  })).schedule.id;
  const occurrenceIds = (await ok('GET', `${V}/occurrences?scheduleId=${scheduleId}&from=${inDays(0)}&to=${inDays(22)}`)).occurrences.map((o: { id: number }) => o.id);
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
  return { ministryId, positionId, mary };
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
      await openSignedIn(page, world.base, coordinatorKey, `/ministries/reports?ministryId=${ministryId}`, 'Reports');
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

  it('shows each person’s availability without the reason of a blockout, and records limits for someone without a login', async () => {
    const { ministryId, positionId } = await smallChurch('Hospitality availability', ['Lydia', 'Phoebe', 'Priscilla']);
    const noLogin = (await ok<{ Id: number }>('POST', '/api/persons', { firstName: 'Ruth', lastName: 'Nologin' })).Id;
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

      await expectAccessible(page, '35-availability');
    } finally {
      await context.close();
    }
  });
});
