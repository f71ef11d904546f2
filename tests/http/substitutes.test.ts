import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NotificationType } from '../../src/db/schema.js';
import {
  as, completeEndedShifts, countRows, expectError, leavePool, newAssignment, newCoordinator, newMinistry, newPerson, newPosition,
  newStaffedEvent, newUser, qualify, revokeQualification, setUp, storedRows, useMinistry, useServer, useUser,
  type Ministry, type TestUser, atTime, assignmentPage,
} from '../kit/index.js';

const NO_LONGER_ANSWERED = 'This assignment can no longer be answered';

const server = useServer();
const admin = useUser(server, ['admin']);
/** The ministry most tests work in, with two coordinators. */
const main = useMinistry(server);
let coordinator: TestUser;
let secondCoordinator: TestUser;
const V = '/api/ministries';

setUp(async () => {
  coordinator = await newCoordinator(server, main.id);
  secondCoordinator = await newCoordinator(server, main.id);
});

/** A position of the ministry's default team; its id. */
const positionIn = async (ministry: Ministry = main) => (await newPosition(server, ministry.id, ministry.teamId)).id;

/** A one-event occurrence (09:00–10:00 wall clock) needing up to three of each position; its id. */
const newOccurrence = async (positionIds: number[], options: { date?: string; ministry?: Ministry } = {}) =>
  (await newStaffedEvent(server, options.ministry ?? main, positionIds.map((positionId) => ({ positionId, minCount: 1, maxCount: 3 })), { date: options.date })).occurrenceId;

const assign = async (occurrenceId: number, positionId: number, personId: number) => (await newAssignment(server, occurrenceId, positionId, personId)).id;

/** A pending assignment of a fresh volunteer (with a login) and a qualified substitute who holds nothing yet. */
async function scenario(ministry: Ministry = main) {
  const positionId = await positionIn(ministry);
  const occurrenceId = await newOccurrence([positionId], { ministry });
  const volunteer = await newUser(server);
  const substitute = await newUser(server);
  await qualify(server, positionId, volunteer.personId);
  const substituteQualificationId = (await qualify(server, positionId, substitute.personId)).id;
  const assignmentId = await assign(occurrenceId, positionId, volunteer.personId);
  return { positionId, occurrenceId, volunteer, substitute, substituteQualificationId, assignmentId };
}

const respond = (user: TestUser, assignmentId: number, body: unknown) => server.post(`/api/me/assignments/${assignmentId}/respond`, body, as(user));
const propose = (user: TestUser, assignmentId: number, personId: number, comment?: string) =>
  server.post(`/api/me/assignments/${assignmentId}/propose-substitute`, { personId, ...(comment !== undefined && { comment }) }, as(user));
const detailOf = (assignmentId: number) => assignmentPage(server, admin, assignmentId);
const responsesOf = async (assignmentId: number) => (await detailOf(assignmentId)).responses;
const statusOf = async (assignmentId: number) => (await detailOf(assignmentId)).assignment.status;
const swapStatus = async (assignmentId: number, swapId: number) => (await detailOf(assignmentId)).swaps.find((s) => s.id === swapId)?.status;
const messages = (filter: { type?: NotificationType; occurrenceId?: number; assignmentId?: number }) => storedRows(server, 'notifications', {
  ...(filter.type && { type: filter.type }),
  ...(filter.occurrenceId && { occurrence_id: filter.occurrenceId }),
  ...(filter.assignmentId && { assignment_id: filter.assignmentId }),
});

/** 2026-03-10 10:00 EDT is 14:00Z: two hours later every 2026-03-10 occurrence is over. */
const AFTER_THE_10TH = '2026-03-10T16:00:00Z';

describe('GET /api/me/assignments', () => {
  it('lists only upcoming assignments by default, soonest first, and adds past ones with includePast=1', async () => {
    const positionId = await positionIn();
    const early = await newOccurrence([positionId], { date: '2026-03-10' });
    const late = await newOccurrence([positionId], { date: '2026-03-20' });
    const middle = await newOccurrence([positionId], { date: '2026-03-15' });
    const volunteer = await newUser(server);
    await qualify(server, positionId, volunteer.personId);
    const ids = [await assign(late, positionId, volunteer.personId), await assign(early, positionId, volunteer.personId), await assign(middle, positionId, volunteer.personId)];
    const [lateId, earlyId, middleId] = ids;

    const now = await server.get('/api/me/assignments', as(volunteer));
    assert.equal(now.status, 200);
    assert.deepEqual(now.body.assignments.map((a: { id: number }) => a.id), [earlyId, middleId, lateId]);

    await atTime(server, AFTER_THE_10TH, async () => {
      const upcoming = await server.get('/api/me/assignments', as(volunteer));
      assert.deepEqual(upcoming.body.assignments.map((a: { id: number }) => a.id), [middleId, lateId]);
      const all = await server.get('/api/ministries/me/assignments', { ...as(volunteer), query: { includePast: '1' } });
      assert.equal(all.status, 200);
      assert.deepEqual(all.body.assignments.map((a: { id: number }) => a.id), [earlyId, middleId, lateId]);
      const past = all.body.assignments[0];
      assert.equal(past.canRespond, false, 'an occurrence that is over cannot be answered');
      assert.equal(past.canProposeSubstitute, false);
    });

    const windowed = await server.get('/api/me/assignments', { ...as(volunteer), query: { from: '2026-03-11', to: '2026-03-16' } });
    assert.deepEqual(windowed.body.assignments.map((a: { id: number }) => a.id), [middleId]);
  });

  it('lists only the caller\'s own assignments, whatever personId is passed', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const answer = await server.get('/api/me/assignments', { ...as(substitute), query: { personId: String(volunteer.personId) } });
    assert.equal(answer.status, 200);
    assert.ok(!answer.body.assignments.some((a: { id: number }) => a.id === assignmentId));
    assert.ok(answer.body.assignments.every((a: { personId: number }) => a.personId === substitute.personId));
  });

  it('flags canRespond, canProposeSubstitute and the pending swap', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const before = (await server.get('/api/me/assignments', as(volunteer))).body.assignments.find((a: { id: number }) => a.id === assignmentId);
    assert.equal(before.canRespond, true);
    assert.equal(before.canProposeSubstitute, true);
    assert.equal(before.pendingSwapId, null);
    assert.equal(before.pendingSwapPersonName, null);

    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    const after = (await server.get('/api/me/assignments', as(volunteer))).body.assignments.find((a: { id: number }) => a.id === assignmentId);
    assert.equal(after.canRespond, true);
    assert.equal(after.canProposeSubstitute, false, 'a proposal is pending');
    assert.equal(after.pendingSwapId, swap.id);
    assert.equal(after.pendingSwapPersonName, swap.proposedPersonName);
    assert.ok(after.pendingSwapPersonName);
  });

  it('sets canRespond false on a cancelled assignment and on a cancelled occurrence', async () => {
    const first = await scenario();
    await server.post(`${V}/assignments/${first.assignmentId}/status`, { status: 'cancelled' }, as(admin));
    const second = await scenario();
    await server.post(`${V}/occurrences/${second.occurrenceId}/status`, { status: 'cancelled' }, as(admin));
    for (const { volunteer, assignmentId } of [first, second]) {
      const row = (await server.get('/api/me/assignments', as(volunteer))).body.assignments.find((a: { id: number }) => a.id === assignmentId);
      assert.equal(row.canRespond, false);
      assert.equal(row.canProposeSubstitute, false);
    }
  });
});

describe('POST /api/me/assignments/{id}/respond', () => {
  it('accepts: status and respondedDate set, one web response row authored by the volunteer', async () => {
    const { volunteer, assignmentId } = await scenario();
    const answer = await respond(volunteer, assignmentId, { response: 'accepted', comment: 'Glad to' });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.assignment.id, assignmentId);
    assert.equal(answer.body.assignment.status, 'accepted');
    assert.ok(answer.body.assignment.respondedDate);
    assert.deepEqual((await responsesOf(assignmentId)).map((r) => [r.response, r.channel, r.personId, r.comment]), [['accepted', 'web', volunteer.personId, 'Glad to']]);
  });

  it('answers the current status again with 200 and no second row', async () => {
    const { volunteer, assignmentId } = await scenario();
    await respond(volunteer, assignmentId, { response: 'accepted' });
    const again = await respond(volunteer, assignmentId, { response: 'accepted' });
    assert.equal(again.status, 200);
    assert.equal(again.body.assignment.status, 'accepted');
    assert.equal((await responsesOf(assignmentId)).length, 1);
  });

  it('on decline cancels the caller\'s assignment message and alerts every coordinator once: a decline alert and an occurrence gap alert', async () => {
    const { occurrenceId, volunteer, assignmentId } = await scenario();
    const answer = await respond(volunteer, assignmentId, { response: 'declined', comment: 'Away' });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.assignment.status, 'declined');
    assert.equal(answer.body.assignment.canRespond, false);
    assert.deepEqual((await responsesOf(assignmentId)).map((r) => [r.response, r.channel]), [['declined', 'web']]);

    const own = await messages({ type: 'assignment', assignmentId });
    assert.deepEqual(own.map((m) => [m.person_id, m.status]), [[volunteer.personId, 'cancelled']]);

    const coordinators = [coordinator.personId, secondCoordinator.personId].sort((a, b) => a - b);
    const declines = await messages({ type: 'decline_alert', occurrenceId });
    assert.deepEqual(declines.map((m) => [m.person_id, m.dedupe_key, m.assignment_id, m.status]).sort((a, b) => Number(a[0]) - Number(b[0])),
      coordinators.map((id) => [id, `decline_alert:${assignmentId}:${id}`, assignmentId, 'pending']));
    const gaps = await messages({ type: 'gap_alert', occurrenceId });
    assert.deepEqual(gaps.map((m) => [m.person_id, m.dedupe_key, m.assignment_id]).sort((a, b) => Number(a[0]) - Number(b[0])),
      coordinators.map((id) => [id, `gap_alert:${occurrenceId}:${id}:2026-03-04`, null]));
    assert.equal(await countRows(server, 'notifications', { person_id: admin.personId, type: ['decline_alert', 'gap_alert'] }), 0,
      'global managers are not told when the ministry has coordinators');
  });

  it('dates the gap alert by the church\'s wall clock, not UTC', async () => {
    const { occurrenceId, volunteer, assignmentId } = await scenario();
    // 03:30Z on the 5th is 22:30 on the 4th in New York.
    await atTime(server, '2026-03-05T03:30:00Z', () => respond(volunteer, assignmentId, { response: 'declined' }));
    const gaps = await messages({ type: 'gap_alert', occurrenceId });
    assert.deepEqual(gaps.map((m) => m.dedupe_key).sort(),
      [coordinator.personId, secondCoordinator.personId].map((id) => `gap_alert:${occurrenceId}:${id}:2026-03-04`).sort());
  });

  it('queues one gap alert per coordinator per occurrence and day when two volunteers decline', async () => {
    const { positionId, occurrenceId, volunteer, substitute: other, assignmentId } = await scenario();
    const otherAssignment = await assign(occurrenceId, positionId, other.personId);
    await respond(volunteer, assignmentId, { response: 'declined' });
    await respond(other, otherAssignment, { response: 'declined' });
    assert.equal((await messages({ type: 'decline_alert', occurrenceId })).length, 4);
    assert.equal((await messages({ type: 'gap_alert', occurrenceId })).length, 2);
  });

  it('alerts the global managers on decline when the ministry has no coordinator', async () => {
    const lonely = await newMinistry(server);
    const manager = await newUser(server, { roles: ['manageMinistries'] });
    const { occurrenceId, volunteer, assignmentId } = await scenario(lonely);
    assert.equal((await respond(volunteer, assignmentId, { response: 'declined' })).status, 200);
    const declines = await messages({ type: 'decline_alert', occurrenceId });
    const recipients = declines.map((m) => m.person_id);
    assert.ok(recipients.includes(manager.personId), 'the global manager');
    assert.ok(recipients.includes(admin.personId), 'the administrator');
    assert.ok(!recipients.includes(coordinator.personId), 'not a coordinator of another ministry');
    assert.ok((await messages({ type: 'gap_alert', occurrenceId })).some((m) => m.person_id === manager.personId));
  });

  it('answers 400 for anything but accepted or declined', async () => {
    const { volunteer, assignmentId } = await scenario();
    for (const body of [{ response: 'cancelled' }, { response: 'maybe' }, { response: true }, {}]) {
      assert.equal((await respond(volunteer, assignmentId, body)).status, 400, JSON.stringify(body));
    }
    assert.equal((await statusOf(assignmentId)), 'pending');
  });

  it('answers 403 for someone else\'s assignment and 404 for an unknown one', async () => {
    const { substitute, assignmentId } = await scenario();
    const answer = await respond(substitute, assignmentId, { response: 'declined' });
    expectError(answer, 403, 'That assignment belongs to someone else');
    assert.equal((await respond(coordinator, assignmentId, { response: 'declined' })).status, 403, 'a coordinator is not the volunteer');
    const unknown = await respond(substitute, 999999, { response: 'accepted' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, 'Assignment not found');
    assert.equal((await statusOf(assignmentId)), 'pending');
  });

  it('answers 409 when the assignment can no longer be answered: cancelled, substituted, completed, occurrence cancelled or over', async () => {
    const cancelled = await scenario();
    await server.post(`${V}/assignments/${cancelled.assignmentId}/status`, { status: 'cancelled' }, as(admin));
    expectError(await respond(cancelled.volunteer, cancelled.assignmentId, { response: 'accepted' }), 409, NO_LONGER_ANSWERED); // cancelled

    const substituted = await scenario();
    const swap = (await propose(substituted.volunteer, substituted.assignmentId, substituted.substitute.personId)).body.swap;
    assert.equal((await server.post(`${V}/swaps/${swap.id}/approve`, {}, as(coordinator))).status, 200);
    expectError(await respond(substituted.volunteer, substituted.assignmentId, { response: 'declined' }), 409, NO_LONGER_ANSWERED); // substituted

    const completed = await scenario();
    await atTime(server, AFTER_THE_10TH, () => completeEndedShifts(server));
    expectError(await respond(completed.volunteer, completed.assignmentId, { response: 'declined' }), 409, NO_LONGER_ANSWERED); // completed

    const called = await scenario();
    await server.post(`${V}/occurrences/${called.occurrenceId}/status`, { status: 'cancelled' }, as(admin));
    expectError(await respond(called.volunteer, called.assignmentId, { response: 'declined' }), 409, NO_LONGER_ANSWERED); // occurrence cancelled

    const over = await scenario();
    await atTime(server, AFTER_THE_10TH, async () => {
      expectError(await respond(over.volunteer, over.assignmentId, { response: 'declined' }), 409, NO_LONGER_ANSWERED); // occurrence over
    });
    assert.equal((await statusOf(over.assignmentId)), 'pending');
    assert.equal((await messages({ type: 'decline_alert', occurrenceId: over.occurrenceId })).length, 0);
  });
});

describe('GET /api/me/assignments/{id}/substitutes', () => {
  it('lists qualified people, in the pool or not, minus the caller and anyone holding the position there, flagging another position they hold', async () => {
    const positionId = await positionIn();
    const otherPosition = await positionIn();
    const occurrenceId = await newOccurrence([positionId, otherPosition]);
    const volunteer = await newUser(server);
    const [holder, free, outsider, busy] = [await newPerson(server), await newPerson(server), await newPerson(server), await newPerson(server)];
    const unqualified = await newPerson(server);
    for (const person of [volunteer.personId, holder.id, free.id, busy.id]) await qualify(server, positionId, person);
    await qualify(server, positionId, outsider.id);
    await leavePool(server, main.id, outsider.id);
    await qualify(server, otherPosition, busy.id);
    await qualify(server, otherPosition, unqualified.id);
    const assignmentId = await assign(occurrenceId, positionId, volunteer.personId);
    await assign(occurrenceId, positionId, holder.id);
    await assign(occurrenceId, otherPosition, busy.id);

    const answer = await server.get(`/api/me/assignments/${assignmentId}/substitutes`, as(volunteer));
    assert.equal(answer.status, 200);
    const people = answer.body.people as Array<{ personId: number; inPool: boolean; conflictPositionId: number | null }>;
    assert.deepEqual(people.map((p) => p.personId).sort((a, b) => a - b), [free.id, outsider.id, busy.id].sort((a, b) => a - b));
    assert.equal(people.find((p) => p.personId === outsider.id)!.inPool, false);
    assert.equal(people.find((p) => p.personId === free.id)!.conflictPositionId, null);
    assert.equal(people.find((p) => p.personId === busy.id)!.conflictPositionId, otherPosition, 'holds another position on this occurrence');
    // Namesakes are told apart by their family only: a volunteer reads nobody's e-mail, not even its first letters (issue 37 #2).
    assert.ok(people.every((p) => 'familyName' in p && !('emailHint' in p)), JSON.stringify(people));

    const filtered = await server.get(`/api/ministries/me/assignments/${assignmentId}/substitutes`, { ...as(volunteer), query: { q: free.last_name } });
    assert.equal(filtered.status, 200);
    assert.deepEqual(filtered.body.people.map((p: { personId: number }) => p.personId), [free.id]);
  });

  it('answers 403 for someone else\'s assignment and 404 for an unknown one', async () => {
    const { substitute, assignmentId } = await scenario();
    const answer = await server.get(`/api/me/assignments/${assignmentId}/substitutes`, as(substitute));
    expectError(answer, 403, 'That assignment belongs to someone else');
    assert.equal((await server.get('/api/me/assignments/999999/substitutes', as(substitute))).status, 404);
  });
});

describe('POST /api/me/assignments/{id}/propose-substitute (E9)', () => {
  it('records the proposal: 201 proposed swap by the caller, original unchanged, a substitute_proposed row and swap_proposed per coordinator', async () => {
    const { positionId, occurrenceId, volunteer, substitute, assignmentId } = await scenario();
    const [before] = await storedRows(server, 'assignments', { id: assignmentId });
    const answer = await propose(volunteer, assignmentId, substitute.personId, 'Sam agreed');
    assert.equal(answer.status, 201);
    const swap = answer.body.swap;
    assert.equal(swap.status, 'proposed');
    assert.equal(swap.assignmentId, assignmentId);
    assert.equal(swap.occurrenceId, occurrenceId);
    assert.equal(swap.positionId, positionId);
    assert.equal(swap.proposedByPersonId, volunteer.personId);
    assert.equal(swap.proposedPersonId, substitute.personId);
    assert.equal(swap.decidedDate, null);
    assert.equal(swap.decidedByPersonId, null);
    assert.deepEqual(await storedRows(server, 'assignments', { id: assignmentId }), [before], 'the original is unchanged');
    assert.deepEqual((await responsesOf(assignmentId)).map((r) => [r.response, r.personId, r.comment]), [['substitute_proposed', volunteer.personId, 'Sam agreed']]);
    const told = await messages({ type: 'swap_proposed', assignmentId });
    assert.deepEqual(told.map((m) => m.dedupe_key).sort(),
      [coordinator.personId, secondCoordinator.personId].map((id) => `swap_proposed:${swap.id}:${id}`).sort());
    assert.equal(await countRows(server, 'assignments', { person_id: substitute.personId }), 0, 'the substitute gets no assignment yet');
  });

  it('answers 409 when the caller proposes themselves', async () => {
    const { volunteer, assignmentId } = await scenario();
    expectError(await propose(volunteer, assignmentId, volunteer.personId), 409, 'You already hold this position; propose someone else');
    assert.equal((await responsesOf(assignmentId)).length, 0);
  });

  it('answers 403 for someone else\'s assignment, even when naming a qualified substitute', async () => {
    const { substitute, assignmentId } = await scenario();
    const third = await newPerson(server);
    const answer = await propose(substitute, assignmentId, third.id);
    expectError(answer, 403, 'That assignment belongs to someone else');
  });

  it('answers 403 when the substitute holds no active qualification for the position', async () => {
    const { positionId, volunteer, assignmentId } = await scenario();
    const stranger = await newPerson(server);
    expectError(await propose(volunteer, assignmentId, stranger.id), 403, 'The substitute is not qualified for this position');
    const lapsed = await newPerson(server);
    const qualificationId = (await qualify(server, positionId, lapsed.id)).id;
    assert.equal((await server.delete(`${V}/qualifications/${qualificationId}`, as(admin))).status, 200);
    expectError(await propose(volunteer, assignmentId, lapsed.id), 403, 'The substitute is not qualified for this position');
    assert.deepEqual((await detailOf(assignmentId)).swaps, []);
  });

  it('answers 409 when the substitute already holds the position on the occurrence', async () => {
    const { positionId, occurrenceId, volunteer, substitute, assignmentId } = await scenario();
    await assign(occurrenceId, positionId, substitute.personId);
    expectError(await propose(volunteer, assignmentId, substitute.personId), 409, 'The substitute already holds this position on this occurrence');
  });

  it('answers 409 for a second pending proposal, and creates exactly one when two race', async () => {
    const { positionId, volunteer, substitute, assignmentId } = await scenario();
    const other = await newPerson(server);
    await qualify(server, positionId, other.id);
    assert.equal((await propose(volunteer, assignmentId, substitute.personId)).status, 201);
    expectError(await propose(volunteer, assignmentId, other.id), 409, 'A substitute is already proposed for this assignment');

    const race = await scenario();
    const rival = await newPerson(server);
    await qualify(server, race.positionId, rival.id);
    const answers = await Promise.all([propose(race.volunteer, race.assignmentId, race.substitute.personId), propose(race.volunteer, race.assignmentId, rival.id)]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 409]);
    assert.equal((await detailOf(race.assignmentId)).swaps.length, 1);
    assert.equal((await responsesOf(race.assignmentId)).length, 1, 'one substitute_proposed row');
  });

  it('answers 404 for an unknown assignment or substitute', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const unknownAssignment = await propose(volunteer, 999999, substitute.personId);
    expectError(unknownAssignment, 404, 'Assignment not found');
    expectError(await propose(volunteer, assignmentId, 999999), 404, 'Person not found');
  });

  it('records a proposal on an assignment that is not live (state table: any)', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    await respond(volunteer, assignmentId, { response: 'declined' });
    const answer = await propose(volunteer, assignmentId, substitute.personId);
    assert.equal(answer.status, 201);
    assert.equal((await statusOf(assignmentId)), 'declined');
  });
});

describe('POST /api/me/swaps/{id}/withdraw', () => {
  it('lets the proposer withdraw: withdrawn, a substitute_withdrawn row, and a new proposal may follow', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    const answer = await server.post(`/api/me/swaps/${swap.id}/withdraw`, { comment: 'Found cover myself' }, as(volunteer));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.swap.id, swap.id);
    assert.equal(answer.body.swap.status, 'withdrawn');
    assert.deepEqual((await responsesOf(assignmentId)).map((r) => [r.response, r.personId]),
      [['substitute_proposed', volunteer.personId], ['substitute_withdrawn', volunteer.personId]]);
    assert.equal((await statusOf(assignmentId)), 'pending');
    assert.equal((await propose(volunteer, assignmentId, substitute.personId)).status, 201, 'a new proposal');
  });

  it('refuses anyone but the proposer with 403, the substitute and a coordinator included', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    assert.equal((await server.post(`/api/me/swaps/${swap.id}/withdraw`, {}, as(substitute))).status, 403);
    assert.equal((await server.post(`/api/ministries/me/swaps/${swap.id}/withdraw`, {}, as(coordinator))).status, 403);
    assert.equal((await server.post(`/api/me/swaps/${swap.id}/withdraw`, {}, as(admin))).status, 403);
    assert.equal(await swapStatus(assignmentId, swap.id), 'proposed');
  });

  it('answers 409 unless the swap is still proposed, and 404 for an unknown one', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    assert.equal((await server.post(`${V}/swaps/${swap.id}/reject`, {}, as(coordinator))).status, 200);
    assert.equal((await server.post(`/api/me/swaps/${swap.id}/withdraw`, {}, as(volunteer))).status, 409);
    const unknown = await server.post('/api/me/swaps/999999/withdraw', {}, as(volunteer));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, 'Substitution request not found');
  });
});

describe('GET /api/ministries/swaps', () => {
  it('lists the swaps of the caller\'s ministries, newest first, filtered by status, ministry and occurrence', async () => {
    const elsewhere = await newMinistry(server);
    const elsewhereCoordinator = await newCoordinator(server, elsewhere.id);
    const first = await scenario();
    const second = await scenario();
    const foreign = await scenario(elsewhere);
    const firstSwap = (await propose(first.volunteer, first.assignmentId, first.substitute.personId)).body.swap;
    server.clock.advance(60_000);
    const secondSwap = (await propose(second.volunteer, second.assignmentId, second.substitute.personId)).body.swap;
    const foreignSwap = (await propose(foreign.volunteer, foreign.assignmentId, foreign.substitute.personId)).body.swap;
    server.clock.set('2026-03-04T15:00:00Z');
    await server.post(`${V}/swaps/${firstSwap.id}/reject`, {}, as(coordinator));

    const mine = (await server.get(`${V}/swaps`, as(coordinator))).body.swaps.map((s: { id: number }) => s.id);
    assert.ok(!mine.includes(foreignSwap.id), 'not another ministry\'s swap');
    assert.ok(mine.indexOf(secondSwap.id) < mine.indexOf(firstSwap.id) && mine.indexOf(firstSwap.id) >= 0, 'newest first');

    const proposed = (await server.get(`${V}/swaps`, { ...as(coordinator), query: { status: 'proposed' } })).body.swaps;
    assert.ok(proposed.every((s: { status: string }) => s.status === 'proposed'));
    assert.ok(proposed.some((s: { id: number }) => s.id === secondSwap.id));
    assert.ok(!proposed.some((s: { id: number }) => s.id === firstSwap.id));

    const byOccurrence = await server.get(`${V}/swaps`, { ...as(coordinator), query: { occurrenceId: String(first.occurrenceId) } });
    assert.deepEqual(byOccurrence.body.swaps.map((s: { id: number }) => s.id), [firstSwap.id]);
    const outOfScope = await server.get(`${V}/swaps`, { ...as(coordinator), query: { occurrenceId: String(foreign.occurrenceId) } });
    assert.deepEqual(outOfScope.body.swaps, [], 'occurrenceId is intersected with the scope');
    const byMinistry = await server.get(`${V}/swaps`, { ...as(admin), query: { ministryId: String(elsewhere.id) } });
    assert.deepEqual(byMinistry.body.swaps.map((s: { id: number }) => s.id), [foreignSwap.id]);
    const theirs = await server.get(`${V}/swaps`, as(elsewhereCoordinator));
    assert.deepEqual(theirs.body.swaps.map((s: { id: number }) => s.id), [foreignSwap.id]);
  });

  it('answers 400 for an unknown status and 403 to a volunteer', async () => {
    assert.equal((await server.get(`${V}/swaps`, { ...as(coordinator), query: { status: 'pending' } })).status, 400);
    const volunteer = await newUser(server);
    assert.equal((await server.get(`${V}/swaps`, as(volunteer))).status, 403);
  });
});

describe('POST /api/ministries/swaps/{id}/approve', () => {
  it('substitutes the original and gives the substitute an accepted substitute row, in one go', async () => {
    const { positionId, occurrenceId, volunteer, substitute, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    const answer = await server.post(`${V}/swaps/${swap.id}/approve`, { comment: 'Thanks Sam' }, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.originalAssignment.id, assignmentId);
    assert.equal(answer.body.originalAssignment.status, 'substituted');
    const replacement = answer.body.replacementAssignment;
    assert.equal(replacement.personId, substitute.personId);
    assert.equal(replacement.occurrenceId, occurrenceId);
    assert.equal(replacement.positionId, positionId);
    assert.equal(replacement.status, 'accepted');
    assert.equal(replacement.source, 'substitute');
    assert.equal(replacement.replacesAssignmentId, assignmentId);
    assert.equal(answer.body.swap.status, 'approved');
    assert.equal(answer.body.swap.decidedByPersonId, coordinator.personId);
    assert.ok(answer.body.swap.decidedDate);

    assert.deepEqual((await responsesOf(assignmentId)).map((r) => [r.response, r.personId]),
      [['substitute_proposed', volunteer.personId], ['substitute_approved', coordinator.personId]]);
    assert.deepEqual((await responsesOf(replacement.id)).map((r) => [r.response, r.channel, r.personId]), [['accepted', 'coordinator', coordinator.personId]]);

    const resolved = await messages({ type: 'swap_resolved' });
    assert.deepEqual(resolved.filter((m) => m.dedupe_key.startsWith(`swap_resolved:${swap.id}:`)).map((m) => m.person_id).sort((a, b) => a - b),
      [volunteer.personId, substitute.personId].sort((a, b) => a - b));
    const original = await messages({ assignmentId });
    assert.deepEqual(original.filter((m) => m.type !== 'swap_resolved').map((m) => [m.type, m.status]).sort(),
      [['assignment', 'cancelled'], ['swap_proposed', 'cancelled'], ['swap_proposed', 'cancelled']], 'rows queued for the original before the approval are cancelled');
    assert.ok(resolved.every((m) => m.status === 'pending'), 'the swap_resolved rows the approval queued stay pending');
  });

  it('re-uses a declined row of the substitute for the position', async () => {
    const { positionId, occurrenceId, volunteer, substitute, assignmentId } = await scenario();
    const old = await assign(occurrenceId, positionId, substitute.personId);
    await respond(substitute, old, { response: 'declined' });
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    const answer = await server.post(`${V}/swaps/${swap.id}/approve`, {}, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.replacementAssignment.id, old, 'the same row');
    assert.equal(answer.body.replacementAssignment.status, 'accepted');
    assert.equal(answer.body.replacementAssignment.source, 'substitute');
    assert.equal(answer.body.replacementAssignment.replacesAssignmentId, assignmentId);
    assert.deepEqual((await responsesOf(old)).map((r) => r.response), ['declined', 'accepted'], 'history kept');
    assert.equal(await countRows(server, 'assignments', { occurrence_id: occurrenceId, person_id: substitute.personId }), 1);
  });

  it('answers 409 when the swap is already decided', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    assert.equal((await server.post(`${V}/swaps/${swap.id}/approve`, {}, as(coordinator))).status, 200);
    assert.equal((await server.post(`${V}/swaps/${swap.id}/approve`, {}, as(coordinator))).status, 409);
    assert.equal((await server.post(`${V}/swaps/${swap.id}/reject`, {}, as(coordinator))).status, 409);
  });

  it('answers 409 when the occurrence is cancelled or over', async () => {
    const called = await scenario();
    const calledSwap = (await propose(called.volunteer, called.assignmentId, called.substitute.personId)).body.swap;
    await server.post(`${V}/occurrences/${called.occurrenceId}/status`, { status: 'cancelled' }, as(admin));
    assert.equal((await server.post(`${V}/swaps/${calledSwap.id}/approve`, {}, as(coordinator))).status, 409);

    const over = await scenario();
    const overSwap = (await propose(over.volunteer, over.assignmentId, over.substitute.personId)).body.swap;
    await atTime(server, AFTER_THE_10TH, async () => {
      assert.equal((await server.post(`${V}/swaps/${overSwap.id}/approve`, {}, as(coordinator))).status, 409);
    });
    assert.equal(await swapStatus(over.assignmentId, overSwap.id), 'proposed');
    assert.equal((await statusOf(over.assignmentId)), 'pending');
  });

  it('answers 409 when the substitute took the position meanwhile, and changes nothing', async () => {
    const { positionId, occurrenceId, volunteer, substitute, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    await assign(occurrenceId, positionId, substitute.personId);
    assert.equal((await server.post(`${V}/swaps/${swap.id}/approve`, {}, as(coordinator))).status, 409);
    assert.equal((await statusOf(assignmentId)), 'pending');
    assert.equal(await swapStatus(assignmentId, swap.id), 'proposed', 'the failed approval rolled back');
    assert.equal((await messages({ type: 'swap_resolved', assignmentId })).length, 0);
  });

  it('answers 409 "The assignment is no longer active" when the original is not live', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    await respond(volunteer, assignmentId, { response: 'declined' });
    const answer = await server.post(`${V}/swaps/${swap.id}/approve`, {}, as(coordinator));
    assert.equal(answer.status, 409);
    assert.equal(answer.body.message, 'The assignment is no longer active');
  });

  it('answers 403 when the substitute is no longer qualified', async () => {
    const { volunteer, substitute, substituteQualificationId, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    await revokeQualification(server, substituteQualificationId);
    assert.equal((await server.post(`${V}/swaps/${swap.id}/approve`, {}, as(coordinator))).status, 403);
    assert.equal((await statusOf(assignmentId)), 'pending');
  });

  it('refuses a volunteer with 403, the proposer and the substitute included, and answers 404 for an unknown swap', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    assert.equal((await server.post(`${V}/swaps/${swap.id}/approve`, {}, as(volunteer))).status, 403);
    assert.equal((await server.post(`${V}/swaps/${swap.id}/approve`, {}, as(substitute))).status, 403);
    const stranger = await newCoordinator(server, (await newMinistry(server)).id);
    assert.equal((await server.post(`${V}/swaps/${swap.id}/approve`, {}, as(stranger))).status, 403, 'a coordinator of another ministry');
    assert.equal((await server.post(`${V}/swaps/999999/approve`, {}, as(coordinator))).status, 404);
    assert.equal((await statusOf(assignmentId)), 'pending');
  });
});

describe('POST /api/ministries/swaps/{id}/reject', () => {
  it('leaves the original unchanged, appends substitute_rejected and tells both parties', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    const answer = await server.post(`${V}/swaps/${swap.id}/reject`, { comment: 'Needs training first' }, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.swap.status, 'rejected');
    assert.equal(answer.body.swap.decidedByPersonId, coordinator.personId);
    assert.ok(answer.body.swap.decidedDate);
    assert.equal((await statusOf(assignmentId)), 'pending');
    assert.deepEqual((await responsesOf(assignmentId)).map((r) => [r.response, r.personId]),
      [['substitute_proposed', volunteer.personId], ['substitute_rejected', coordinator.personId]]);
    const resolved = await messages({ type: 'swap_resolved', assignmentId });
    assert.deepEqual(resolved.map((m) => m.dedupe_key).sort(),
      [volunteer.personId, substitute.personId].map((id) => `swap_resolved:${swap.id}:${id}`).sort());
    assert.equal(await countRows(server, 'assignments', { person_id: substitute.personId }), 0);
  });

  it('refuses a volunteer with 403', async () => {
    const { volunteer, substitute, assignmentId } = await scenario();
    const swap = (await propose(volunteer, assignmentId, substitute.personId)).body.swap;
    assert.equal((await server.post(`${V}/swaps/${swap.id}/reject`, {}, as(volunteer))).status, 403);
  });
});
