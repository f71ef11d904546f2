import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  approveSwap, as, countRows, deliverOutbox, markDeliveriesFailed, newAssignment, newCoordinator, newMinistry, newPerson, newPosition,
  newStaffedEvent, newUser, proposeSubstitute, qualify, setUp, undoAnswers, useMinistry, useServer, useUser,
  type SunkMail, type TestUser, assignmentPage,
} from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const ministry = useMinistry(server, { name: 'Hospitality' });
const coordinator = {} as TestUser;
const V = '/api/ministries';

setUp(async () => Object.assign(coordinator, await newCoordinator(server, ministry.id)));

/** A pending assignment of a fresh volunteer (with a login) on a fresh occurrence. */
async function pendingAssignment() {
  const positionId = (await newPosition(server, ministry.id, ministry.teamId)).id;
  const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId, minCount: 1, maxCount: 3 }]);
  const volunteer = await newUser(server);
  await qualify(server, positionId, volunteer.personId);
  return { positionId, occurrenceId, volunteer, assignmentId: (await newAssignment(server, occurrenceId, positionId, volunteer.personId)).id };
}

/** An assignment the volunteer made by signing up (E11): accepted, with a sign-up confirmation but no assignment message. */
async function selfSignedUp() {
  const positionId = (await newPosition(server, ministry.id, ministry.teamId)).id;
  const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId, minCount: 1, maxCount: 3 }]);
  const volunteer = await newUser(server);
  await qualify(server, positionId, volunteer.personId);
  const answer = await server.post('/api/me/signup', { occurrenceId, positionId }, as(volunteer));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return { volunteer, assignmentId: answer.body.assignment.id as number };
}

const assignmentMessagesOf = async (assignmentId: number) => (await messagesOf(assignmentId)).filter((message) => message.type === 'assignment');

const detailOf = (assignmentId: number) => server.get(`${V}/assignments/${assignmentId}`, as(admin));
const responsesOf = async (assignmentId: number) => (await assignmentPage(server, admin, assignmentId)).responses;
const messagesOf = async (assignmentId: number) => (await assignmentPage(server, admin, assignmentId)).notifications;
/** The assignment's status, undefined once it is gone. */
const statusOf = async (assignmentId: number): Promise<string | undefined> => {
  const answer = await detailOf(assignmentId);
  return answer.status === 404 ? undefined : answer.body.assignment.status;
};

/** Runs `body` with the clock after the 2026-03-10 occurrences have ended, then puts it back. */
async function afterTheOccurrence(body: () => Promise<void>) {
  server.clock.set('2026-03-10T16:00:00Z');
  try {
    await body();
  } finally {
    server.clock.set('2026-03-04T15:00:00Z');
  }
}

describe('GET /api/ministries/assignments/{id}', () => {
  it('answers the assignment with its responses oldest first, its swaps and its messages', async () => {
    const { positionId, volunteer, assignmentId } = await pendingAssignment();
    const substitute = await newPerson(server);
    await qualify(server, positionId, substitute.id);
    assert.equal((await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'accepted' }, as(volunteer))).status, 200);
    const proposal = await server.post(`/api/me/assignments/${assignmentId}/propose-substitute`, { personId: substitute.id, comment: 'Sam agreed' }, as(volunteer));
    assert.equal(proposal.status, 201);

    const answer = await server.get(`${V}/assignments/${assignmentId}`, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.assignment.id, assignmentId);
    assert.equal(answer.body.assignment.personId, volunteer.personId);
    assert.equal(answer.body.assignment.status, 'accepted');
    assert.deepEqual(answer.body.responses.map((r: { response: string; channel: string }) => [r.response, r.channel]), [['accepted', 'web'], ['substitute_proposed', 'web']]);
    assert.deepEqual(answer.body.swaps.map((s: { id: number; proposedPersonId: number }) => [s.id, s.proposedPersonId]), [[proposal.body.swap.id, substitute.id]]);
    const types = answer.body.notifications.map((n: { type: string }) => n.type);
    assert.ok(types.includes('assignment'), `messages: ${types}`);
    assert.ok(types.includes('swap_proposed'), `messages: ${types}`);
  });

  it('answers 404 for an unknown assignment and 403 to the volunteer and to a coordinator of another ministry', async () => {
    const { volunteer, assignmentId } = await pendingAssignment();
    assert.equal((await server.get(`${V}/assignments/999999`, as(coordinator))).status, 404);
    assert.equal((await server.get(`${V}/assignments/${assignmentId}`, as(volunteer))).status, 403);
    const stranger = await newCoordinator(server, (await newMinistry(server)).id);
    assert.equal((await server.get(`${V}/assignments/${assignmentId}`, as(stranger))).status, 403);
  });
});

describe('POST /api/ministries/assignments/{id}/status', () => {
  it('records accepted as a coordinator-channel response authored by the coordinator', async () => {
    const { assignmentId } = await pendingAssignment();
    const answer = await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'accepted', comment: 'Phoned in' }, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.assignment.status, 'accepted');
    assert.ok(answer.body.assignment.respondedDate, 'respondedDate is set');
    const trail = await responsesOf(assignmentId);
    assert.deepEqual(trail.map((r) => [r.response, r.channel, r.personId, r.comment]), [['accepted', 'coordinator', coordinator.personId, 'Phoned in']]);
  });

  it('records a decline without a decline alert or gap alert, and cancels the pending assignment message', async () => {
    const { occurrenceId, assignmentId } = await pendingAssignment();
    const answer = await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'declined' }, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.assignment.status, 'declined');
    assert.deepEqual((await responsesOf(assignmentId)).map((r) => [r.response, r.channel, r.personId]), [['declined', 'coordinator', coordinator.personId]]);
    assert.equal(await countRows(server, 'notifications', { type: ['decline_alert', 'gap_alert'], occurrence_id: occurrenceId }), 0);
    assert.deepEqual((await messagesOf(assignmentId)).map((m) => [m.type, m.status]), [['assignment', 'cancelled']]);
  });

  it('treats the current status again as a no-op: 200 and no new response row', async () => {
    const { assignmentId } = await pendingAssignment();
    await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'accepted' }, as(coordinator));
    const again = await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'accepted' }, as(coordinator));
    assert.equal(again.status, 200);
    assert.equal(again.body.assignment.status, 'accepted');
    assert.equal((await responsesOf(assignmentId)).length, 1);
  });

  it('takes the ordinary cancel path for cancelled: a cancelled response row and pending messages cancelled but kept', async () => {
    const { assignmentId } = await pendingAssignment();
    const answer = await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'cancelled', comment: 'Moved away' }, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.assignment.status, 'cancelled');
    assert.deepEqual((await responsesOf(assignmentId)).map((r) => [r.response, r.personId, r.comment]), [['cancelled', coordinator.personId, 'Moved away']]);
    assert.deepEqual((await messagesOf(assignmentId)).map((m) => [m.type, m.status]), [['assignment', 'cancelled']]);
  });

  it('never mails the ask of a cancelled assignment: the next delivery brings the mail server the other ask, not it', async () => {
    const [cancelled, kept] = [await pendingAssignment(), await pendingAssignment()];
    const answer = await server.post(`${V}/assignments/${cancelled.assignmentId}/status`, { status: 'cancelled' }, as(coordinator));
    assert.equal(answer.status, 200, answer.text);
    const inbox: SunkMail[] = [];
    await deliverOutbox(server, inbox);
    const addressOf = async (user: TestUser) => (await server.get(`/api/person/${user.personId}`, as(admin))).body.Email as string;
    const [cancelledAddress, keptAddress] = [await addressOf(cancelled.volunteer), await addressOf(kept.volunteer)];
    assert.equal(inbox.filter((mail) => mail.to === keptAddress).length, 1, 'the ask that stands arrives');
    assert.deepEqual(inbox.filter((mail) => mail.to === cancelledAddress), []);
    assert.deepEqual((await messagesOf(cancelled.assignmentId)).map((m) => [m.type, m.status]), [['assignment', 'cancelled']]);
  });

  it('refuses an illegal transition with 409 and currentStatus', async () => {
    const { assignmentId } = await pendingAssignment();
    await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'cancelled' }, as(coordinator));
    const answer = await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'accepted' }, as(coordinator));
    assert.equal(answer.status, 409);
    assert.equal(answer.body.message, 'An assignment that is cancelled cannot become accepted');
    assert.equal(answer.body.currentStatus, 'cancelled');
    assert.equal(answer.body.code, 409);
    assert.equal(await statusOf(assignmentId), 'cancelled');
    assert.equal((await responsesOf(assignmentId)).length, 1, 'only the cancelled row');
  });

  it('refuses declined then accepted with 409 and currentStatus declined', async () => {
    const { assignmentId } = await pendingAssignment();
    await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'declined' }, as(coordinator));
    const answer = await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'accepted' }, as(coordinator));
    assert.equal(answer.status, 409);
    assert.equal(answer.body.message, 'An assignment that is declined cannot become accepted');
    assert.equal(answer.body.currentStatus, 'declined');
  });

  it('answers 400 for any other status, and for none', async () => {
    const { assignmentId } = await pendingAssignment();
    for (const body of [{ status: 'completed' }, { status: 'substituted' }, { status: 'pending' }, { status: 'ACCEPTED' }, {}]) {
      const answer = await server.post(`${V}/assignments/${assignmentId}/status`, body, as(coordinator));
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal(answer.body.message, 'status must be accepted, declined or cancelled');
    }
    assert.equal(await statusOf(assignmentId), 'pending');
    assert.equal((await responsesOf(assignmentId)).length, 0);
  });

  it('refuses the volunteer themselves with 403', async () => {
    const { volunteer, assignmentId } = await pendingAssignment();
    assert.equal((await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'accepted' }, as(volunteer))).status, 403);
    assert.equal(await statusOf(assignmentId), 'pending');
  });
});

describe('DELETE /api/ministries/assignments/{id}', () => {
  it('hard-deletes a fresh pending row together with its messages', async () => {
    const { assignmentId } = await pendingAssignment();
    assert.equal((await messagesOf(assignmentId)).length, 1);
    const answer = await server.delete(`${V}/assignments/${assignmentId}`, as(coordinator));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { deleted: true, assignment: null });
    assert.equal(await statusOf(assignmentId), undefined);
    assert.equal(await countRows(server, 'notifications', { assignment_id: assignmentId }), 0);
    assert.equal((await server.get(`${V}/assignments/${assignmentId}`, as(coordinator))).status, 404);
  });

  it('cancels and keeps an answered row through the ordinary cancel path', async () => {
    const { volunteer, assignmentId } = await pendingAssignment();
    await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'accepted' }, as(volunteer));
    const answer = await server.delete(`${V}/assignments/${assignmentId}`, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.deleted, false);
    assert.equal(answer.body.assignment.id, assignmentId);
    assert.equal(answer.body.assignment.status, 'cancelled');
    assert.deepEqual((await responsesOf(assignmentId)).map((r) => r.response), ['accepted', 'cancelled']);
    assert.deepEqual((await messagesOf(assignmentId)).map((m) => [m.type, m.status]), [['assignment', 'cancelled']]);
  });

  it('cancels and keeps a pending row re-used after a decline, whose response trail remains', async () => {
    const { positionId, occurrenceId, volunteer, assignmentId } = await pendingAssignment();
    await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'declined' }, as(volunteer));
    const again = await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId, personId: volunteer.personId }, as(admin));
    assert.equal(again.body.assignment.id, assignmentId);
    assert.equal(again.body.assignment.status, 'pending');
    const answer = await server.delete(`${V}/assignments/${assignmentId}`, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.deleted, false);
    assert.equal(answer.body.assignment.status, 'cancelled');
    assert.deepEqual((await responsesOf(assignmentId)).map((r) => r.response), ['declined', 'cancelled']);
  });

  it('keeps a pending row that carries a substitute proposal', async () => {
    const { positionId, volunteer, assignmentId } = await pendingAssignment();
    const substitute = await newPerson(server);
    await qualify(server, positionId, substitute.id);
    await proposeSubstitute(server, volunteer, assignmentId, substitute.id);
    // Without its substitute_proposed response, the proposal is all that keeps the row.
    await undoAnswers(server, assignmentId);
    const answer = await server.delete(`${V}/assignments/${assignmentId}`, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.deleted, false);
    assert.equal(answer.body.assignment.status, 'cancelled');
  });

  it('keeps the replacement row of an approved substitution', async () => {
    const { positionId, volunteer, assignmentId } = await pendingAssignment();
    const substitute = await newPerson(server);
    await qualify(server, positionId, substitute.id);
    const swap = await proposeSubstitute(server, volunteer, assignmentId, substitute.id);
    const replacementId = (await approveSwap(server, swap.id)).replacementAssignment.id;
    // Pending and unanswered, the replacement looks fresh but for being a substitution.
    await undoAnswers(server, replacementId);
    const answer = await server.delete(`${V}/assignments/${replacementId}`, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.deleted, false);
    assert.equal(answer.body.assignment.status, 'cancelled');
  });

  it('answers 409 once the occurrence is over and leaves the row alone', async () => {
    const { assignmentId } = await pendingAssignment();
    await afterTheOccurrence(async () => {
      const answer = await server.delete(`${V}/assignments/${assignmentId}`, as(coordinator));
      assert.equal(answer.status, 409);
      assert.equal(answer.body.message, 'This occurrence has already happened; its assignments are history');
    });
    assert.equal(await statusOf(assignmentId), 'pending');
  });

  it('refuses the volunteer themselves with 403', async () => {
    const { volunteer, assignmentId } = await pendingAssignment();
    assert.equal((await server.delete(`${V}/assignments/${assignmentId}`, as(volunteer))).status, 403);
    assert.equal(await statusOf(assignmentId), 'pending');
  });
});

describe('POST /api/ministries/assignments/{id}/notify', () => {
  it('is idempotent on the dedupe key: created false while the row exists, never a second row', async () => {
    const { volunteer, assignmentId } = await pendingAssignment();
    const [queued] = await messagesOf(assignmentId);
    const answer = await server.post(`${V}/assignments/${assignmentId}/notify`, undefined, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.created, false);
    assert.equal(answer.body.notification.id, queued!.id);
    assert.equal(answer.body.notification.dedupeKey, `assignment:${assignmentId}:${volunteer.personId}`);
    assert.equal((await messagesOf(assignmentId)).length, 1);
  });

  it('queues the assignment message when there is none: created true', async () => {
    const { volunteer, assignmentId } = await selfSignedUp();
    assert.deepEqual(await assignmentMessagesOf(assignmentId), []);
    const answer = await server.post(`${V}/assignments/${assignmentId}/notify`, undefined, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.created, true);
    assert.equal(answer.body.notification.type, 'assignment');
    assert.equal(answer.body.notification.status, 'pending');
    assert.equal(answer.body.notification.personId, volunteer.personId);
    assert.equal(answer.body.notification.assignmentId, assignmentId);
    assert.equal((await assignmentMessagesOf(assignmentId)).length, 1);
  });

  it('does not re-arm a failed row without force', async () => {
    const { assignmentId } = await pendingAssignment();
    assert.equal(await markDeliveriesFailed(server, { assignment_id: assignmentId }), 1);
    const answer = await server.post(`${V}/assignments/${assignmentId}/notify`, undefined, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.created, false);
    assert.equal(answer.body.notification.status, 'failed');
    assert.equal(answer.body.notification.attempts, 5);
  });

  it('re-arms the same row with force=1: pending, attempts 0, error cleared, never a second row', async () => {
    const { assignmentId } = await pendingAssignment();
    const [queued] = await messagesOf(assignmentId);
    await markDeliveriesFailed(server, { id: queued!.id });
    const answer = await server.post(`${V}/assignments/${assignmentId}/notify?force=1`, undefined, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.created, false);
    assert.equal(answer.body.notification.id, queued!.id);
    assert.equal(answer.body.notification.status, 'pending');
    assert.equal(answer.body.notification.attempts, 0);
    assert.equal(answer.body.notification.lastError, null);
    assert.ok(String(answer.body.notification.scheduledFor).startsWith('2026-03-04'), `due today: ${answer.body.notification.scheduledFor}`);
    const rows = await messagesOf(assignmentId);
    assert.deepEqual(rows.map((m) => [m.id, m.status, m.attempts, m.lastError]), [[queued!.id, 'pending', 0, null]]);
  });

  it('refuses the volunteer themselves with 403', async () => {
    const { volunteer, assignmentId } = await selfSignedUp();
    assert.equal((await server.post(`${V}/assignments/${assignmentId}/notify`, undefined, as(volunteer))).status, 403);
    assert.deepEqual(await assignmentMessagesOf(assignmentId), []);
  });
});

describe('GET /api/ministries/assignments/{id}/notifications', () => {
  it('lists the rows carrying the assignment, newest first', async () => {
    const { positionId, volunteer, assignmentId } = await pendingAssignment();
    const substitute = await newPerson(server);
    await qualify(server, positionId, substitute.id);
    await server.post(`/api/me/assignments/${assignmentId}/propose-substitute`, { personId: substitute.id }, as(volunteer));
    const answer = await server.get(`${V}/assignments/${assignmentId}/notifications`, as(coordinator));
    assert.equal(answer.status, 200);
    const ids = answer.body.notifications.map((n: { id: number }) => n.id);
    assert.deepEqual(ids, [...ids].sort((a: number, b: number) => b - a), 'newest first');
    assert.equal(answer.body.notifications.at(-1).type, 'assignment');
    assert.ok(answer.body.notifications.length >= 2);
    assert.ok(answer.body.notifications.every((n: { assignmentId: number }) => n.assignmentId === assignmentId));
  });

  it('refuses the volunteer themselves with 403 and answers 404 for an unknown assignment', async () => {
    const { volunteer, assignmentId } = await pendingAssignment();
    const answer = await server.get(`${V}/assignments/${assignmentId}/notifications`, as(volunteer));
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, 'Manage My Ministries access, with a ministry or team to manage, is required');
    assert.equal(answer.body.notifications, undefined);
    assert.equal((await server.get(`${V}/assignments/999999/notifications`, as(coordinator))).status, 404);
  });
});
