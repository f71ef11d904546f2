import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  as, assignVolunteer, atTime, newCoordinator, newMinistry, newPosition, newStaffedEvent, newTeamLeader, newUser, setAssignmentStatus, useServer, useUser,
  type Ministry, type TestUser,
} from '../kit/index.js';
import type { HelpOfferView as Offer, RecentDeclineView as Decline } from '../../src/http/schemas/dashboard.schemas.js';

/**
 * The dashboard's reply panels (ours, issue 34): GET /api/ministries/dashboard/replies answers the last 14 days'
 * volunteer declines, with their reasons for those who may read them, and the help offers. The clock stands at
 * 2026-03-04 15:00 UTC; the shifts are on 2026-03-10.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const manager = useUser(server, ['manageMinistries']);
const V = '/api/ministries';


async function replies(user: TestUser): Promise<{ since: string; declines: Decline[]; helpOffers: Offer[] }> {
  const answer = await server.get(`${V}/dashboard/replies`, as(user));
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

/** A volunteer of the ministry, asked to serve on 2026-03-10, who declines with `reason`. */
async function declined(ministry: Ministry, reason: string) {
  const position = await newPosition(server, ministry.id, ministry.teamId);
  const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 1 }]);
  const { assignmentId, volunteer } = await assignVolunteer(server, occurrenceId, position.id);
  const answer = await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'declined', comment: reason }, as(volunteer));
  assert.equal(answer.status, 200, answer.text);
  return { assignmentId, position, occurrenceId, volunteer };
}

describe('GET /api/ministries/dashboard/replies (issue 34)', () => {
  it('shows a volunteer\'s decline with its reason to the ministry\'s coordinator and to a manager, newest first, from the last 14 days', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const first = await declined(ministry, 'Away that weekend');
    const second = await atTime(server, '2026-03-04T16:00:00Z', () => declined(ministry, 'Sick'));

    for (const user of [coordinator, manager]) {
      const { since, declines } = await replies(user);
      assert.equal(since, '2026-02-18');
      const mine = declines.filter((row) => row.ministryName === ministry.name);
      assert.deepEqual(mine.map((row) => [row.assignmentId, row.reason, row.positionName, row.channel]), [
        [second.assignmentId, 'Sick', second.position.name, 'web'],
        [first.assignmentId, 'Away that weekend', first.position.name, 'web'],
      ]);
    }
    const later = await atTime(server, '2026-03-19T15:00:00Z', () => replies(coordinator));
    assert.deepEqual(later.declines.filter((row) => row.ministryName === ministry.name), [], 'older than 14 days');
  });

  it('shows a team leader the decline in their team without its reason, and a coordinator of another ministry nothing of it', async () => {
    const ministry = await newMinistry(server);
    const leader = await newTeamLeader(server, ministry.teamId);
    const stranger = await newCoordinator(server, (await newMinistry(server)).id);
    const { assignmentId } = await declined(ministry, 'Visiting my sister');

    const seen = (await replies(leader)).declines.find((row) => row.assignmentId === assignmentId);
    assert.ok(seen, 'the team leader sees the decline');
    assert.equal(seen.reason, null);
    assert.ok(!(await replies(stranger)).declines.some((row) => row.assignmentId === assignmentId));
  });

  it('leaves out a decline a coordinator recorded', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 1 }]);
    const { assignmentId } = await assignVolunteer(server, occurrenceId, position.id);
    await setAssignmentStatus(server, assignmentId, 'declined');
    assert.ok(!(await replies(manager)).declines.some((row) => row.assignmentId === assignmentId));
  });

  it('lists a help offer once however many were told, to the ministry\'s coordinators and managers, and one click puts the person back in the pool', async () => {
    const ministry = await newMinistry(server, { helpWanted: true });
    const coordinator = await newCoordinator(server, ministry.id);
    await newCoordinator(server, ministry.id);
    const stranger = await newCoordinator(server, (await newMinistry(server)).id);
    const volunteer = await newUser(server);
    assert.deepEqual((await server.post(`/api/me/help-wanted/${ministry.id}`, undefined, as(volunteer))).body, { joinedPool: true, notified: 2 });
    assert.equal((await server.delete(`${V}/ministries/${ministry.id}/pool/${volunteer.personId}`, as(coordinator))).status, 200);

    const offers = (user: TestUser) => replies(user).then((body) => body.helpOffers.filter((row) => row.personId === volunteer.personId));
    assert.deepEqual((await offers(coordinator)).map((row) => [row.ministryId, row.inPool]), [[ministry.id, false]]);
    assert.deepEqual((await offers(admin)).map((row) => [row.ministryId, row.inPool]), [[ministry.id, false]]);
    assert.deepEqual(await offers(stranger), []);

    assert.equal((await server.post(`${V}/ministries/${ministry.id}/pool/${volunteer.personId}`, {}, as(coordinator))).status, 201);
    assert.deepEqual((await offers(coordinator)).map((row) => row.inPool), [true]);
  });
});
