import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP } from '../helpers/browser.js';
import { expectAccessible, signIn, useBrowserWorld, type BrowserUser, inDays } from '../kit/browser.js';

/**
 * The dashboard's rows of one day in the order of the day's services (issue 37, item 8): a Sunday with a 9:00 and an
 * 11:00 service, each short of a volunteer, where the 11:00 one's position was made first, so that the service's
 * gap order (date, then position) lists it first.
 */
const world = useBrowserWorld('dashboard-order', arrange);
const { ok } = world;
const V = '/api/ministries';

let coordinator: BrowserUser;

async function arrange(): Promise<void> {
  coordinator = await world.newUser('Claire', 'Coordinator', { manageMinistries: true });
  const ministryId = (await ok('POST', `${V}/ministries`, { name: 'Hospitality' })).ministry.id;
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const usher = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId })).position.id;
  const greeter = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Greeter', teamId })).position.id;
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  const eventTypeId = types.find((type) => type.Name === 'Other')!.Id;
  const date = inDays(3);
  for (const [title, startTime, endTime, positionId] of [['Late service', '11:00', '12:15', usher], ['Early service', '09:00', '10:15', greeter]] as const) {
    await ok('POST', `${V}/ministries/${ministryId}/events`, { title, eventTypeId, date, startTime, endTime });
    await ok('POST', `${V}/ministries/${ministryId}/schedules`, {
      name: title, linkMode: 'ministry', titleFilter: title, teamId, windowStart: inDays(0), requirements: [{ positionId, minCount: 1 }],
    });
  }
  const gaps = (await ok('GET', `${V}/dashboard`)).gaps as Array<{ positionName: string }>;
  assert.deepEqual(gaps.map((gap) => gap.positionName), ['Usher', 'Greeter'], 'the service lists the 11:00 gap first');
}

describe('the dashboard in a browser', () => {
  it('shows the gaps of one day in the order of its services, the 9:00 one first', async () => {
    const { context, page } = await world.newContext(DESKTOP);
    try {
      await signIn(page, world.base, coordinator.userName, coordinator.password);
      await page.goto(`${world.base}/ministries/dashboard`);
      const rows = page.getByRole('region', { name: 'Positions still to fill' }).getByRole('row').filter({ has: page.getByRole('rowheader') });
      await rows.nth(1).waitFor();
      assert.deepEqual(await rows.getByRole('rowheader').allTextContents(), ['Greeter', 'Usher']);
      await expectAccessible(page, 'dashboard-day-order');
    } finally {
      await context.close();
    }
  });
});
