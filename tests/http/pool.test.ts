import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DomainEvent } from '../../src/domain/domain-events.js';
import {
  as, atTime, countRows, deliverOutbox, detachPoolGroup, editSchedule, expectError, grantScope, newAssignment,
  newCoordinator, newMinistry, newPerson, newPosition, newSchedule, newTeam, newTeamLeader, newUser, qualify,
  refuseDefaultDeletesOf, storedRows, useOtherEventType, useServer, useUser, type TestUser, type Decision,
  assignmentPage, occurrencesByEvent,
} from '../kit/index.js';

// The test clock stands at 2026-03-04 10:00:00 wall-clock (America/New_York).

const server = useServer();
const admin = useUser(server, ['admin']);

const otherType = useOtherEventType(server);
const M = '/api/ministries';

let sequence = 0;

/** Adds over the route: 201 for a new pool member, 200 for one already in the pool (contract §18). */
async function addToPool(ministryId: number, personId: number, status: 200 | 201 = 201) {
  const answer = await server.post(`${M}/ministries/${ministryId}/pool/${personId}`, undefined, as(admin));
  assert.equal(answer.status, status, JSON.stringify(answer.body));
}

async function newEvent(ministryId: number, title: string, start: string, end: string): Promise<number> {
  const answer = await server.post('/api/events', { Title: title, Type: otherType.id, Start: start, End: end, PinnedCalendars: [], MinistryId: ministryId }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.eventId;
}

const detailOf = (assignmentId: number) => assignmentPage(server, admin, assignmentId);

const statusOf = async (assignmentId: number) => (await detailOf(assignmentId)).assignment.status;

async function responsesOf(assignmentId: number) {
  return (await detailOf(assignmentId)).responses.map(({ response, channel, personId, responseDate }) => ({ response, channel, personId, responseDate }));
}

async function messagesOf(assignmentId: number) {
  return (await detailOf(assignmentId)).notifications.map(({ type, status }) => [type, status]);
}

/** Who the schedule's staffing needs name as defaults, need by need, from its requirements route. */
async function defaultsOf(scheduleId: number): Promise<number[][]> {
  const answer = await server.get(`${M}/schedules/${scheduleId}/requirements`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.requirements.map((r: { defaults: Array<{ personId: number }> }) => r.defaults.map((d) => d.personId));
}

async function qualificationActive(id: number): Promise<boolean> {
  const [row] = await storedRows(server, 'qualifications', { id });
  assert.ok(row, `qualification ${id} is kept`);
  return row.active;
}

const isMember = async (groupId: number, personId: number) => (await countRows(server, 'group_members', { group_id: groupId, person_id: personId })) === 1;

async function poolIds(ministryId: number): Promise<number[]> {
  const answer = await server.get(`${M}/ministries/${ministryId}/pool`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.members.map((m: { personId: number }) => m.personId);
}

/** Group-membership events for one group published while `work` runs. */
async function membershipEventsDuring(groupId: number, work: () => Promise<void>) {
  const events: Array<{ type: string; personId: number }> = [];
  const stop = server.app.services.publisher.subscribe((event: DomainEvent) => {
    const e = event as { type: string; groupId?: number; personId?: number };
    if ((e.type === 'group-member-added' || e.type === 'group-member-removed') && e.groupId === groupId) events.push({ type: e.type, personId: e.personId! });
  });
  try {
    await work();
  } finally {
    stop();
  }
  return events;
}

const emptyCart = (user: TestUser) => server.delete('/api/cart/', { key: user.apiKey });

describe('GET /api/ministries/ministries/{id}/pool', () => {
  it('lists the pool members alphabetically ignoring case, each as a poolPerson with qualifications on active positions', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const retired = (await newPosition(server, ministry.id, ministry.teamId, { active: false })).id;
    const carl = await newPerson(server, { first_name: 'Carl', last_name: 'Zee' });
    const bea = await newPerson(server, { first_name: 'bea', last_name: 'Young' });
    const abe = await newPerson(server, { first_name: 'Abe', last_name: 'Xu' });
    await addToPool(ministry.id, carl.id);
    await addToPool(ministry.id, bea.id);
    const qualificationId = (await qualify(server, position, abe.id)).id; // granting adds Abe to the pool
    await qualify(server, retired, bea.id);

    const answer = await server.get(`${M}/ministries/${ministry.id}/pool`, as(admin));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.groupId, ministry.poolGroupId);
    assert.equal(typeof answer.body.groupName, 'string');
    assert.deepEqual(answer.body.members, [
      { personId: abe.id, displayName: 'Abe Xu', familyName: null, emailHint: 'pe…@', groupIds: [ministry.poolGroupId], inPool: true, qualifications: [position], qualificationIds: { [position]: qualificationId } },
      { personId: bea.id, displayName: 'bea Young', familyName: null, emailHint: 'pe…@', groupIds: [ministry.poolGroupId], inPool: true, qualifications: [], qualificationIds: {} },
      { personId: carl.id, displayName: 'Carl Zee', familyName: null, emailHint: 'pe…@', groupIds: [ministry.poolGroupId], inPool: true, qualifications: [], qualificationIds: {} },
    ]);
    assert.match(answer.text, /"qualificationIds":\{\}/, 'an empty qualificationIds is an object on the wire');
  });

  it('leaves out people who are qualified but no longer in the pool', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const person = await newPerson(server);
    await qualify(server, position, person.id);
    assert.equal((await server.delete(`${M}/ministries/${ministry.id}/pool/${person.id}`, as(admin))).status, 200);
    assert.deepEqual(await poolIds(ministry.id), []);
  });

  it('answers 404 for an unknown ministry and when the ministry has no pool Group', async () => {
    expectError(await server.get(`${M}/ministries/999999/pool`, as(admin)), 404, 'Ministry not found');
    const ministry = await newMinistry(server);
    await detachPoolGroup(server, ministry.id);
    const answer = await server.get(`${M}/ministries/${ministry.id}/pool`, as(admin));
    expectError(answer, 404, 'This ministry has no volunteer pool Group');
  });

  it('is open to the coordinator of the ministry and refused to a coordinator of another ministry and to a team leader', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    assert.equal((await server.get(`${M}/ministries/${ministry.id}/pool`, { key: (await newCoordinator(server, ministry.id)).apiKey })).status, 200);
    expectError(await server.get(`${M}/ministries/${ministry.id}/pool`, { key: (await newCoordinator(server, other.id)).apiKey }), 403, 'Not authorized for this ministry');
    expectError(await server.get(`${M}/ministries/${ministry.id}/pool`, { key: (await newTeamLeader(server, ministry.teamId)).apiKey }), 403, 'Not authorized for this ministry');
  });
});

describe('POST /api/ministries/ministries/{id}/pool/{personId}', () => {
  it('answers 201 {personId, added:true}, adds the person with the Group default role and fires group-member-added once', async () => {
    const ministry = await newMinistry(server);
    const person = await newPerson(server);
    let answer: any;
    const events = await membershipEventsDuring(ministry.poolGroupId, async () => {
      answer = await server.post(`${M}/ministries/${ministry.id}/pool/${person.id}`, undefined, as(admin));
    });
    assert.equal(answer.status, 201);
    assert.deepEqual(answer.body, { personId: person.id, added: true });
    assert.deepEqual(events, [{ type: 'group-member-added', personId: person.id }]);
    const [membership] = await storedRows(server, 'group_members', { group_id: ministry.poolGroupId, person_id: person.id });
    const [pool] = await storedRows(server, 'groups', { id: ministry.poolGroupId });
    assert.equal(membership.role_id, pool.default_role_id);
    assert.deepEqual(await poolIds(ministry.id), [person.id]);
  });

  it('answers 200 {personId, added:false} for someone already in the pool and fires nothing', async () => {
    const ministry = await newMinistry(server);
    const person = await newPerson(server);
    await addToPool(ministry.id, person.id);
    let answer: any;
    const events = await membershipEventsDuring(ministry.poolGroupId, async () => {
      answer = await server.post(`${M}/ministries/${ministry.id}/pool/${person.id}`, undefined, as(admin));
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { personId: person.id, added: false });
    assert.deepEqual(events, []);
    assert.deepEqual(await poolIds(ministry.id), [person.id]);
  });

  it('lets a coordinator without the manageGroups flag add to the pool', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const person = await newPerson(server);
    const answer = await server.post(`${M}/ministries/${ministry.id}/pool/${person.id}`, undefined, { key: coordinator.apiKey });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.ok((await poolIds(ministry.id)).includes(person.id));
  });

  it('answers 404 Person not found for an unknown person and 404 Ministry not found for an unknown ministry', async () => {
    const ministry = await newMinistry(server);
    expectError(await server.post(`${M}/ministries/${ministry.id}/pool/999999`, undefined, as(admin)), 404, 'Person not found');
    const person = await newPerson(server);
    expectError(await server.post(`${M}/ministries/999999/pool/${person.id}`, undefined, as(admin)), 404, 'Ministry not found');
  });

  it('refuses a team leader of the ministry with 403 and adds nobody', async () => {
    const ministry = await newMinistry(server);
    const leader = await newTeamLeader(server, ministry.teamId);
    const person = await newPerson(server);
    expectError(await server.post(`${M}/ministries/${ministry.id}/pool/${person.id}`, undefined, { key: leader.apiKey }), 403, 'Not authorized for this ministry');
    assert.equal(await isMember(ministry.poolGroupId, person.id), false);
  });
});

describe('DELETE /api/ministries/ministries/{id}/pool/{personId}', () => {
  it('takes the person out of the pool, fires group-member-removed and keeps their qualifications', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const person = await newPerson(server);
    const qualificationId = (await qualify(server, position, person.id)).id;
    let answer: any;
    const events = await membershipEventsDuring(ministry.poolGroupId, async () => {
      answer = await server.delete(`${M}/ministries/${ministry.id}/pool/${person.id}`, as(admin));
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
    assert.deepEqual(events, [{ type: 'group-member-removed', personId: person.id }]);
    assert.deepEqual(await poolIds(ministry.id), []);
    assert.equal(await qualificationActive(qualificationId), true);
    const listed = await server.get(`${M}/positions/${position}/qualifications`, { ...as(admin), query: { active: '1' } });
    assert.deepEqual(listed.body.qualifications.map((q: { personId: number }) => q.personId), [person.id]);
  });

  it('answers 404 That person is not in this volunteer pool for a non-member', async () => {
    const ministry = await newMinistry(server);
    const person = await newPerson(server);
    expectError(await server.delete(`${M}/ministries/${ministry.id}/pool/${person.id}`, as(admin)), 404, 'That person is not in this volunteer pool');
  });
});

describe('POST /api/ministries/ministries/{id}/pool/from-cart (E18)', () => {
  it('answers 400 when the caller\'s cart is empty', async () => {
    const ministry = await newMinistry(server);
    await emptyCart(admin);
    expectError(await server.post(`${M}/ministries/${ministry.id}/pool/from-cart`, undefined, as(admin)), 400, 'Add people to the cart before adding them as volunteers');
  });

  it('adds everyone in the cart, counts existing members, keeps the cart, grants no qualification and fires group-member-added per person added', async () => {
    const ministry = await newMinistry(server);
    const [a, b, c] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    await addToPool(ministry.id, c.id);
    const user = await newUser(server, { roles: ['manageMinistries'] });
    assert.equal((await server.post('/api/cart/', { Persons: [a.id, b.id, c.id] }, { key: user.apiKey })).status, 200);

    let answer: any;
    const events = await membershipEventsDuring(ministry.poolGroupId, async () => {
      answer = await server.post(`${M}/ministries/${ministry.id}/pool/from-cart`, undefined, { key: user.apiKey });
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { added: 2, alreadyMembers: 1 });
    assert.deepEqual(events.sort((x, y) => x.personId - y.personId), [
      { type: 'group-member-added', personId: a.id },
      { type: 'group-member-added', personId: b.id },
    ]);
    assert.deepEqual((await poolIds(ministry.id)).sort((x, y) => x - y), [a.id, b.id, c.id].sort((x, y) => x - y));
    const cart = await server.get('/api/cart/', { key: user.apiKey });
    assert.deepEqual([...cart.body.PeopleCart].sort((x: number, y: number) => x - y), [a.id, b.id, c.id].sort((x, y) => x - y));
    assert.equal(await countRows(server, 'qualifications', { person_id: [a.id, b.id, c.id] }), 0);
  });

  it('answers {added:0, alreadyMembers:n} on a repeat and fires nothing', async () => {
    const ministry = await newMinistry(server);
    const [a, b] = [await newPerson(server), await newPerson(server)];
    const user = await newUser(server, { roles: ['manageMinistries'] });
    await server.post('/api/cart/', { Persons: [a.id, b.id] }, { key: user.apiKey });
    assert.deepEqual((await server.post(`${M}/ministries/${ministry.id}/pool/from-cart`, undefined, { key: user.apiKey })).body, { added: 2, alreadyMembers: 0 });
    let answer: any;
    const events = await membershipEventsDuring(ministry.poolGroupId, async () => {
      answer = await server.post(`${M}/ministries/${ministry.id}/pool/from-cart`, undefined, { key: user.apiKey });
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { added: 0, alreadyMembers: 2 });
    assert.deepEqual(events, []);
  });

  it('uses the caller\'s own cart, not another user\'s', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const person = await newPerson(server);
    await server.post('/api/cart/', { Persons: [person.id] }, as(admin));
    expectError(await server.post(`${M}/ministries/${ministry.id}/pool/from-cart`, undefined, { key: coordinator.apiKey }), 400, 'Add people to the cart before adding them as volunteers');
    await server.post('/api/cart/', { Persons: [person.id] }, { key: coordinator.apiKey });
    const answer = await server.post(`${M}/ministries/${ministry.id}/pool/from-cart`, undefined, { key: coordinator.apiKey });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { added: 1, alreadyMembers: 0 });
    await emptyCart(admin);
  });

  it('answers 404 for an unknown ministry and 403 to a team leader', async () => {
    const user = await newUser(server, { roles: ['manageMinistries'] });
    const person = await newPerson(server);
    await server.post('/api/cart/', { Persons: [person.id] }, { key: user.apiKey });
    expectError(await server.post(`${M}/ministries/999999/pool/from-cart`, undefined, { key: user.apiKey }), 404, 'Ministry not found');
    const ministry = await newMinistry(server);
    const leader = await newUser(server, { roles: ['editRecords'] });
    await grantScope(server, leader.personId, 'team', ministry.teamId);
    await server.post('/api/cart/', { Persons: [person.id] }, { key: leader.apiKey });
    expectError(await server.post(`${M}/ministries/${ministry.id}/pool/from-cart`, undefined, { key: leader.apiKey }), 403, 'Not authorized for this ministry');
    assert.equal(await isMember(ministry.poolGroupId, person.id), false);
  });
});

describe('DELETE /api/ministries/ministries/{id}/volunteers/{personId} (E19)', () => {
  /**
   * A person serving in ministry `home` (two teams) and in ministry `away`, with upcoming, borderline and past
   * assignments, outbox rows and schedule defaults.
   */
  async function servingVolunteer() {
    const home = await newMinistry(server);
    const away = await newMinistry(server);
    const secondTeam = (await newTeam(server, home.id)).id;
    const usher = (await newPosition(server, home.id, home.teamId)).id;
    const greeter = (await newPosition(server, home.id, secondTeam)).id;
    const awayPosition = (await newPosition(server, away.id, away.teamId)).id;
    const person = await newPerson(server);
    const colleague = await newPerson(server);
    const usherQualification = (await qualify(server, usher, person.id)).id;
    const greeterQualification = (await qualify(server, greeter, person.id)).id;
    const awayQualification = (await qualify(server, awayPosition, person.id)).id;
    const colleagueQualification = (await qualify(server, usher, colleague.id)).id;

    const [sundays, mornings, awaySundays] = [`Sunday ${++sequence}`, `Morning ${sequence}`, `Away ${sequence}`];
    const nextSunday = await newEvent(home.id, sundays, '2026-03-08 09:00:00', '2026-03-08 11:00:00');
    const followingSunday = await newEvent(home.id, sundays, '2026-03-15 09:00:00', '2026-03-15 11:00:00');
    const lastSunday = await newEvent(home.id, sundays, '2026-03-01 09:00:00', '2026-03-01 11:00:00');
    // Ends 09:30 + 30 min = 10:00:00, exactly now: still to come.
    const endingNow = await newEvent(home.id, mornings, '2026-03-04 08:00:00', '2026-03-04 09:30:00');
    // Ends 09:00 + 30 min = 09:30, before now: over.
    const endedThisMorning = await newEvent(home.id, mornings, '2026-03-04 07:00:00', '2026-03-04 09:00:00');
    const awaySunday = await newEvent(away.id, awaySundays, '2026-03-08 09:00:00', '2026-03-08 11:00:00');

    // Schedules and assignments are made on 2026-02-28, when the services still take every one of these shifts.
    const early = <T>(work: () => Promise<T>) => atTime(server, '2026-02-28T15:00:00Z', work);
    const follow = (ministryId: number, teamId: number, titleFilter: string, fields: Parameters<typeof newSchedule>[2] = {}) =>
      early(async () => (await newSchedule(server, { id: ministryId, teamId }, { linkMode: 'ministry', titleFilter, windowStart: '2026-02-01', ...fields })).schedule.id);
    const schedules = {
      home: await follow(home.id, home.teamId, sundays, { requirements: [{ positionId: usher, minCount: 1, maxCount: 2 }] }),
      offset: await follow(home.id, secondTeam, mornings, { endOffsetMinutes: 30 }),
      inactive: await follow(home.id, home.teamId, sundays, { active: false, requirements: [{ positionId: usher, minCount: 1, defaults: [{ personId: person.id }] }] }),
      away: await follow(away.id, away.teamId, awaySundays, { requirements: [{ positionId: awayPosition, minCount: 1 }] }),
    };
    const occurrenceOf = async (scheduleId: number, eventId: number) => (await occurrencesByEvent(server, admin, scheduleId)).get(eventId)!;
    const assign = async (scheduleId: number, eventId: number, positionId: number, personId: number, status: 'pending' | Decision) => {
      const occurrenceId = await occurrenceOf(scheduleId, eventId);
      return (await early(() => newAssignment(server, occurrenceId, positionId, personId, { status }))).id;
    };
    // The accepted assignment's message goes out before the others are queued: a sent row among pending ones.
    const accepted = await assign(schedules.home, followingSunday, usher, person.id, 'accepted');
    await early(() => deliverOutbox(server));
    const assignments = {
      pending: await assign(schedules.home, nextSunday, usher, person.id, 'pending'),
      accepted,
      endingNow: await assign(schedules.offset, endingNow, greeter, person.id, 'accepted'),
      declined: await assign(schedules.home, followingSunday, greeter, person.id, 'declined'),
      past: await assign(schedules.home, lastSunday, usher, person.id, 'accepted'),
      endedThisMorning: await assign(schedules.offset, endedThisMorning, greeter, person.id, 'pending'),
      away: await assign(schedules.away, awaySunday, awayPosition, person.id, 'pending'),
      colleague: await assign(schedules.home, nextSunday, usher, colleague.id, 'pending'),
    };
    await editSchedule(server, schedules.home, { requirements: [{ positionId: usher, minCount: 1, maxCount: 2, defaults: [{ personId: person.id }, { personId: colleague.id }] }] });
    await editSchedule(server, schedules.away, { requirements: [{ positionId: awayPosition, minCount: 1, defaults: [{ personId: person.id }] }] });
    return {
      home, away, person, colleague, assignments, schedules,
      qualifications: { usher: usherQualification, greeter: greeterQualification, away: awayQualification, colleague: colleagueQualification },
    };
  }

  it('revokes, cancels upcoming assignments through the ordinary cancel path, leaves the pool and clears defaults in one answer', async () => {
    const v = await servingVolunteer();
    const earlier = new Map<number, Awaited<ReturnType<typeof responsesOf>>>();
    for (const id of Object.values(v.assignments)) earlier.set(id, await responsesOf(id));
    let answer: any;
    const events = await membershipEventsDuring(v.home.poolGroupId, async () => {
      answer = await server.delete(`${M}/ministries/${v.home.id}/volunteers/${v.person.id}`, as(admin));
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { personId: v.person.id, qualifications: 2, assignments: 3, removedFromPool: true, defaults: 2 });
    assert.deepEqual(events, [{ type: 'group-member-removed', personId: v.person.id }]);

    // Qualifications: the ministry's are revoked (kept as rows), other people's and other ministries' stay.
    assert.equal(await qualificationActive(v.qualifications.usher), false);
    assert.equal(await qualificationActive(v.qualifications.greeter), false);
    assert.equal(await qualificationActive(v.qualifications.away), true);
    assert.equal(await qualificationActive(v.qualifications.colleague), true);

    // Live assignments on still-to-come occurrences are cancelled, with a cancelled response by the caller.
    for (const id of [v.assignments.pending, v.assignments.accepted, v.assignments.endingNow]) {
      assert.equal(await statusOf(id), 'cancelled', `assignment ${id}`);
      assert.deepEqual(await responsesOf(id), [
        ...earlier.get(id)!, { response: 'cancelled', channel: 'coordinator', personId: admin.personId, responseDate: '2026-03-04 10:00:00' },
      ]);
    }
    // Past, not live, other ministries and other people are left alone.
    assert.equal(await statusOf(v.assignments.past), 'accepted');
    assert.equal(await statusOf(v.assignments.endedThisMorning), 'pending');
    assert.equal(await statusOf(v.assignments.declined), 'declined');
    assert.equal(await statusOf(v.assignments.away), 'pending');
    assert.equal(await statusOf(v.assignments.colleague), 'pending');
    for (const id of [v.assignments.past, v.assignments.endedThisMorning, v.assignments.declined, v.assignments.away, v.assignments.colleague]) {
      assert.deepEqual(await responsesOf(id), earlier.get(id), `assignment ${id} gets no response row`);
    }

    // Pending outbox rows of the cancelled assignments become cancelled; sent rows and other assignments' rows stay.
    assert.deepEqual(await messagesOf(v.assignments.pending), [['assignment', 'cancelled']]);
    assert.deepEqual(await messagesOf(v.assignments.endingNow), [['assignment', 'cancelled']]);
    assert.deepEqual(await messagesOf(v.assignments.accepted), [['assignment', 'sent']]);
    assert.deepEqual(await messagesOf(v.assignments.past), [['assignment', 'pending']]);
    assert.deepEqual(await messagesOf(v.assignments.away), [['assignment', 'pending']]);

    // Pool: out of this ministry's, still in the other ministry's.
    assert.equal(await isMember(v.home.poolGroupId, v.person.id), false);
    assert.equal(await isMember(v.away.poolGroupId, v.person.id), true);

    // Defaults of this ministry naming the person go, on active and inactive schedules; the staffing needs stay.
    assert.deepEqual(await defaultsOf(v.schedules.home), [[v.colleague.id]]);
    assert.deepEqual(await defaultsOf(v.schedules.inactive), [[]]);
    assert.deepEqual(await defaultsOf(v.schedules.away), [[v.person.id]]);
  });

  it('answers zeros and removedFromPool:false on a repeat, and appends no response rows', async () => {
    const v = await servingVolunteer();
    assert.equal((await server.delete(`${M}/ministries/${v.home.id}/volunteers/${v.person.id}`, as(admin))).status, 200);
    let answer: any;
    const events = await membershipEventsDuring(v.home.poolGroupId, async () => {
      answer = await server.delete(`${M}/ministries/${v.home.id}/volunteers/${v.person.id}`, as(admin));
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { personId: v.person.id, qualifications: 0, assignments: 0, removedFromPool: false, defaults: 0 });
    assert.deepEqual(events, []);
    assert.equal((await responsesOf(v.assignments.pending)).length, 1);
  });

  it('revokes the qualifications of someone qualified but not in the pool and reports removedFromPool:false', async () => {
    const ministry = await newMinistry(server);
    const position = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const person = await newPerson(server);
    const qualificationId = (await qualify(server, position, person.id)).id;
    await server.delete(`${M}/ministries/${ministry.id}/pool/${person.id}`, as(admin));
    const answer = await server.delete(`${M}/ministries/${ministry.id}/volunteers/${person.id}`, as(admin));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { personId: person.id, qualifications: 1, assignments: 0, removedFromPool: false, defaults: 0 });
    assert.equal(await qualificationActive(qualificationId), false);
  });

  it('is open to the coordinator of the ministry, who is recorded as the author of the cancellation', async () => {
    const v = await servingVolunteer();
    const coordinator = await newCoordinator(server, v.home.id);
    const answer = await server.delete(`${M}/ministries/${v.home.id}/volunteers/${v.person.id}`, { key: coordinator.apiKey });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.assignments, 3);
    assert.equal((await responsesOf(v.assignments.pending))[0]!.personId, coordinator.personId);
  });

  it('refuses a team leader of the ministry with 403 and changes nothing', async () => {
    const v = await servingVolunteer();
    const leader = await newTeamLeader(server, v.home.teamId);
    expectError(await server.delete(`${M}/ministries/${v.home.id}/volunteers/${v.person.id}`, { key: leader.apiKey }), 403, 'Not authorized for this ministry');
    assert.equal(await qualificationActive(v.qualifications.usher), true);
    assert.equal(await statusOf(v.assignments.pending), 'pending');
    assert.equal(await isMember(v.home.poolGroupId, v.person.id), true);
    assert.deepEqual(await defaultsOf(v.schedules.home), [[v.person.id, v.colleague.id]]);
  });

  it('ends the class Teacher role the revoked qualifications gave on a team linked to a class', async () => {
    const created = await server.post(`${M}/ministries`, { name: `Sunday School ${++sequence}`, sundaySchool: true }, as(admin));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const ministryId = created.body.ministry.id;
    const classGroup = await server.post('/api/groups/', { groupName: `Grade ${++sequence}`, isSundaySchool: true }, as(admin));
    assert.equal(classGroup.status, 200, JSON.stringify(classGroup.body));
    const team = await server.post(`${M}/ministries/${ministryId}/teams`, { name: `Grade team ${sequence}`, classGroupId: classGroup.body.Id }, as(admin));
    assert.equal(team.status, 201, JSON.stringify(team.body));
    const position = (await newPosition(server, ministryId, team.body.team.id)).id;
    const person = await newPerson(server);
    await qualify(server, position, person.id);
    assert.equal(await isMember(classGroup.body.Id, person.id), true, 'the qualification made them a teacher');

    const answer = await server.delete(`${M}/ministries/${ministryId}/volunteers/${person.id}`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.qualifications, 1);
    assert.equal(await isMember(classGroup.body.Id, person.id), false);
  });

  it('answers 404 for an unknown person and for an unknown ministry', async () => {
    const ministry = await newMinistry(server);
    expectError(await server.delete(`${M}/ministries/${ministry.id}/volunteers/999999`, as(admin)), 404, 'Person not found');
    const person = await newPerson(server);
    expectError(await server.delete(`${M}/ministries/999999/volunteers/${person.id}`, as(admin)), 404, 'Ministry not found');
  });

  it('changes nothing when one of its steps fails (one transaction)', async () => {
    const v = await servingVolunteer();
    const allowDeletes = await refuseDefaultDeletesOf(server, v.person.id);
    try {
      const answer = await server.delete(`${M}/ministries/${v.home.id}/volunteers/${v.person.id}`, as(admin));
      assert.equal(answer.status, 500, JSON.stringify(answer.body));
    } finally {
      await allowDeletes();
    }
    assert.equal(await qualificationActive(v.qualifications.usher), true);
    assert.equal(await statusOf(v.assignments.pending), 'pending');
    assert.deepEqual(await responsesOf(v.assignments.pending), []);
    assert.deepEqual(await messagesOf(v.assignments.pending), [['assignment', 'pending']]);
    assert.equal(await isMember(v.home.poolGroupId, v.person.id), true);
    assert.deepEqual(await defaultsOf(v.schedules.home), [[v.person.id, v.colleague.id]]);
  });
});

describe('GET /api/ministries/ministries/{id}/members and /teams/{teamId}/members', () => {
  async function crew() {
    const ministry = await newMinistry(server);
    const teamB = (await newTeam(server, ministry.id)).id;
    const positionA = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const positionB = (await newPosition(server, ministry.id, teamB)).id;
    const retiredA = (await newPosition(server, ministry.id, ministry.teamId, { active: false })).id;
    const elsewhere = await newMinistry(server);
    const elsewherePosition = (await newPosition(server, elsewhere.id, elsewhere.teamId)).id;
    const poolOnly = await newPerson(server, { first_name: 'Ann', last_name: `Pool${++sequence}` });
    const qualifiedA = await newPerson(server, { first_name: 'Ben', last_name: `Outside${sequence}` });
    const qualifiedB = await newPerson(server, { first_name: 'Cid', last_name: `Outside${sequence}` });
    const retiredOnly = await newPerson(server, { first_name: 'Dot', last_name: `Retired${sequence}` });
    const otherMinistry = await newPerson(server, { first_name: 'Eve', last_name: `Elsewhere${sequence}` });
    await addToPool(ministry.id, poolOnly.id);
    const qa = (await qualify(server, positionA, qualifiedA.id)).id;
    const qb = (await qualify(server, positionB, qualifiedB.id)).id;
    await qualify(server, retiredA, retiredOnly.id);
    await qualify(server, elsewherePosition, otherMinistry.id);
    for (const person of [qualifiedA, qualifiedB, retiredOnly]) await server.delete(`${M}/ministries/${ministry.id}/pool/${person.id}`, as(admin));
    return { ministry, teamB, positionA, positionB, retiredA, poolOnly, qualifiedA, qualifiedB, qa, qb };
  }

  it('unites the pool with everyone actively qualified for an active position of the ministry', async () => {
    const c = await crew();
    const answer = await server.get(`${M}/ministries/${c.ministry.id}/members`, as(admin));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.members, [
      { personId: c.poolOnly.id, displayName: c.poolOnly.first_name + ' ' + c.poolOnly.last_name, familyName: null, emailHint: 'pe…@', groupIds: [c.ministry.poolGroupId], inPool: true, qualifications: [], qualificationIds: {} },
      { personId: c.qualifiedA.id, displayName: c.qualifiedA.first_name + ' ' + c.qualifiedA.last_name, familyName: null, emailHint: 'pe…@', groupIds: [], inPool: false, qualifications: [c.positionA], qualificationIds: { [c.positionA]: c.qa } },
      { personId: c.qualifiedB.id, displayName: c.qualifiedB.first_name + ' ' + c.qualifiedB.last_name, familyName: null, emailHint: 'pe…@', groupIds: [], inPool: false, qualifications: [c.positionB], qualificationIds: { [c.positionB]: c.qb } },
    ]);
  });

  it('with teamId, unites the pool with those qualified in that team only', async () => {
    const c = await crew();
    const answer = await server.get(`${M}/ministries/${c.ministry.id}/members`, { ...as(admin), query: { teamId: String(c.teamB) } });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.members.map((m: { personId: number }) => m.personId), [c.poolOnly.id, c.qualifiedB.id]);
  });

  it('answers the same members on the team route, which a leader of that team may call', async () => {
    const c = await crew();
    const leader = await newTeamLeader(server, c.teamB);
    const byTeam = await server.get(`${M}/teams/${c.teamB}/members`, { key: leader.apiKey });
    assert.equal(byTeam.status, 200, JSON.stringify(byTeam.body));
    const byFilter = await server.get(`${M}/ministries/${c.ministry.id}/members`, { ...as(admin), query: { teamId: String(c.teamB) } });
    // The leader joined the pool with the grant; compare without them.
    const withoutLeader = (members: Array<{ personId: number }>) => members.filter((m) => m.personId !== leader.personId);
    assert.deepEqual(withoutLeader(byTeam.body.members), withoutLeader(byFilter.body.members));
    assert.deepEqual(withoutLeader(byTeam.body.members).map((m) => m.personId), [c.poolOnly.id, c.qualifiedB.id]);
  });

  it('refuses a leader of another team with 403 on the team route and on the ministry route', async () => {
    const c = await crew();
    const leader = await newTeamLeader(server, c.ministry.teamId);
    expectError(await server.get(`${M}/teams/${c.teamB}/members`, { key: leader.apiKey }), 403, 'Not authorized for this team');
    expectError(await server.get(`${M}/ministries/${c.ministry.id}/members`, { key: leader.apiKey }), 403, 'Not authorized for this ministry');
  });

  it('answers 404 for an unknown ministry or team', async () => {
    expectError(await server.get(`${M}/ministries/999999/members`, as(admin)), 404, 'Ministry not found');
    expectError(await server.get(`${M}/teams/999999/members`, as(admin)), 404, 'Team not found');
  });
});

describe('GET /api/ministries/ministries/{id}/qualification-matrix and /teams/{teamId}/qualification-matrix', () => {
  it('answers {ministryId, teamId:null, positions (active only), people} with outsiders marked inPool:false', async () => {
    const ministry = await newMinistry(server);
    const teamB = (await newTeam(server, ministry.id)).id;
    const first = (await newPosition(server, ministry.id, ministry.teamId, { order: 1 })).id;
    const second = (await newPosition(server, ministry.id, teamB, { order: 2 })).id;
    await newPosition(server, ministry.id, teamB, { active: false });
    const member = await newPerson(server, { first_name: 'Amy', last_name: 'Member' });
    const both = await newPerson(server, { first_name: 'Bo', last_name: 'Both' });
    const outsider = await newPerson(server, { first_name: 'Cy', last_name: 'Outsider' });
    await addToPool(ministry.id, member.id);
    const b1 = (await qualify(server, first, both.id)).id;
    const b2 = (await qualify(server, second, both.id)).id;
    const o2 = (await qualify(server, second, outsider.id)).id;
    await server.delete(`${M}/ministries/${ministry.id}/pool/${outsider.id}`, as(admin));

    const answer = await server.get(`${M}/ministries/${ministry.id}/qualification-matrix`, as(admin));
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.keys(answer.body).sort(), ['ministryId', 'people', 'positions', 'teamId']);
    assert.equal(answer.body.ministryId, ministry.id);
    assert.equal(answer.body.teamId, null);
    assert.deepEqual(answer.body.positions.map((p: { id: number }) => p.id).sort((x: number, y: number) => x - y), [first, second].sort((x, y) => x - y));
    const positionRead = await server.get(`${M}/positions/${first}`, as(admin));
    assert.deepEqual(answer.body.positions.find((p: { id: number }) => p.id === first), positionRead.body.position, 'positions use the position shape');
    assert.deepEqual(answer.body.people, [
      { personId: member.id, displayName: 'Amy Member', familyName: null, emailHint: 'pe…@', groupIds: [ministry.poolGroupId], inPool: true, qualifications: [], qualificationIds: {} },
      { personId: both.id, displayName: 'Bo Both', familyName: null, emailHint: 'pe…@', groupIds: [ministry.poolGroupId], inPool: true, qualifications: [first, second].sort((x, y) => x - y), qualificationIds: { [first]: b1, [second]: b2 } },
      { personId: outsider.id, displayName: 'Cy Outsider', familyName: null, emailHint: 'pe…@', groupIds: [], inPool: false, qualifications: [second], qualificationIds: { [second]: o2 } },
    ]);
    assert.match(answer.text, /"qualificationIds":\{\}/);
  });

  it('narrows positions and qualifications to one team with teamId, and the team route answers the same', async () => {
    const ministry = await newMinistry(server);
    const teamB = (await newTeam(server, ministry.id)).id;
    const first = (await newPosition(server, ministry.id, ministry.teamId)).id;
    const second = (await newPosition(server, ministry.id, teamB)).id;
    const person = await newPerson(server);
    await qualify(server, first, person.id);
    const q2 = (await qualify(server, second, person.id)).id;
    const onlyA = await newPerson(server);
    const qa = (await qualify(server, first, onlyA.id)).id;
    await server.delete(`${M}/ministries/${ministry.id}/pool/${onlyA.id}`, as(admin));

    const filtered = await server.get(`${M}/ministries/${ministry.id}/qualification-matrix`, { ...as(admin), query: { teamId: String(teamB) } });
    assert.equal(filtered.status, 200);
    assert.equal(filtered.body.teamId, teamB);
    assert.deepEqual(filtered.body.positions.map((p: { id: number }) => p.id), [second]);
    assert.deepEqual(filtered.body.people.map((p: { personId: number; qualificationIds: object }) => [p.personId, p.qualificationIds]), [[person.id, { [second]: q2 }]]);
    assert.ok(!filtered.body.people.some((p: { personId: number }) => p.personId === onlyA.id), 'qualified only in another team and outside the pool');

    const byTeam = await server.get(`${M}/teams/${teamB}/qualification-matrix`, as(admin));
    assert.equal(byTeam.status, 200);
    assert.deepEqual(byTeam.body, filtered.body);

    const teamA = await server.get(`${M}/teams/${ministry.teamId}/qualification-matrix`, as(admin));
    assert.deepEqual(teamA.body.people.find((p: { personId: number }) => p.personId === onlyA.id),
      { personId: onlyA.id, displayName: onlyA.first_name + ' ' + onlyA.last_name, familyName: null, emailHint: 'pe…@', groupIds: [], inPool: false, qualifications: [first], qualificationIds: { [first]: qa } });
  });

  it('lets a team leader read their own team\'s matrix but not the ministry\'s', async () => {
    const ministry = await newMinistry(server);
    const leader = await newTeamLeader(server, ministry.teamId);
    assert.equal((await server.get(`${M}/teams/${ministry.teamId}/qualification-matrix`, { key: leader.apiKey })).status, 200);
    expectError(await server.get(`${M}/ministries/${ministry.id}/qualification-matrix`, { key: leader.apiKey }), 403, 'Not authorized for this ministry');
  });

  it('answers 404 for an unknown ministry or team', async () => {
    expectError(await server.get(`${M}/ministries/999999/qualification-matrix`, as(admin)), 404, 'Ministry not found');
    expectError(await server.get(`${M}/teams/999999/qualification-matrix`, as(admin)), 404, 'Team not found');
  });
});
