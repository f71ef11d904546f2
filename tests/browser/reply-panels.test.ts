import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP } from '../helpers/browser.js';
import { expectAccessible, signIn, useBrowserWorld, type BrowserUser, inDays } from '../kit/browser.js';

/**
 * The dashboard's Recent replies and Help offers (issue 34) in headless Chromium against the real service: Lydia
 * declines with a reason and offers help to Hospitality, and has since left its pool; its coordinator Claire sees
 * the decline with the reason, and puts Lydia back in the pool with one click.
 */
const V = '/api/ministries';
const world = useBrowserWorld('reply-panels', arrange);
const { ok, call } = world;

let claire: BrowserUser;
let lydia: BrowserUser;

async function arrange(): Promise<void> {
  claire = await world.newUser('Claire', 'Coordinator', { manageMyMinistries: true });
  lydia = await world.newUser('Lydia');
  const ministryId = (await ok('POST', `${V}/ministries`, { name: 'Hospitality' })).ministry.id;
  await ok('POST', `${V}/ministries/${ministryId}`, { helpWanted: true });
  await ok('POST', `${V}/scopes`, { personId: claire.personId, scopeType: 'ministry', scopeId: ministryId });
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId })).position.id;
  await ok('POST', `${V}/positions/${positionId}/qualifications`, { personId: lydia.personId });
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  const events = await ok('POST', `${V}/ministries/${ministryId}/events`, {
    title: 'Sunday service', eventTypeId: types.find((type) => type.Name === 'Other')!.Id, date: inDays(3), startTime: '09:00', endTime: '11:00',
  });
  const staffed = await ok('POST', `${V}/ministries/${ministryId}/staffed-events`, { eventId: events.events[0].id, teamId, requirements: [{ positionId, minCount: 1 }] });
  const assignmentId = (await ok('POST', `${V}/occurrences/${staffed.occurrence.id}/assignments`, { positionId, personId: lydia.personId })).assignment.id;

  const lydiaKey = await world.loginKey(lydia.userName, lydia.password);
  for (const [path, body] of [[`/api/me/assignments/${assignmentId}/respond`, { response: 'declined', comment: 'Visiting my sister' }], [`/api/me/help-wanted/${ministryId}`, undefined]] as const) {
    const answer = await call('POST', path, body, lydiaKey);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  }
  await ok('DELETE', `${V}/ministries/${ministryId}/pool/${lydia.personId}`);
}

describe('the dashboard\'s reply panels in a browser', () => {
  it('shows Lydia\'s decline with its reason under Recent replies, and adds her to the pool from Help offers in one click', async () => {
    const { context, page } = await world.newContext(DESKTOP);
    try {
      await signIn(page, world.base, claire.userName, claire.password);
      await page.goto(`${world.base}/ministries/dashboard`);
      const replies = page.getByRole('region', { name: 'Recent replies' });
      const row = replies.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Lydia Volunteer' }) });
      await row.getByRole('cell', { name: 'Visiting my sister' }).waitFor();
      assert.match(await row.textContent() ?? '', /Usher/);
      await page.getByRole('button', { name: 'Add Lydia Volunteer to the pool' }).waitFor();
      await expectAccessible(page, 'dashboard-reply-panels');

      await page.getByRole('button', { name: 'Add Lydia Volunteer to the pool' }).click();
      await page.getByRole('listitem').filter({ hasText: 'Lydia Volunteer' }).getByText('In the pool', { exact: true }).waitFor();
      const pool = await ok('GET', `${V}/dashboard/replies`);
      assert.deepEqual(pool.helpOffers.map((offer: { personName: string; inPool: boolean }) => [offer.personName, offer.inPool]), [['Lydia Volunteer', true]]);
    } finally {
      await context.close();
    }
  });
});
