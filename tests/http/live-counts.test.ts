import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  answerAs, approveSwap, as, atTime, cancelOccurrence, completeEndedShifts, newAssignment, newPosition, newStaffedEvent, newUser, proposeSubstitute,
  qualify, removeAssignment, setAssignmentStatus, useMinistry, useServer, useUser, type TestUser,
} from '../kit/index.js';
import { liveCounts, liveCountsAfterRestore } from '../kit/live-counts.js';

/**
 * The live counts kept per occurrence and position (issue 39 #5, migration 0031) equal a fresh count of the
 * assignments after every kind of change, and after a restore: E1, the dashboards and every gap derivation read them.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const ministry = useMinistry(server);

async function assertKept(change: string) {
  const { kept, counted } = await liveCounts(server);
  assert.deepEqual(kept, counted, `kept counts after ${change}`);
}

async function volunteers(positionId: number, n: number): Promise<TestUser[]> {
  const people: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const person = await newUser(server);
    await qualify(server, positionId, person.personId);
    people.push(person);
  }
  return people;
}

let arranged = false;

describe('live counts kept per occurrence and position', () => {
  it('equal a fresh count after each kind of change to assignments', async () => {
    const position = await newPosition(server, ministry.id, ministry.teamId, { selfAssignable: true });
    const other = await newPosition(server, ministry.id, ministry.teamId);
    const needs = [{ positionId: position.id, minCount: 2, maxCount: 6 }, { positionId: other.id, minCount: 1, maxCount: 6 }];
    const first = await newStaffedEvent(server, ministry, needs, { date: '2026-06-07' });
    const second = await newStaffedEvent(server, ministry, needs, { date: '2026-06-14' });
    const past = await newStaffedEvent(server, ministry, needs, { date: '2026-01-04' });
    const people = await volunteers(position.id, 6);
    for (const person of people.slice(0, 2)) await qualify(server, other.id, person.personId);
    await assertKept('nothing assigned');

    const assigned = [];
    for (const person of people.slice(0, 4)) assigned.push(await newAssignment(server, first.occurrenceId, position.id, person.personId));
    assigned.push(await newAssignment(server, first.occurrenceId, other.id, people[0].personId));
    assigned.push(await newAssignment(server, second.occurrenceId, position.id, people[0].personId));
    await assertKept('E14 assign');

    const signup = await server.post('/api/me/signup', { occurrenceId: second.occurrenceId, positionId: position.id }, as(people[5]));
    assert.equal(signup.status, 201, signup.text);
    await assertKept('E11 sign-up');

    await answerAs(server, people[0], assigned[0].id, 'accepted');
    await answerAs(server, people[1], assigned[1].id, 'declined');
    await assertKept("volunteers' answers");

    await setAssignmentStatus(server, assigned[2].id, 'accepted');
    await setAssignmentStatus(server, assigned[3].id, 'cancelled');
    await assertKept("a coordinator's decisions");

    // A declined row taken again by E14 is re-used (insert … on conflict do update).
    await newAssignment(server, first.occurrenceId, position.id, people[1].personId);
    await assertKept('a declined row re-used');

    const swap = await proposeSubstitute(server, people[2], assigned[2].id, people[4].personId);
    await approveSwap(server, swap.id);
    await assertKept('a substitute approved');

    assert.equal((await removeAssignment(server, assigned[5].id)).deleted, true);
    await assertKept('a fresh pending assignment removed');

    await cancelOccurrence(server, second.occurrenceId);
    await assertKept('an occurrence cancelled');

    const deleted = await server.delete(`/api/person/${people[4].personId}`, as(admin));
    assert.equal(deleted.status, 200, deleted.text);
    await assertKept('a person deleted');

    const late = await newUser(server);
    await qualify(server, position.id, late.personId);
    await atTime(server, '2026-01-03T15:00:00Z', () => newAssignment(server, past.occurrenceId, position.id, late.personId));
    await assertKept('an assignment before its shift');
    const livePast = async () => (await liveCounts(server)).kept.filter((row) => row.occurrence_id === past.occurrenceId).map((row) => row.live_count);
    assert.deepEqual(await livePast(), [1]);
    await completeEndedShifts(server);
    assert.deepEqual(await livePast(), [], 'the completed assignment is no longer live');
    await assertKept('ended shifts completed');

    assert.ok((await liveCounts(server)).kept.length > 0, 'some counts are kept');
    arranged = true;
  });

  it('are recomputed by a restore, from a snapshot of this version and of one before migration 0031', async () => {
    assert.ok(arranged, 'the changes above ran');
    const here = await liveCounts(server);
    for (const asBefore0031 of [false, true]) {
      const restored = await liveCountsAfterRestore(server, { asBefore0031 });
      assert.equal(restored.snapshotHeldCounts, false, 'a snapshot leaves the kept counts out');
      assert.deepEqual(restored.kept, restored.counted, `kept counts after restoring a snapshot${asBefore0031 ? ' made before 0031' : ''}`);
      assert.deepEqual(restored.kept, here.kept);
    }
  });
});

after(async () => {
  await server.close();
});
