import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkIn, newAssignment, newPerson, newUser, otherEventTypeId, as, setAssignmentStatus, setUp, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
let ministryId: number;
let teamId: number;
let greeter: number;
let usher: number;
let occurrenceId: number;
let anna: number;
let ben: number;

const V = '/api/ministries';

setUp(async () => {
  const ministry = (await server.post(`${V}/ministries`, { name: 'Welcome' }, as(admin))).body;
  ministryId = ministry.ministry.id;
  teamId = (await server.get(`${V}/ministries/${ministryId}/teams`, as(admin))).body.teams[0].id;
  greeter = (await server.post(`${V}/ministries/${ministryId}/positions`, { name: 'Greeter', teamId }, as(admin))).body.position.id;
  usher = (await server.post(`${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId }, as(admin))).body.position.id;
  anna = (await newPerson(server, { first_name: 'Anna', last_name: 'Adams' })).id;
  ben = (await newPerson(server, { first_name: 'Ben', last_name: 'Brown' })).id;
  for (const personId of [anna, ben]) {
    await server.post(`${V}/positions/${greeter}/qualifications`, { personId }, as(admin));
    await server.post(`${V}/positions/${usher}/qualifications`, { personId }, as(admin));
  }
  const type = await otherEventTypeId(server, admin.apiKey);
  const event = (await server.post(`${V}/ministries/${ministryId}/events`, { title: 'Coffee', eventTypeId: type, date: '2026-03-10', startTime: '09:00', endTime: '10:00' }, as(admin))).body.events[0];
  const staffed = await server.post(`${V}/ministries/${ministryId}/staffed-events`, { eventId: event.id, teamId, requirements: [{ positionId: greeter, minCount: 2 }] }, as(admin));
  occurrenceId = staffed.body.occurrence.id;
  // Anna already ushers on this occurrence; Ben checked in at the event.
  await setAssignmentStatus(server, (await newAssignment(server, occurrenceId, usher, anna)).id, 'accepted');
  await newAssignment(server, occurrenceId, greeter, ben);
  await checkIn(server, [{ eventId: event.id, personId: ben, checkinAt: '2026-03-10 08:55:00' }]);
});

describe('GET /api/ministries/occurrences/{id}/staffing', () => {
  it('lists each need with its assignments and the assignments on positions without a need', async () => {
    const answer = await server.get(`${V}/occurrences/${occurrenceId}/staffing`, as(admin));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.ministryId, ministryId);
    assert.equal(answer.body.teamId, teamId);
    assert.equal(answer.body.attendanceAvailable, true);
    const [need] = answer.body.requirements;
    assert.equal(need.positionId, greeter);
    assert.equal(need.liveCount, 1);
    assert.equal(need.gapCount, 1);
    assert.deepEqual(need.assignments.map((a: { personId: number }) => a.personId), [ben]);
    assert.equal(need.assignments[0].attendance, 'checked_in');
    assert.deepEqual(answer.body.otherAssignments.map((a: { personId: number; positionName: string }) => [a.personId, a.positionName]), [[anna, 'Usher']]);
    assert.equal(answer.body.otherAssignments[0].attendance, 'not_checked_in');
  });

  it('is refused to a team leader of another team and answers 404 for an unknown occurrence', async () => {
    const otherTeam = (await server.post(`${V}/ministries/${ministryId}/teams`, { name: 'Parking' }, as(admin))).body.team.id;
    const leader = await newUser(server);
    await server.post(`${V}/scopes`, { personId: leader.personId, scopeType: 'team', scopeId: otherTeam }, as(admin));
    assert.equal((await server.get(`${V}/occurrences/${occurrenceId}/staffing`, as(leader))).status, 403);
    assert.equal((await server.get(`${V}/occurrences/999999/staffing`, as(admin))).status, 404);
  });
});

describe('GET /api/ministries/occurrences/{id}/eligible', () => {
  it('flags another position a person already holds on the occurrence', async () => {
    const answer = await server.get(`${V}/occurrences/${occurrenceId}/eligible`, { ...as(admin), query: { positionId: String(greeter) } });
    assert.equal(answer.status, 200);
    const byPerson = new Map(answer.body.people.map((p: { personId: number }) => [p.personId, p]));
    assert.deepEqual(byPerson.get(anna), {
      personId: anna, displayName: 'Anna Adams', inPool: true, lastServedDate: null, conflictPositionId: usher, conflictPositionName: 'Usher', blockedOut: false, blockout: null,
      // Her Usher assignment here counts as this month's one service; nobody asked for limits, family rules or credentials,
      // and another position on the same occurrence is no overlapping shift (I7): no marks.
      servingsThisMonth: 1, maxPerMonth: null, overPreference: false, outsidePreferredWeeks: false, householdTogetherWith: [], householdConflictWith: [], missingRequirements: [], marks: [],
      // What tells her from a namesake (issue 37 #2): no family, and her e-mail's first letters (person…@example.org).
      familyName: null, emailHint: 'pe…@',
    });
    assert.equal((byPerson.get(ben) as { conflictPositionId: number | null }).conflictPositionId, null);
  });

  it('answers 400 without a position and for a position outside the ministry', async () => {
    const missing = await server.get(`${V}/occurrences/${occurrenceId}/eligible`, as(admin));
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, 'A position is required');
    const elsewhere = (await server.post(`${V}/ministries`, { name: 'Elsewhere' }, as(admin))).body.ministry.id;
    const elsewhereTeam = (await server.get(`${V}/ministries/${elsewhere}/teams`, as(admin))).body.teams[0].id;
    const foreign = (await server.post(`${V}/ministries/${elsewhere}/positions`, { name: 'Cook', teamId: elsewhereTeam }, as(admin))).body.position.id;
    const outside = await server.get(`${V}/occurrences/${occurrenceId}/eligible`, { ...as(admin), query: { positionId: String(foreign) } });
    assert.equal(outside.status, 400);
    assert.equal(outside.body.message, 'Position not found');
  });
});
