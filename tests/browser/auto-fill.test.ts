import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP } from '../helpers/browser.js';
import { daysAfter, expectAccessible, signIn, useBrowserWorld, type BrowserUser, inDays } from '../kit/browser.js';
import type { AssignmentView as Assignment } from '../../src/http/schemas/volunteer.schemas.js';

/**
 * The Auto-fill button of a schedule's page (issue 18) in headless Chromium against the real service: the
 * coordinator previews the proposals with their reasons, unticks one, assigns the rest and undoes the run. The
 * church is arranged over the API; what the coordinator does is done by clicking, and checked over the API.
 */
const world = useBrowserWorld('auto-fill', async () => {
  coordinator = await world.newUser('Claire', 'Coordinator', { manageMinistries: true });
});
const { ok } = world;
const V = '/api/ministries';
const SERIES = 'Morning Worship';

/** The coordinator every test signs in as; each test auto-fills a schedule of its own, so that it runs alone and in any order. */
let coordinator: BrowserUser;

interface Schedule { scheduleId: number; occurrenceIds: number[] }

/** A ministry with one position, three qualified people in its pool, and a schedule staffing three Sundays with Min 1. */
async function newSchedule(ministry: string, people: string[]): Promise<Schedule> {
  const volunteers = [];
  for (const firstName of people) volunteers.push(await world.newUser(firstName));
  const ministryId = (await ok('POST', `${V}/ministries`, { name: ministry })).ministry.id;
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Greeter', teamId })).position.id;
  for (const volunteer of volunteers) await ok('POST', `${V}/positions/${positionId}/qualifications`, { personId: volunteer.personId });
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  // Twenty-one days from tomorrow hold exactly three Sundays (both ends from one reading of the clock).
  const now = Date.now();
  const events = await ok('POST', `${V}/ministries/${ministryId}/events`, {
    title: SERIES, eventTypeId: types.find((type) => type.Name === 'Other')!.Id, startTime: '10:00', endTime: '11:30',
    recurrence: { type: 'weekly', dow: 'SUNDAY' }, rangeStart: daysAfter(now, 1), rangeEnd: daysAfter(now, 21),
  });
  assert.equal(events.events.length, 3);
  const created = await ok('POST', `${V}/ministries/${ministryId}/schedules`, {
    name: 'Sundays', linkMode: 'ministry', titleFilter: SERIES, teamId, windowStart: inDays(0),
    requirements: [{ positionId, minCount: 1 }],
  });
  const scheduleId = created.schedule.id;
  const listed = await ok('GET', `${V}/occurrences?scheduleId=${scheduleId}&from=${inDays(0)}&to=${inDays(22)}`);
  const occurrenceIds = listed.occurrences.map((o: { id: number }) => o.id);
  assert.equal(occurrenceIds.length, 3);
  return { scheduleId, occurrenceIds };
}

/** Every assignment on the schedule's three Sundays, by occurrence. */
async function assignments({ occurrenceIds }: Schedule): Promise<Array<Assignment & { occurrenceId: number }>> {
  const rows = [];
  for (const occurrenceId of occurrenceIds) {
    const staffing = await ok('GET', `${V}/occurrences/${occurrenceId}/staffing`);
    for (const requirement of staffing.requirements) rows.push(...requirement.assignments.map((a: Assignment) => ({ ...a, occurrenceId })));
  }
  return rows;
}

/** The service's answer to the page's next POST to `path` (under /api/ministries/auto-fill), once it has come. */
function answerTo(page: Page, path: RegExp) {
  return page.waitForResponse((response) => response.request().method() === 'POST' && path.test(new URL(response.url()).pathname));
}

/** The schedule's page on the coordinator's own desktop, closed after the test. */
async function schedulePage(t: TestContext, { scheduleId }: Schedule): Promise<Page> {
  const { context, page } = await world.newContext(DESKTOP);
  t.after(() => context.close());
  await signIn(page, world.base, coordinator.userName, coordinator.password);
  await page.goto(`${world.base}/ministries/schedules/${scheduleId}`);
  return page;
}

describe('auto-fill in a browser', () => {
  it('previews a proposal per Sunday with the reasons and the fairness figures, and assigns only the rows kept', async (t) => {
    const schedule = await newSchedule('Hospitality', ['Ada', 'Grace', 'Mary']);
    const { scheduleId } = schedule;
    const page = await schedulePage(t, schedule);
    const previewed = answerTo(page, /^\/api\/ministries\/auto-fill\/preview$/);
    await page.getByRole('button', { name: 'Auto-fill', exact: true }).click();
    assert.equal((await previewed).status(), 200);
    const boxes = page.getByRole('checkbox', { name: /^Keep .+ for Greeter on / });
    await boxes.nth(2).waitFor();
    assert.equal(await boxes.count(), 3);
    for (const box of await boxes.all()) assert.equal(await box.isChecked(), true, 'every row is kept until unticked');
    await page.getByText(/^Fairness from/).waitFor();
    await page.getByText(/^Why /).first().click();
    await page.getByText('Qualified for Greeter').first().waitFor();
    await expectAccessible(page, 'auto-fill-preview');

    // The same request over the API answers the same proposals (a preview is repeatable); the page lists them by date.
    const preview = await ok('POST', `${V}/auto-fill/preview`, { scheduleId, fillTo: 'min' });
    const proposals = [...preview.proposals].sort((a: { date: string }, b: { date: string }) => a.date.localeCompare(b.date));
    assert.equal(proposals.length, 3);
    assert.equal(new Set(proposals.map((p: { personId: number }) => p.personId)).size, 3, 'three Sundays, three different people');
    const dropped = proposals[1];
    const droppedBox = boxes.nth(1);
    assert.match((await droppedBox.getAttribute('aria-label'))!, new RegExp(`^Keep ${dropped.name} for Greeter on `));
    await droppedBox.uncheck();
    const kept = proposals.filter((p: { personId: number }) => p !== dropped).map((p: { occurrenceId: number; personId: number }) => ({ occurrenceId: p.occurrenceId, personId: p.personId }));

    const committed = answerTo(page, /^\/api\/ministries\/auto-fill\/commit$/);
    await page.getByRole('button', { name: 'Assign the 2 kept' }).click();
    assert.equal((await committed).status(), 201);
    await page.getByText('Assigned 2 people. They will get a message asking them to reply.').waitFor();
    await expectAccessible(page, 'auto-fill-committed');

    const after = await assignments(schedule);
    assert.deepEqual(
      after.map((a) => ({ occurrenceId: a.occurrenceId, personId: a.personId, status: a.status, autoFilled: a.autoFilled })),
      kept.map((k) => ({ ...k, status: 'pending', autoFilled: true })),
      'exactly the kept proposals are pending auto-filled assignments',
    );
  });

  it('undoes the run: the assignments it made are cancelled', async (t) => {
    const schedule = await newSchedule('Welcome', ['Lois', 'Eunice', 'Rhoda']);
    const page = await schedulePage(t, schedule);
    const previewed = answerTo(page, /^\/api\/ministries\/auto-fill\/preview$/);
    await page.getByRole('button', { name: 'Auto-fill', exact: true }).click();
    assert.equal((await previewed).status(), 200);
    const committed = answerTo(page, /^\/api\/ministries\/auto-fill\/commit$/);
    await page.getByRole('button', { name: 'Assign the 3 kept' }).click();
    assert.equal((await committed).status(), 201);
    const made = (await assignments(schedule)).map((a) => ({ occurrenceId: a.occurrenceId, personId: a.personId }));
    assert.equal(made.length, 3);

    const undone = answerTo(page, /^\/api\/ministries\/auto-fill\/runs\/\d+\/undo$/);
    await page.getByRole('button', { name: 'Undo this auto-fill' }).click();
    assert.equal((await undone).status(), 200);
    await page.getByText('Cancelled 3 assignments; the volunteers are told.').waitFor();
    await expectAccessible(page, 'auto-fill-undone');
    const after = await assignments(schedule);
    assert.deepEqual(after.map((a) => ({ occurrenceId: a.occurrenceId, personId: a.personId, status: a.status })), made.map((m) => ({ ...m, status: 'cancelled' })));
  });
});
