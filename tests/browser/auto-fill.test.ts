import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP } from '../helpers/browser.js';
import { expectAccessible, signIn, useBrowserWorld, type BrowserUser, inDays } from '../kit/browser.js';

/**
 * The Auto-fill button of a schedule's page (issue 18) in headless Chromium against the real service: the
 * coordinator previews the proposals with their reasons, unticks one, assigns the rest and undoes the run. The
 * church is arranged over the API; what the coordinator does is done by clicking, and checked over the API.
 */
const world = useBrowserWorld('auto-fill', arrange);
const { ok } = world;
const V = '/api/ministries';
const SERIES = 'Morning Worship';

let coordinator: BrowserUser;
let scheduleId: number;
let positionId: number;
let occurrenceIds: number[];

interface Assignment { id: number; personId: number; status: string; autoFilled?: true }

/** A ministry with one position, three qualified people in its pool, and a schedule staffing three Sundays with Min 1. */
async function arrange(): Promise<void> {
  coordinator = await world.newUser('Claire', 'Coordinator', { manageMinistries: true });
  const volunteers = [await world.newUser('Ada', 'Lovelace'), await world.newUser('Grace', 'Hopper'), await world.newUser('Mary', 'Jackson')];
  const ministryId = (await ok('POST', `${V}/ministries`, { name: 'Hospitality' })).ministry.id;
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Greeter', teamId })).position.id;
  for (const volunteer of volunteers) await ok('POST', `${V}/positions/${positionId}/qualifications`, { personId: volunteer.personId });
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  // Twenty-one days from tomorrow hold exactly three Sundays.
  const events = await ok('POST', `${V}/ministries/${ministryId}/events`, {
    title: SERIES, eventTypeId: types.find((type) => type.Name === 'Other')!.Id, startTime: '10:00', endTime: '11:30',
    recurrence: { type: 'weekly', dow: 'SUNDAY' }, rangeStart: inDays(1), rangeEnd: inDays(21),
  });
  assert.equal(events.events.length, 3);
  const created = await ok('POST', `${V}/ministries/${ministryId}/schedules`, {
    name: 'Sundays', linkMode: 'ministry', titleFilter: SERIES, teamId, windowStart: inDays(0),
    requirements: [{ positionId, minCount: 1 }],
  });
  scheduleId = created.schedule.id;
  const listed = await ok('GET', `${V}/occurrences?scheduleId=${scheduleId}&from=${inDays(0)}&to=${inDays(22)}`);
  occurrenceIds = listed.occurrences.map((o: { id: number }) => o.id);
  assert.equal(occurrenceIds.length, 3);
}

/** Every assignment on the schedule's three Sundays, by occurrence. */
async function assignments(): Promise<Array<Assignment & { occurrenceId: number }>> {
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

describe('auto-fill in a browser', () => {
  let page: Page;
  let kept: Array<{ occurrenceId: number; personId: number }>;

  it('previews a proposal per Sunday with the reasons and the fairness figures, and assigns only the rows kept', async () => {
    ({ page } = await world.newContext(DESKTOP));
    await signIn(page, world.base, coordinator.userName, coordinator.password);
    await page.goto(`${world.base}/ministries/schedules/${scheduleId}`);
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
    kept = proposals.filter((p: { personId: number }) => p !== dropped).map((p: { occurrenceId: number; personId: number }) => ({ occurrenceId: p.occurrenceId, personId: p.personId }));

    const committed = answerTo(page, /^\/api\/ministries\/auto-fill\/commit$/);
    await page.getByRole('button', { name: 'Assign the 2 kept' }).click();
    assert.equal((await committed).status(), 201);
    await page.getByText('Assigned 2 people. They will get a message asking them to reply.').waitFor();
    await expectAccessible(page, 'auto-fill-committed');

    const after = await assignments();
    assert.deepEqual(
      after.map((a) => ({ occurrenceId: a.occurrenceId, personId: a.personId, status: a.status, autoFilled: a.autoFilled })),
      kept.map((k) => ({ ...k, status: 'pending', autoFilled: true })),
      'exactly the kept proposals are pending auto-filled assignments',
    );
  });

  it('undoes the run: the assignments it made are cancelled', async () => {
    const undone = answerTo(page, /^\/api\/ministries\/auto-fill\/runs\/\d+\/undo$/);
    await page.getByRole('button', { name: 'Undo this auto-fill' }).click();
    assert.equal((await undone).status(), 200);
    await page.getByText('Cancelled 2 assignments; the volunteers are told.').waitFor();
    await expectAccessible(page, 'auto-fill-undone');
    const after = await assignments();
    assert.deepEqual(after.map((a) => ({ occurrenceId: a.occurrenceId, personId: a.personId, status: a.status })), kept.map((k) => ({ ...k, status: 'cancelled' })));
  });
});
