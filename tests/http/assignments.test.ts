import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  answerAs, as, countRows, expectError, newMinistry, newPerson, newPosition, newStaffedEvent, newUser, qualify, setAssignmentStatus, unique, useMinistry, useServer,
  useUser, type Need, type TestUser,
} from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const ministry = useMinistry(server, { name: 'Welcome' });
const V = '/api/ministries';

/** A position of the ministry's team; its id. */
const positionOf = async (fields: Parameters<typeof newPosition>[3] = {}) => (await newPosition(server, ministry.id, ministry.teamId, fields)).id;

/** A Staff-this-event occurrence on 2026-03-10 09:00–10:00 with the given needs; its id. */
const occurrenceOf = async (needs: Need[]) => (await newStaffedEvent(server, ministry, needs)).occurrenceId;

/** Every assignment the occurrence's staffing page shows, on a planned position or not. */
async function assignmentsOn(occurrenceId: number): Promise<Array<{ id: number }>> {
  const answer = await server.get(`${V}/occurrences/${occurrenceId}/staffing`, as(admin));
  assert.equal(answer.status, 200, answer.text);
  return [...answer.body.requirements.flatMap((r: { assignments: unknown[] }) => r.assignments), ...answer.body.otherAssignments];
}

describe('POST /api/ministries/occurrences/{id}/assignments (E14)', () => {
  it('assigns a qualified pool member: 201, pending, coordinator source, resolved requirement, one assignment message', async () => {
    const position = await positionOf();
    const occurrenceId = await occurrenceOf([{ positionId: position, minCount: 1 }]);
    const person = await newPerson(server);
    await qualify(server, position, person.id);
    const answer = await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId: position, personId: person.id }, as(admin));
    assert.equal(answer.status, 201);
    assert.equal(answer.body.assignment.status, 'pending');
    assert.equal(answer.body.assignment.source, 'coordinator');
    assert.equal(answer.body.assignment.assignedByPersonId, admin.personId);
    assert.ok(answer.body.assignment.requirementId);
    const messages = await server.get(`${V}/assignments/${answer.body.assignment.id}/notifications`, as(admin));
    assert.deepEqual(messages.body.notifications.map((m: { type: string; dedupeKey: string }) => [m.type, m.dedupeKey]),
      [['assignment', `assignment:${answer.body.assignment.id}:${person.id}`]]);
  });

  it('checks I4, I5, I2, I3 and I1 in that order of meaning', async () => {
    const position = await positionOf();
    const occurrenceId = await occurrenceOf([{ positionId: position, minCount: 1 }]);
    const person = await newPerson(server);
    const assign = (body: Record<string, unknown>) => server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId: position, personId: person.id, ...body }, as(admin));

    const elsewhere = await newMinistry(server, { name: 'Elsewhere' });
    const foreign = (await newPosition(server, elsewhere.id, elsewhere.teamId, { name: 'Cook' })).id;
    expectError(await assign({ positionId: foreign }), 400, "The position does not belong to this occurrence's ministry");

    expectError(await assign({}), 403, 'This person is not qualified for that position');
    await server.post(`${V}/positions/${position}/qualifications`, { personId: person.id }, as(admin));
    await server.delete(`${V}/ministries/${ministry.id}/pool/${person.id}`, as(admin));
    expectError(await assign({}), 409, "This person is not in the ministry's volunteer pool; pass allowOutsidePool to assign them anyway");
    assert.equal((await assign({ allowOutsidePool: true })).status, 201, 'allowOutsidePool lifts I3');
    expectError(await assign({ allowOutsidePool: true }), 409, 'This person already holds that position on this occurrence');

    await server.post(`${V}/occurrences/${occurrenceId}/status`, { status: 'cancelled' }, as(admin));
    expectError(await assign({ positionId: foreign }), 400, "The position does not belong to this occurrence's ministry");
    const other = await newPerson(server);
    await qualify(server, position, other.id);
    const cancelled = await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId: position, personId: other.id }, as(admin));
    expectError(cancelled, 409, 'This occurrence is cancelled or already over');
  });

  it('answers 404 for an unknown position or person', async () => {
    const position = await positionOf();
    const occurrenceId = await occurrenceOf([{ positionId: position, minCount: 1 }]);
    assert.equal((await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId: 999999, personId: admin.personId }, as(admin))).status, 404);
    assert.equal((await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId: position, personId: 999999 }, as(admin))).status, 404);
  });

  it('re-uses a declined row (I8) and allows another position on the same occurrence (I7)', async () => {
    const greeter = await positionOf();
    const usher = await positionOf();
    const occurrenceId = await occurrenceOf([{ positionId: greeter, minCount: 1 }, { positionId: usher, minCount: 1 }]);
    const person = await newPerson(server);
    await qualify(server, greeter, person.id);
    await qualify(server, usher, person.id);
    const first = await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId: greeter, personId: person.id }, as(admin));
    await setAssignmentStatus(server, first.body.assignment.id, 'declined');
    const again = await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId: greeter, personId: person.id }, as(admin));
    assert.equal(again.status, 201);
    assert.equal(again.body.assignment.id, first.body.assignment.id, 'the same row');
    assert.equal(again.body.assignment.status, 'pending');
    const second = await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId: usher, personId: person.id }, as(admin));
    assert.equal(second.status, 201, 'I7');
    assert.equal((await assignmentsOn(occurrenceId)).length, 2);
  });

  it('creates one row when 20 assigns of one person race', async () => {
    const position = await positionOf();
    const occurrenceId = await occurrenceOf([{ positionId: position, minCount: 1, maxCount: 20 }]);
    const person = await newPerson(server);
    await qualify(server, position, person.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () =>
      server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId: position, personId: person.id }, as(admin))));
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, ...Array(19).fill(409)]);
    assert.equal((await assignmentsOn(occurrenceId)).length, 1);
  });
});

describe('POST /api/me/signup (E11)', () => {
  it('signs the caller up, accepted and self_signup, on both paths, ignoring a personId in the body', async () => {
    const position = await positionOf();
    const occurrenceId = await occurrenceOf([{ positionId: position, minCount: 1, maxCount: 2 }]);
    const volunteer = await newUser(server);
    const other = await newPerson(server);
    await qualify(server, position, volunteer.personId);
    const answer = await server.post('/api/me/signup', { occurrenceId, positionId: position, personId: other.id }, as(volunteer));
    assert.equal(answer.status, 201);
    assert.equal(answer.body.assignment.personId, volunteer.personId);
    assert.equal(answer.body.assignment.status, 'accepted');
    assert.equal(answer.body.assignment.source, 'self_signup');
    assert.equal(answer.body.assignment.canRespond, true);
    assert.equal(await countRows(server, 'notifications', { type: 'signup_confirm', person_id: volunteer.personId }), 1);
    const second = await newUser(server);
    await qualify(server, position, second.personId);
    assert.equal((await server.post(`${V}/me/signup`, { occurrenceId, positionId: position }, as(second))).status, 201);
  });

  it('refuses the unqualified (403), a position not open for sign-up (403) and a position of another team (400)', async () => {
    const open = await positionOf();
    const closed = await positionOf({ selfAssignable: false });
    const occurrenceId = await occurrenceOf([{ positionId: open, minCount: 1 }, { positionId: closed, minCount: 1 }]);
    const volunteer = await newUser(server);
    expectError(await server.post('/api/me/signup', { occurrenceId, positionId: open }, as(volunteer)), 403, 'You are not qualified for this position');
    await qualify(server, closed, volunteer.personId);
    expectError(await server.post('/api/me/signup', { occurrenceId, positionId: closed }, as(volunteer)), 403,
      'This position is not open for sign-up; ask a team leader or coordinator to add you');
    const otherTeam = (await server.post(`${V}/ministries/${ministry.id}/teams`, { name: unique('Parking') }, as(admin))).body.team.id;
    const parking = (await server.post(`${V}/ministries/${ministry.id}/positions`, { name: 'Attendant', teamId: otherTeam }, as(admin))).body.position.id;
    await qualify(server, parking, volunteer.personId);
    expectError(await server.post('/api/me/signup', { occurrenceId, positionId: parking }, as(volunteer)), 400, "The position is not one of this occurrence's team");
  });

  it('answers 409 at MaxCount, without a requirement, when already holding, when cancelled and when over, each saying which', async () => {
    const FULL = 'This position is already full on this occurrence';
    const CLOSED = 'This occurrence is cancelled or already over';
    const position = await positionOf();
    const unplanned = await positionOf();
    const occurrenceId = await occurrenceOf([{ positionId: position, minCount: 1, maxCount: 2 }]);
    const [first, second, third] = [await newUser(server), await newUser(server), await newUser(server)];
    for (const user of [first, second, third]) {
      await qualify(server, position, user.personId);
      await qualify(server, unplanned, user.personId);
    }
    const signUp = (user: TestUser, occurrence: number, positionId: number) => server.post('/api/me/signup', { occurrenceId: occurrence, positionId }, as(user));
    expectError(await signUp(first, occurrenceId, unplanned), 409, FULL);
    assert.equal((await signUp(first, occurrenceId, position)).status, 201);
    // A place is still open, so only the person's own row refuses it.
    expectError(await signUp(first, occurrenceId, position), 409, 'You already hold this position on this occurrence');
    assert.equal((await signUp(second, occurrenceId, position)).status, 201);
    expectError(await signUp(third, occurrenceId, position), 409, FULL);

    const later = await occurrenceOf([{ positionId: position, minCount: 1, maxCount: 5 }]);
    await server.post(`${V}/occurrences/${later}/status`, { status: 'cancelled' }, as(admin));
    expectError(await signUp(second, later, position), 409, CLOSED);
    await server.post(`${V}/occurrences/${later}/status`, { status: 'scheduled' }, as(admin));
    server.clock.set('2026-03-10T16:00:00Z');
    try {
      expectError(await signUp(second, later, position), 409, CLOSED);
    } finally {
      server.clock.set('2026-03-04T15:00:00Z');
    }
  });

  it('re-uses a declined row, accepted and self_signup, without a second confirmation', async () => {
    const position = await positionOf();
    const occurrenceId = await occurrenceOf([{ positionId: position, minCount: 1, maxCount: 2 }]);
    const volunteer = await newUser(server);
    await qualify(server, position, volunteer.personId);
    const first = await server.post('/api/me/signup', { occurrenceId, positionId: position }, as(volunteer));
    await answerAs(server, volunteer, first.body.assignment.id, 'declined');
    const again = await server.post('/api/me/signup', { occurrenceId, positionId: position }, as(volunteer));
    assert.equal(again.status, 201);
    assert.equal(again.body.assignment.id, first.body.assignment.id);
    assert.equal(await countRows(server, 'notifications', { type: 'signup_confirm', assignment_id: first.body.assignment.id }), 1);
  });

  it('never passes MaxCount when 50 volunteers race for 3 places', async () => {
    const position = await positionOf();
    const occurrenceId = await occurrenceOf([{ positionId: position, minCount: 1, maxCount: 3 }]);
    const volunteers: TestUser[] = [];
    for (let i = 0; i < 50; i++) {
      const volunteer = await newUser(server);
      await qualify(server, position, volunteer.personId);
      volunteers.push(volunteer);
    }
    const answers = await Promise.all(volunteers.map((v) => server.post('/api/me/signup', { occurrenceId, positionId: position }, as(v))));
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 201).length, 3);
    assert.equal(statuses.filter((s) => s === 409).length, 47);
    assert.equal(await countRows(server, 'assignments', { occurrence_id: occurrenceId, status: ['pending', 'accepted'] }), 3);
  });
});
