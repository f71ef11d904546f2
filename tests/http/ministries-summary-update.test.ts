import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import {
  approveSwap, as, atTime, cancelOccurrence, completeEndedShifts, expectError, newAssignment, newCoordinator,
  newPerson, newSchedule, newTeamLeader, newUser, overrideNeed, proposeSubstitute, qualify, staffEvent, storedRows,
  type TestUser, unique, occurrencesByEvent,
} from '../kit/index.js';
import { COORDINATOR_GATE, NOW_ISO, OUT_OF_SCOPE, STRICT_SUNDAY_SCHOOL, useMinistries } from './support/ministries.js';

const {
  server, admin, manager, volunteer, createMinistry, defaultTeamId, addTeam, addPosition, addToPool, newEvent,
} = useMinistries();

describe('GET /api/ministries/ministries/{id}/summary (E16)', () => {
  let ministryId: number;
  let coordinator: TestUser;
  let leaderOfAll: TestUser;
  let leaderOfOne: TestUser;
  const expected = { teamCount: 2, volunteerCount: 6, unfilledPositionCount: 5, occurrenceCount: 6, assignmentCount: 7 };

  before(async () => {
    const created = await createMinistry({ name: unique('Summary') });
    ministryId = created.ministry.id;
    const firstTeam = await defaultTeamId(ministryId);
    const secondTeam = (await addTeam(ministryId)).id;
    const ushers = (await addPosition(ministryId, firstTeam)).id;
    const greeters = (await addPosition(ministryId, firstTeam)).id;
    const sound = (await addPosition(ministryId, secondTeam)).id;
    // The second volunteer proposes a substitute, which takes a login of their own.
    const proposer = await newUser(server);
    const [v1, v2, v3] = [(await newPerson(server)).id, proposer.personId, (await newPerson(server)).id];
    for (const person of [v1, v2, v3]) await addToPool(ministryId, person);
    for (const [position, person] of [[ushers, v1], [ushers, v2], [greeters, v3], [sound, v1], [sound, v2], [sound, v3]]) await qualify(server, position, person);
    // Each grant holder joins the pool too: 3 + 3 volunteers.
    coordinator = await newCoordinator(server, ministryId);
    leaderOfAll = await newTeamLeader(server, [firstTeam, secondTeam]);
    leaderOfOne = await newTeamLeader(server, firstTeam);

    const title = unique('Worship');
    const march8 = await newEvent({ start: '2026-03-08 09:00:00', end: '2026-03-08 10:00:00', ministryId, title });
    const march15 = await newEvent({ start: '2026-03-15 09:00:00', end: '2026-03-15 10:00:00', ministryId, title });
    // Past, or over this morning: never counted.
    await newEvent({ start: '2026-03-01 09:00:00', end: '2026-03-01 10:00:00', ministryId, title });
    await newEvent({ start: '2026-03-04 08:00:00', end: '2026-03-04 09:30:00', ministryId, title });
    const march22 = await newEvent({ start: '2026-03-22 09:00:00', end: '2026-03-22 10:00:00', ministryId, title });

    // Made the day before the first event, the first team's schedule generates the past occurrences too.
    const { schedule: firstSchedule } = await atTime(server, '2026-02-28T15:00:00Z', () => newSchedule(server, { id: ministryId, teamId: firstTeam }, {
      linkMode: 'ministry', titleFilter: title, windowStart: '2026-01-01', requirements: [{ positionId: ushers, minCount: 2, maxCount: 3 }, { positionId: greeters, minCount: 1 }],
    }));
    const occurrences = await occurrencesByEvent(server, admin, firstSchedule.id);
    assert.equal(occurrences.size, 5);
    const o6 = (await staffEvent(server, { id: ministryId, teamId: secondTeam }, march8, [{ positionId: sound, minCount: 2 }])).occurrenceId;

    // March 8, second team: sound 2 − 1 live (the substitute's; substituted and completed are not live) → 1. The
    // completed shift is marked by the timer job after the event, before anyone else is assigned that day.
    await newAssignment(server, o6, sound, v3);
    await atTime(server, '2026-03-08T16:00:00Z', () => completeEndedShifts(server));
    const swap = await proposeSubstitute(server, proposer, (await newAssignment(server, o6, sound, v2)).id, v1);
    await approveSwap(server, swap.id);
    // March 8, first team: ushers 2 − 1 live (the decline does not count), greeters 1 − 1 pending → 1.
    const o1 = occurrences.get(march8)!;
    await newAssignment(server, o1, ushers, v1, { status: 'accepted' });
    await newAssignment(server, o1, ushers, v2, { status: 'declined' });
    await newAssignment(server, o1, greeters, v3, { status: 'pending' });
    // March 15, first team: its own rows drop ushers (Min 0 Max 0) and raise greeters to 3 → 3.
    const o2 = occurrences.get(march15)!;
    await overrideNeed(server, o2, { positionId: ushers, minCount: 0, maxCount: 0 });
    await overrideNeed(server, o2, { positionId: greeters, minCount: 3 });
    await newAssignment(server, o2, ushers, v1, { status: 'cancelled' });
    // Cancelled: never counted.
    await cancelOccurrence(server, occurrences.get(march22)!);
  });

  it('counts teams, pool members and unfilled positions of future scheduled occurrences for a global manager', async () => {
    const answer = await server.get(`/api/ministries/ministries/${ministryId}/summary`, as(manager));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { ministryId, summary: expected });
  });

  it('counts the whole ministry for its coordinator and for an administrator', async () => {
    for (const user of [coordinator, admin]) {
      const answer = await server.get(`/api/ministries/ministries/${ministryId}/summary`, as(user));
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, { ministryId, summary: expected });
    }
  });

  it('embeds the same summary in the ministry detail', async () => {
    const answer = await server.get(`/api/ministries/${ministryId}`, as(coordinator));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.summary, expected);
  });

  it('answers a team leader who leads every team of the ministry with the union over their teams', async () => {
    const answer = await server.get(`/api/ministries/ministries/${ministryId}/summary`, as(leaderOfAll));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { ministryId, summary: expected });
  });

  it('refuses with 403 a team leader who leads only some of the teams', async () => {
    expectError(await server.get(`/api/ministries/ministries/${ministryId}/summary`, as(leaderOfOne)), 403, OUT_OF_SCOPE);
  });

  it('refuses with 403 the coordinator of another ministry', async () => {
    const other = await newCoordinator(server, (await createMinistry()).ministry.id);
    expectError(await server.get(`/api/ministries/ministries/${ministryId}/summary`, as(other)), 403, OUT_OF_SCOPE);
  });

  it('answers 404 `Ministry not found` for an unknown ministry before the scope check', async () => {
    expectError(await server.get('/api/ministries/ministries/987654/summary', as(leaderOfOne)), 404, 'Ministry not found');
  });

  it('stops counting an occurrence once its event has ended', async () => {
    server.clock.set('2026-03-09T12:00:00Z');
    try {
      const answer = await server.get(`/api/ministries/ministries/${ministryId}/summary`, as(manager));
      assert.equal(answer.status, 200);
      assert.equal(answer.body.summary.unfilledPositionCount, 3);
    } finally {
      server.clock.set(NOW_ISO);
    }
  });

  it('refuses a login without coordinator access with 403 at the gate', async () => {
    expectError(await server.get(`/api/ministries/ministries/${ministryId}/summary`, as(volunteer)), 403, COORDINATOR_GATE);
  });

  it('counts an occurrence under way, and one whose end offset reaches past now, until it is over', async () => {
    const { ministry } = await createMinistry();
    const team = await defaultTeamId(ministry.id);
    const position = (await addPosition(ministry.id, team)).id;
    const underWay = unique('Under way');
    const stretched = unique('Stretched');
    await newEvent({ start: '2026-03-04 09:30:00', end: '2026-03-04 10:30:00', ministryId: ministry.id, title: underWay });
    await newEvent({ start: '2026-03-04 08:45:00', end: '2026-03-04 09:45:00', ministryId: ministry.id, title: stretched });
    // A schedule is made while the events it follows are still to start.
    await atTime(server, '2026-03-04T12:00:00Z', async () => {
      await newSchedule(server, { id: ministry.id, teamId: team }, { linkMode: 'ministry', titleFilter: underWay, requirements: [{ positionId: position, minCount: 1 }] });
      await newSchedule(server, { id: ministry.id, teamId: team }, {
        linkMode: 'ministry', titleFilter: stretched, endOffsetMinutes: 30, requirements: [{ positionId: position, minCount: 2 }],
      });
    });
    const summary = async () => (await server.get(`/api/ministries/ministries/${ministry.id}/summary`, as(manager))).body.summary.unfilledPositionCount;
    assert.equal(await summary(), 3);
    server.clock.set('2026-03-04T15:20:00Z');
    try {
      assert.equal(await summary(), 1);
    } finally {
      server.clock.set(NOW_ISO);
    }
  });
});

describe('POST /api/ministries/ministries/{id}', () => {
  const update = (id: number, body: unknown, user: TestUser = manager) => server.post(`/api/ministries/ministries/${id}`, body, as(user));
  const stored = async (id: number) => {
    const [row] = await storedRows(server, 'ministries', { id });
    assert.ok(row, `ministry ${id} is stored`);
    return row;
  };

  it('changes name and description and answers the ministry with its true counts', async () => {
    const { ministry } = await createMinistry();
    await addPosition(ministry.id, await defaultTeamId(ministry.id));
    const name = unique('Renamed');
    const answer = await update(ministry.id, { name: ` ${name} `, description: 'New words' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { ministry: { ...ministry, name, description: 'New words', teamCount: 1, positionCount: 1 } });
  });

  it('reads helpWanted and active as permissive booleans', async () => {
    const { ministry } = await createMinistry();
    const cases: Array<[unknown, boolean]> = [['yes', true], ['off', false], ['on', true], [null, false], [1, true], ['', false], ['true', true], ['no', false]];
    for (const [value, expected] of cases) {
      const answer = await update(ministry.id, { helpWanted: value, active: value });
      assert.equal(answer.status, 200, JSON.stringify(value));
      assert.equal(answer.body.ministry.helpWanted, expected, JSON.stringify(value));
      assert.equal(answer.body.ministry.active, expected, JSON.stringify(value));
    }
  });

  it('stores helpWantedText and answers "" (never null) once it is cleared', async () => {
    const { ministry } = await createMinistry();
    const set = await update(ministry.id, { helpWantedText: 'We need ushers for Easter' });
    assert.equal(set.body.ministry.helpWantedText, 'We need ushers for Easter');
    const cleared = await update(ministry.id, { helpWantedText: null });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.body.ministry.helpWantedText, '');
    const listed = await server.get('/api/ministries/ministries', as(manager));
    assert.equal(listed.body.ministries.find((m: { id: number }) => m.id === ministry.id).helpWantedText, '');
  });

  it('leaves fields that are not sent unchanged', async () => {
    const { ministry } = await createMinistry({ description: 'Keep me' });
    await update(ministry.id, { helpWanted: true, helpWantedText: 'Help!' });
    const answer = await update(ministry.id, { active: false });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.ministry, { ...ministry, active: false, helpWanted: true, helpWantedText: 'Help!' });
  });

  it('lets a global manager turn sundaySchool on and off', async () => {
    const { ministry } = await createMinistry();
    assert.equal((await update(ministry.id, { sundaySchool: 'true' })).body.ministry.sundaySchool, true);
    assert.equal((await update(ministry.id, { sundaySchool: 0 })).body.ministry.sundaySchool, false);
  });

  it('refuses with 400 `sundaySchool must be true or false` and leaves the stored value and the other fields unchanged', async () => {
    const { ministry } = await createMinistry({ sundaySchool: true });
    for (const sundaySchool of ['yes', null, 2, '', []]) {
      expectError(await update(ministry.id, { sundaySchool, description: 'Changed' }), 400, STRICT_SUNDAY_SCHOOL);
    }
    const row = await stored(ministry.id);
    assert.equal(row.sunday_school, true);
    assert.equal(row.description, null);
  });

  it('lets a coordinator send the current sundaySchool value but refuses a change with 403', async () => {
    const { ministry } = await createMinistry({ sundaySchool: false });
    const coordinator = await newCoordinator(server, ministry.id);
    const same = await update(ministry.id, { sundaySchool: false, helpWanted: true }, coordinator);
    assert.equal(same.status, 200, JSON.stringify(same.body));
    assert.equal(same.body.ministry.helpWanted, true);
    const changed = await update(ministry.id, { sundaySchool: true, helpWanted: false }, coordinator);
    expectError(changed, 403, 'Only a global volunteer manager may change sundaySchool');
    const row = await stored(ministry.id);
    assert.equal(row.sunday_school, false);
    assert.equal(row.help_wanted, true);
  });

  it('refuses with 409 turning sundaySchool off while a team is linked to a class, naming the teams', async () => {
    const { ministry } = await createMinistry({ sundaySchool: true });
    const group = await server.post('/api/groups/', { groupName: unique('Class'), isSundaySchool: true }, as(admin));
    assert.equal(group.status, 200, JSON.stringify(group.body));
    const team = await addTeam(ministry.id, { classGroupId: group.body.Id });
    const answer = await update(ministry.id, { sundaySchool: false });
    assert.equal(answer.status, 409, JSON.stringify(answer.body));
    assert.equal(answer.body.success, false);
    assert.equal(answer.body.code, 409);
    assert.equal(answer.body.error, answer.body.message);
    assert.deepEqual(answer.body.teams.map((t: { id: number }) => t.id), [team.id]);
    assert.equal((await stored(ministry.id)).sunday_school, true);
  });

  it('refuses with 409 a name another ministry holds, ignoring case, and accepts a new case of its own name', async () => {
    const { ministry: taken } = await createMinistry();
    const { ministry } = await createMinistry();
    assert.equal((await update(ministry.id, { name: taken.name.toUpperCase() })).status, 409);
    const recased = await update(ministry.id, { name: ministry.name.toUpperCase() });
    assert.equal(recased.status, 200);
    assert.equal(recased.body.ministry.name, ministry.name.toUpperCase());
  });

  it('answers 409, never 500, to the losers of concurrent renames to one name', async () => {
    const ministries = [await createMinistry(), await createMinistry(), await createMinistry()];
    const name = unique('Rename race');
    const answers = await Promise.all(ministries.map(({ ministry }) => update(ministry.id, { name })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409, 409], JSON.stringify(answers.map((a) => a.body)));
  });

  it('refuses with 400 an empty name', async () => {
    const { ministry } = await createMinistry();
    for (const name of ['', '   ']) assert.equal((await update(ministry.id, { name })).status, 400);
    assert.equal((await stored(ministry.id)).name, ministry.name);
  });

  it('answers 404 for an unknown ministry and 403 out of scope, before looking at the body', async () => {
    const { ministry } = await createMinistry();
    const outsider = await newCoordinator(server, (await createMinistry()).ministry.id);
    const leader = await newTeamLeader(server, await defaultTeamId(ministry.id));
    expectError(await update(987654, { sundaySchool: 'yes' }, outsider), 404, 'Ministry not found');
    expectError(await update(ministry.id, { sundaySchool: 'yes' }, outsider), 403, OUT_OF_SCOPE);
    expectError(await update(ministry.id, { active: false }, leader), 403, OUT_OF_SCOPE);
    assert.equal((await stored(ministry.id)).active, true);
  });
});
