import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { storedRows, as, countRows, expectError, grantScope, refuseCalendarsNamed, newCoordinator, newPerson, newTeamLeader, newUser, type TestUser, unique } from '../kit/index.js';
import { COORDINATOR_GATE, type Created, MANAGER_GATE, NOW_WALL_CLOCK, OUT_OF_SCOPE, PALETTE, STRICT_SUNDAY_SCHOOL, useMinistries } from './support/ministries.js';

const {
  server, admin, manager, volunteer, createMinistry, defaultTeamId, addPosition, addToPool,
} = useMinistries();

describe('GET /api/ministries/status', () => {
  it('answers {version:"v2", v1Enabled:false, v2Enabled:true} on a new install, to any login', async () => {
    const answer = await server.get('/api/ministries/status', as(volunteer));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { version: 'v2', v1Enabled: false, v2Enabled: true });
  });

  it('refuses with 401 without an API key', async () => {
    expectError(await server.get('/api/ministries/status'), 401, 'Invalid API key');
  });
});

describe('POST /api/ministries/ministries', () => {
  it('creates a ministry with 201 {ministry, poolGroupId, calendarId}, one team and no positions', async () => {
    const name = unique('Hospitality');
    const answer = await server.post('/api/ministries/ministries', { name: `  ${name} `, description: 'Coffee and welcome' }, as(manager));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const { ministry, poolGroupId, calendarId } = answer.body;
    assert.equal(typeof ministry.id, 'number');
    assert.equal(typeof poolGroupId, 'number');
    assert.equal(typeof calendarId, 'number');
    assert.deepEqual(ministry, {
      id: ministry.id,
      name,
      description: 'Coffee and welcome',
      active: true,
      createdDate: NOW_WALL_CLOCK,
      createdByPersonId: manager.personId,
      teamCount: 1,
      positionCount: 0,
      helpWanted: false,
      helpWantedText: '',
      sundaySchool: false,
    });
  });

  it('makes the default team "<name> Team", the pool Group and the ministry calendar', async () => {
    const name = unique('Greeters');
    const { ministry, poolGroupId, calendarId } = await createMinistry({ name });
    const teams = await storedRows(server, 'teams', { ministry_id: ministry.id });
    assert.deepEqual(teams.map((team) => [team.name, team.active, team.class_group_id]), [[`${name} Team`, true, null]]);
    const [group] = await storedRows(server, 'groups', { id: poolGroupId });
    assert.equal(group.name, name);
    assert.equal(group.description, `The volunteer pool of the ${name} ministry.`);
    assert.equal(group.ministry_id, ministry.id);
    assert.equal(group.active, true);
    assert.equal(group.include_in_email_export, true);
    const [calendar] = await storedRows(server, 'calendars', { id: calendarId });
    const [background, foreground] = PALETTE[ministry.id % 6];
    assert.deepEqual(calendar, { id: calendarId, name, background_color: background, foreground_color: foreground, access_token: null, ministry_id: ministry.id });
  });

  it('trims the ministry part of a long default team name to stay within 100 characters, cuts the Group name to 50 and the calendar name to 99', async () => {
    const name = unique('Long').replace(' ', '').padEnd(100, 'x');
    assert.equal(name.length, 100);
    const { ministry, poolGroupId, calendarId } = await createMinistry({ name });
    assert.equal(ministry.name, name);
    const [team] = await storedRows(server, 'teams', { ministry_id: ministry.id });
    assert.equal(team.name, `${name.slice(0, 95)} Team`);
    assert.equal(team.name.length, 100);
    const [group] = await storedRows(server, 'groups', { id: poolGroupId });
    assert.equal(group.name, name.slice(0, 50));
    assert.equal(group.description, `The volunteer pool of the ${name} ministry.`);
    const [calendar] = await storedRows(server, 'calendars', { id: calendarId });
    assert.equal(calendar.name, name.slice(0, 99));
  });

  it('picks the calendar colours from the palette by ministry id modulo 6', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { ministry, calendarId } = await createMinistry();
      const [calendar] = await storedRows(server, 'calendars', { id: calendarId });
      assert.deepEqual([calendar.background_color, calendar.foreground_color], PALETTE[ministry.id % 6]);
      seen.add(calendar.background_color);
    }
    assert.equal(seen.size, 6);
  });

  it('writes the ministry, its team, its pool Group and its calendar in one transaction', async () => {
    const name = unique('Doomed');
    // The calendar is written last; a constraint that refuses it must take the earlier rows back with it.
    const allowAgain = await refuseCalendarsNamed(server, name);
    try {
      const answer = await server.post('/api/ministries/ministries', { name }, as(manager));
      assert.equal(answer.status, 500, JSON.stringify(answer.body));
    } finally {
      await allowAgain();
    }
    assert.equal(await countRows(server, 'ministries', { name: name }), 0);
    assert.equal(await countRows(server, 'teams', { name: `${name} Team` }), 0);
    assert.equal(await countRows(server, 'groups', { name: name }), 0);
    await createMinistry({ name });
  });

  it('refuses with 409 a name that exists already, ignoring case and surrounding spaces', async () => {
    const name = unique('Youth Choir');
    await createMinistry({ name });
    for (const duplicate of [name.toUpperCase(), `  ${name.toLowerCase()} `]) {
      const answer = await server.post('/api/ministries/ministries', { name: duplicate }, as(manager));
      expectError(answer, 409, 'A ministry of that name already exists');
      assert.equal(answer.body.code, 409);
    }
    assert.equal(await countRows(server, 'ministries', { name }), 1);
    assert.equal(await countRows(server, 'ministries', { name: [name.toUpperCase(), name.toLowerCase()] }), 0);
  });

  it('answers 409, never 500, to the losers of concurrent creates of one name', async () => {
    const name = unique('Race');
    const answers = await Promise.all([name, name.toUpperCase(), name.toLowerCase(), name].map((n) => server.post('/api/ministries/ministries', { name: n }, as(manager))));
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 409, 409, 409], JSON.stringify(answers.map((a) => a.body)));
    assert.equal(await countRows(server, 'ministries', { name }), 1);
    assert.equal(await countRows(server, 'ministries', { name: [name.toUpperCase(), name.toLowerCase()] }), 0);
  });

  it('refuses with 400 a missing, empty or blank name', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      const answer = await server.post('/api/ministries/ministries', body, as(manager));
      expectError(answer, 400, 'name' in body ? 'A ministry name is required' : 'name is required');
      assert.equal(answer.body.code, 400);
    }
  });

  it('refuses with 400 a name longer than 100 characters and a description longer than 255', async () => {
    assert.equal((await server.post('/api/ministries/ministries', { name: 'n'.repeat(101) }, as(manager))).status, 400);
    const name = unique('Wordy');
    assert.equal((await server.post('/api/ministries/ministries', { name, description: 'd'.repeat(256) }, as(manager))).status, 400);
    assert.equal(await countRows(server, 'ministries', { name: name }), 0);
  });

  it('refuses with 400 `sundaySchool must be true or false` for "yes", null, 2 and the like, creating nothing', async () => {
    for (const sundaySchool of ['yes', null, 2, '', -1, [], 'maybe']) {
      const name = unique('Strict');
      expectError(await server.post('/api/ministries/ministries', { name, sundaySchool }, as(manager)), 400, STRICT_SUNDAY_SCHOOL);
      assert.equal(await countRows(server, 'ministries', { name: name }), 0);
    }
  });

  it('accepts the strict boolean forms of sundaySchool and defaults it to false', async () => {
    const cases: Array<[unknown, boolean]> = [[true, true], [1, true], ['1', true], [' TRUE ', true], [false, false], [0, false], ['0', false], ['False', false]];
    for (const [sundaySchool, expected] of cases) {
      const { ministry } = await createMinistry({ sundaySchool });
      assert.equal(ministry.sundaySchool, expected, JSON.stringify(sundaySchool));
    }
    assert.equal((await createMinistry()).ministry.sundaySchool, false);
  });

  it('lets an administrator create a ministry', async () => {
    const answer = await server.post('/api/ministries/ministries', { name: unique('Admin made') }, as(admin));
    assert.equal(answer.status, 201);
    assert.equal(answer.body.ministry.createdByPersonId, admin.personId);
  });

  it('refuses a login without coordinator access with 403 at the coordinator gate', async () => {
    const staff = await newUser(server, { roles: ['editRecords'] });
    for (const user of [volunteer, staff]) {
      expectError(await server.post('/api/ministries/ministries', { name: unique('Nope') }, as(user)), 403, COORDINATOR_GATE);
    }
  });

  it('refuses a coordinator or team leader who is not a manager with 403 at the manager gate', async () => {
    const { ministry } = await createMinistry();
    const coordinator = await newCoordinator(server, ministry.id);
    const leader = await newTeamLeader(server, await defaultTeamId(ministry.id));
    for (const user of [coordinator, leader]) {
      const name = unique('Nope');
      expectError(await server.post('/api/ministries/ministries', { name }, as(user)), 403, MANAGER_GATE);
      assert.equal(await countRows(server, 'ministries', { name: name }), 0);
    }
  });

  it('refuses without an API key with 401', async () => {
    expectError(await server.post('/api/ministries/ministries', { name: unique('Nope') }), 401, 'Invalid API key');
  });
});

describe('GET /api/ministries/ministries', () => {
  let first: Created;
  let second: Created;
  let inactive: Created;
  before(async () => {
    first = await createMinistry({ name: unique('b List') });
    second = await createMinistry({ name: unique('A List') });
    inactive = await createMinistry({ name: unique('c List') });
    const answer = await server.post(`/api/ministries/ministries/${inactive.ministry.id}`, { active: false }, as(manager));
    assert.equal(answer.status, 200);
  });

  it('lists every ministry to a global manager, inactive ones included, ordered by name ignoring case', async () => {
    const answer = await server.get('/api/ministries/ministries', as(manager));
    assert.equal(answer.status, 200);
    const ids = answer.body.ministries.map((m: { id: number }) => m.id);
    for (const created of [first, second, inactive]) assert.ok(ids.includes(created.ministry.id));
    const names = answer.body.ministries.map((m: { name: string }) => m.name.toLowerCase());
    assert.deepEqual(names, [...names].sort());
    assert.deepEqual(answer.body.ministries.find((m: { id: number }) => m.id === first.ministry.id), first.ministry);
  });

  it('lists every ministry to an administrator', async () => {
    const answer = await server.get('/api/ministries/ministries', as(admin));
    assert.equal(answer.status, 200);
    const ids = answer.body.ministries.map((m: { id: number }) => m.id);
    for (const created of [first, second, inactive]) assert.ok(ids.includes(created.ministry.id));
  });

  it('filters with active=1 (active only), active=0 (inactive only) and active= (no filter)', async () => {
    const idsFor = async (active: string) => {
      const answer = await server.get('/api/ministries/ministries', { ...as(manager), query: { active } });
      assert.equal(answer.status, 200);
      return answer.body.ministries.map((m: { id: number }) => m.id) as number[];
    };
    const activeOnly = await idsFor('1');
    assert.ok(activeOnly.includes(first.ministry.id));
    assert.ok(!activeOnly.includes(inactive.ministry.id));
    const inactiveOnly = await idsFor('0');
    assert.ok(inactiveOnly.includes(inactive.ministry.id));
    assert.ok(!inactiveOnly.includes(first.ministry.id));
    const unfiltered = await idsFor('');
    assert.ok(unfiltered.includes(first.ministry.id) && unfiltered.includes(inactive.ministry.id));
  });

  it('lists to a coordinator only the ministries they coordinate, by name', async () => {
    const coordinator = await newCoordinator(server, [first.ministry.id, second.ministry.id]);
    const answer = await server.get('/api/ministries/ministries', as(coordinator));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.ministries.map((m: { id: number }) => m.id), [second.ministry.id, first.ministry.id]);
  });

  it('lists nothing to a team leader, who finds their ministries elsewhere', async () => {
    const leader = await newTeamLeader(server, await defaultTeamId(first.ministry.id));
    const answer = await server.get('/api/ministries/ministries', as(leader));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { ministries: [] });
  });

  it('refuses with 403 a ministry grant without manageMyMinistries, and the flag without a grant', async () => {
    const grantOnly = await newUser(server);
    await grantScope(server, grantOnly.personId, 'ministry', first.ministry.id);
    const staffGrantOnly = await newUser(server, { roles: ['editRecords'] });
    await grantScope(server, staffGrantOnly.personId, 'ministry', first.ministry.id);
    const flagOnly = await newUser(server, { roles: ['manageMyMinistries'] });
    for (const user of [grantOnly, staffGrantOnly, flagOnly, volunteer]) {
      expectError(await server.get('/api/ministries/ministries', as(user)), 403, COORDINATOR_GATE);
    }
  });
});

describe('GET /api/ministries/ministries/{id} and GET /api/ministries/{id}', () => {
  let created: Created;
  let coordinator: TestUser;
  let otherCoordinator: TestUser;
  let leader: TestUser;
  let teamId: number;
  let position: any;
  let poolMember: Awaited<ReturnType<typeof newPerson>>;
  before(async () => {
    created = await createMinistry({ name: unique('Detail') });
    teamId = await defaultTeamId(created.ministry.id);
    position = await addPosition(created.ministry.id, teamId);
    coordinator = await newCoordinator(server, created.ministry.id);
    otherCoordinator = await newCoordinator(server, (await createMinistry()).ministry.id);
    leader = await newTeamLeader(server, teamId);
    poolMember = await newPerson(server, { first_name: 'Ada', last_name: 'Pool' });
    await addToPool(created.ministry.id, poolMember.id);
    const qualification = await server.post(`/api/ministries/positions/${position.id}/qualifications`, { personId: poolMember.id }, as(manager));
    assert.equal(qualification.status, 201, JSON.stringify(qualification.body));
  });

  it('answers a manager with {ministry, summary, teams, positions, poolGroupId, poolGroupName, pool}', async () => {
    const answer = await server.get(`/api/ministries/ministries/${created.ministry.id}`, as(manager));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const body = answer.body;
    assert.deepEqual(Object.keys(body).sort(), ['ministry', 'poolGroupId', 'poolGroupName', 'pool', 'positions', 'summary', 'teams'].sort());
    assert.deepEqual(body.ministry, { ...created.ministry, positionCount: 1 });
    assert.equal(body.poolGroupId, created.poolGroupId);
    assert.equal(body.poolGroupName, created.ministry.name);
    assert.deepEqual(body.summary, { teamCount: 1, volunteerCount: 3, unfilledPositionCount: 0, occurrenceCount: 0, assignmentCount: 0 });
    assert.equal(body.teams.length, 1);
    assert.equal(body.teams[0].id, teamId);
    assert.equal(body.teams[0].name, `${created.ministry.name} Team`);
    assert.deepEqual(body.teams[0].leaders.map((l: { personId: number }) => l.personId), [leader.personId]);
    assert.deepEqual(body.positions, [position]);
    const ada = body.pool.find((p: { personId: number }) => p.personId === poolMember.id);
    assert.equal(ada.displayName, 'Ada Pool');
    assert.equal(ada.inPool, true);
    assert.deepEqual(ada.groupIds, [created.poolGroupId]);
    assert.deepEqual(ada.qualifications, [position.id]);
    assert.deepEqual(Object.keys(ada.qualificationIds), [String(position.id)]);
  });

  it('serves the same body at the alias /api/ministries/{id}', async () => {
    const canonical = await server.get(`/api/ministries/ministries/${created.ministry.id}`, as(manager));
    const alias = await server.get(`/api/ministries/${created.ministry.id}`, as(manager));
    assert.equal(alias.status, 200);
    assert.deepEqual(alias.body, canonical.body);
  });

  it('answers the coordinator of the ministry and an administrator', async () => {
    for (const user of [coordinator, admin]) {
      for (const url of [`/api/ministries/ministries/${created.ministry.id}`, `/api/ministries/${created.ministry.id}`]) {
        const answer = await server.get(url, as(user));
        assert.equal(answer.status, 200, url);
        assert.equal(answer.body.ministry.id, created.ministry.id);
      }
    }
  });

  it('refuses with 403 a coordinator of another ministry and a caller with team scope only', async () => {
    for (const user of [otherCoordinator, leader]) {
      for (const url of [`/api/ministries/ministries/${created.ministry.id}`, `/api/ministries/${created.ministry.id}`]) {
        expectError(await server.get(url, as(user)), 403, OUT_OF_SCOPE);
      }
    }
  });

  it('answers 404 `Ministry not found` for an unknown id, before any scope check', async () => {
    for (const user of [manager, otherCoordinator, leader]) {
      for (const url of ['/api/ministries/ministries/987654', '/api/ministries/987654']) {
        expectError(await server.get(url, as(user)), 404, 'Ministry not found');
      }
    }
  });

  it('answers 404 for a non-numeric id on the alias', async () => {
    const answer = await server.get('/api/ministries/abc', as(manager));
    assert.equal(answer.status, 404);
    assert.equal(answer.body.message, 'Not found');
  });

  it('refuses a login without coordinator access with 403 at the gate', async () => {
    expectError(await server.get(`/api/ministries/${created.ministry.id}`, as(volunteer)), 403, COORDINATOR_GATE);
  });
});
