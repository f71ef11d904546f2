import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AcceptedOneView } from '../../src/http/schemas/messages.schemas.js';
import {
  cancelOccurrence, expectError, newAssignment, newPosition, newStaffedEvent, newUser, qualify, storedRows, useMinistry, useServer, useUser,
} from '../kit/index.js';

/**
 * Accept all (issue 34 #5): a volunteer accepts every request they see on My schedule at once; each is recorded as
 * one accept is (one response row each, the same refusals), and one that cannot be accepted is reported in words.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const ministry = useMinistry(server);

async function requests(volunteer: { personId: number }, dates: string[]) {
  const position = await newPosition(server, ministry.id, ministry.teamId);
  await qualify(server, position.id, volunteer.personId);
  const made = [];
  for (const date of dates) {
    const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 1 }], { date });
    made.push({ occurrenceId, assignmentId: (await newAssignment(server, occurrenceId, position.id, volunteer.personId)).id });
  }
  return made;
}

const acceptAll = (user: { apiKey: string }, assignmentIds: number[]) => server.post('/api/me/assignments/accept-all', { assignmentIds }, { key: user.apiKey });

describe('POST /api/me/assignments/accept-all (issue 34 #5)', () => {
  it('accepts each request with one web response of its own, and says which could not be accepted and why', async () => {
    const volunteer = await newUser(server);
    const [first, second, called] = await requests(volunteer, ['2026-03-15', '2026-03-22', '2026-03-29']);
    await cancelOccurrence(server, called.occurrenceId);
    const answer = await acceptAll(volunteer, [first.assignmentId, second.assignmentId, called.assignmentId]);
    assert.equal(answer.status, 200, answer.text);
    const results = (answer.body as { results: AcceptedOneView[] }).results;
    assert.deepEqual(results.map((r) => [r.assignmentId, r.accepted, r.message, r.assignment?.status ?? null]), [
      [first.assignmentId, true, null, 'accepted'],
      [second.assignmentId, true, null, 'accepted'],
      [called.assignmentId, false, 'This assignment can no longer be answered', null],
    ]);
    for (const { assignmentId } of [first, second]) {
      const responses = await storedRows(server, 'responses', { assignment_id: assignmentId });
      assert.deepEqual(responses.map((r) => [r.response, r.channel, r.person_id]), [['accepted', 'web', volunteer.personId]]);
    }
    assert.equal((await storedRows(server, 'responses', { assignment_id: called.assignmentId })).length, 0);
  });

  it("answers someone else's request as refused, leaving it untouched", async () => {
    const volunteer = await newUser(server);
    const other = await newUser(server);
    const [mine] = await requests(volunteer, ['2026-04-05']);
    const [theirs] = await requests(other, ['2026-04-12']);
    const answer = await acceptAll(volunteer, [theirs.assignmentId, mine.assignmentId, 999999]);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual((answer.body as { results: AcceptedOneView[] }).results.map((r) => [r.accepted, r.message]), [
      [false, 'That assignment belongs to someone else'], [true, null], [false, 'Assignment not found'],
    ]);
    assert.equal((await storedRows(server, 'assignments', { id: theirs.assignmentId }))[0].status, 'pending');
  });

  it('needs at least one request', async () => {
    expectError(await acceptAll(admin, []), 400, 'assignmentIds must list 1 to 100 of your assignments');
  });
});
