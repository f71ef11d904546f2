import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { AssignmentStatus } from '../../src/db/schema.js';
import { newPerson, newUser, type TestUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let admin: TestUser;
let manager: TestUser;
let volunteer: TestUser;
let eventTypeId: number;
before(async () => {
  server = await startTestServer();
  admin = await newUser(server, { roles: ['admin'] });
  manager = await newUser(server, { roles: ['manageMinistries'] });
  volunteer = await newUser(server);
  const type = await server.post('/api/events/types', { name: 'Sunday Worship' }, as(admin));
  assert.equal(type.status, 201, JSON.stringify(type.body));
  eventTypeId = type.body.Id;
});
after(() => server.close());

const as = (user: TestUser) => ({ key: user.apiKey });
const db = () => server.database.db;

const NOW_ISO = '2026-03-04T15:00:00Z';
const NOW_WALL_CLOCK = '2026-03-04 10:00:00';
const ROLLOUT_REFUSAL = 'Volunteer Management V2 is not enabled';
const COORDINATOR_GATE = 'Manage My Ministries access, with a ministry or team to manage, is required';
const MANAGER_GATE = 'Ministry management access is required';
const OUT_OF_SCOPE = 'Not authorized for this ministry';
const STRICT_SUNDAY_SCHOOL = 'sundaySchool must be true or false';
const PALETTE = [
  ['2E7D32', 'FFFFFF'], ['1565C0', 'FFFFFF'], ['6A1B9A', 'FFFFFF'], ['C62828', 'FFFFFF'], ['EF6C00', 'FFFFFF'], ['00838F', 'FFFFFF'],
];

function assertError(answer: { status: number; body: any }, status: number, message: string) {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { success: false, message, error: message, code: status });
}

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}`;

interface Created {
  ministry: any;
  poolGroupId: number;
  calendarId: number;
}

async function createMinistry(fields: Record<string, unknown> = {}): Promise<Created> {
  const answer = await server.post('/api/ministries/ministries', { name: unique('Ministry'), ...fields }, as(manager));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body;
}

async function defaultTeamId(ministryId: number): Promise<number> {
  const row = await db().selectFrom('teams').select('id').where('ministry_id', '=', ministryId).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

async function addTeam(ministryId: number, fields: Record<string, unknown> = {}): Promise<any> {
  const answer = await server.post(`/api/ministries/ministries/${ministryId}/teams`, { name: unique('Team'), ...fields }, as(manager));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.team;
}

async function addPosition(ministryId: number, teamId: number): Promise<any> {
  const answer = await server.post(`/api/ministries/ministries/${ministryId}/positions`, { teamId, name: unique('Position') }, as(manager));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.position;
}

async function addToPool(ministryId: number, personId: number): Promise<void> {
  const answer = await server.post(`/api/ministries/ministries/${ministryId}/pool/${personId}`, undefined, as(manager));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
}

async function grant(personId: number, scopeType: 'ministry' | 'team', scopeId: number): Promise<number> {
  const answer = await server.post('/api/ministries/scopes', { personId, scopeType, scopeId }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.scope.id;
}

/** A ministry coordinator: the manageMyMinistries flag plus a ministry grant (contract §1.10). */
async function newCoordinator(...ministryIds: number[]): Promise<TestUser> {
  const user = await newUser(server, { roles: ['manageMyMinistries'] });
  for (const id of ministryIds) await grant(user.personId, 'ministry', id);
  return user;
}

/** A team leader: a self-service login holding team grants. */
async function newTeamLeader(...teamIds: number[]): Promise<TestUser> {
  const user = await newUser(server);
  for (const id of teamIds) await grant(user.personId, 'team', id);
  return user;
}

async function newEvent(fields: { start: string; end: string; ministryId?: number | null; pinned?: number[]; title?: string }): Promise<number> {
  const answer = await server.post('/api/events', {
    Title: fields.title ?? unique('Service'),
    Type: eventTypeId,
    Start: fields.start,
    End: fields.end,
    PinnedCalendars: fields.pinned ?? [],
    MinistryId: fields.ministryId ?? null,
  }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.eventId;
}

async function insertSchedule(ministryId: number, teamId: number): Promise<number> {
  const row = await db().insertInto('schedules').values({
    ministry_id: ministryId, team_id: teamId, name: unique('Schedule'), link_mode: 'event_type', event_type_id: eventTypeId,
    title_filter: null, group_id: null, event_id: null, window_start: '2026-01-01', window_end: null,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function insertOccurrence(scheduleId: number, eventId: number, status: 'scheduled' | 'cancelled' = 'scheduled'): Promise<number> {
  const event = await db().selectFrom('events').select('start_at').where('id', '=', eventId).executeTakeFirstOrThrow();
  const row = await db().insertInto('occurrences').values({
    schedule_id: scheduleId, event_id: eventId, occurrence_date: String(event.start_at).slice(0, 10), status, notes: null, generated_at: NOW_WALL_CLOCK,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function insertRequirement(owner: { scheduleId: number } | { occurrenceId: number }, positionId: number, minCount: number, maxCount: number | null = null): Promise<number> {
  const row = await db().insertInto('requirements').values({
    schedule_id: 'scheduleId' in owner ? owner.scheduleId : null,
    occurrence_id: 'occurrenceId' in owner ? owner.occurrenceId : null,
    position_id: positionId, min_count: minCount, max_count: maxCount, notes: null,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function insertAssignment(occurrenceId: number, positionId: number, personId: number, status: AssignmentStatus): Promise<number> {
  const row = await db().insertInto('assignments').values({
    occurrence_id: occurrenceId, position_id: positionId, person_id: personId, requirement_id: null, status,
    assigned_at: NOW_WALL_CLOCK, assigned_by_person_id: manager.personId, responded_at: null, replaces_assignment_id: null, notes: null,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function setRollout(value: string): Promise<void> {
  const answer = await server.post('/admin/api/system/config/sVolunteerVersion', { value }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { value });
}

describe('GET /api/ministries/status', () => {
  it('answers {version:"v2", v1Enabled:false, v2Enabled:true} on a new install, to any login', async () => {
    const answer = await server.get('/api/ministries/status', as(volunteer));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { version: 'v2', v1Enabled: false, v2Enabled: true });
  });

  it('refuses with 401 without an API key', async () => {
    assertError(await server.get('/api/ministries/status'), 401, 'Invalid API key');
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
    const teams = await db().selectFrom('teams').select(['name', 'active', 'class_group_id']).where('ministry_id', '=', ministry.id).execute();
    assert.deepEqual(teams, [{ name: `${name} Team`, active: true, class_group_id: null }]);
    const group = await db().selectFrom('groups').selectAll().where('id', '=', poolGroupId).executeTakeFirstOrThrow();
    assert.equal(group.name, name);
    assert.equal(group.description, `The volunteer pool of the ${name} ministry.`);
    assert.equal(group.ministry_id, ministry.id);
    assert.equal(group.active, true);
    assert.equal(group.include_in_email_export, true);
    const calendar = await db().selectFrom('calendars').selectAll().where('id', '=', calendarId).executeTakeFirstOrThrow();
    const [background, foreground] = PALETTE[ministry.id % 6];
    assert.deepEqual(calendar, { id: calendarId, name, background_color: background, foreground_color: foreground, access_token: null, ministry_id: ministry.id });
  });

  it('trims the ministry part of a long default team name to stay within 100 characters, cuts the Group name to 50 and the calendar name to 99', async () => {
    const name = `Long${++sequence}`.padEnd(100, 'x');
    assert.equal(name.length, 100);
    const { ministry, poolGroupId, calendarId } = await createMinistry({ name });
    assert.equal(ministry.name, name);
    const team = await db().selectFrom('teams').select('name').where('ministry_id', '=', ministry.id).executeTakeFirstOrThrow();
    assert.equal(team.name, `${name.slice(0, 95)} Team`);
    assert.equal(team.name.length, 100);
    const group = await db().selectFrom('groups').select(['name', 'description']).where('id', '=', poolGroupId).executeTakeFirstOrThrow();
    assert.equal(group.name, name.slice(0, 50));
    assert.equal(group.description, `The volunteer pool of the ${name} ministry.`);
    const calendar = await db().selectFrom('calendars').select('name').where('id', '=', calendarId).executeTakeFirstOrThrow();
    assert.equal(calendar.name, name.slice(0, 99));
  });

  it('picks the calendar colours from the palette by ministry id modulo 6', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { ministry, calendarId } = await createMinistry();
      const calendar = await db().selectFrom('calendars').select(['background_color', 'foreground_color']).where('id', '=', calendarId).executeTakeFirstOrThrow();
      assert.deepEqual([calendar.background_color, calendar.foreground_color], PALETTE[ministry.id % 6]);
      seen.add(calendar.background_color);
    }
    assert.equal(seen.size, 6);
  });

  it('writes the ministry, its team, its pool Group and its calendar in one transaction', async () => {
    const name = unique('Doomed');
    // The calendar is written last; a constraint that refuses it must take the earlier rows back with it.
    await sql`alter table calendars add constraint test_refuse_doomed check (name <> ${sql.lit(name)})`.execute(db());
    try {
      const answer = await server.post('/api/ministries/ministries', { name }, as(manager));
      assert.equal(answer.status, 500, JSON.stringify(answer.body));
    } finally {
      await sql`alter table calendars drop constraint test_refuse_doomed`.execute(db());
    }
    assert.equal(await db().selectFrom('ministries').select('id').where('name', '=', name).executeTakeFirst(), undefined);
    assert.equal(await db().selectFrom('teams').select('id').where('name', '=', `${name} Team`).executeTakeFirst(), undefined);
    assert.equal(await db().selectFrom('groups').select('id').where('name', '=', name).executeTakeFirst(), undefined);
    await createMinistry({ name });
  });

  it('refuses with 409 a name that exists already, ignoring case and surrounding spaces', async () => {
    const name = unique('Youth Choir');
    await createMinistry({ name });
    for (const duplicate of [name.toUpperCase(), `  ${name.toLowerCase()} `]) {
      const answer = await server.post('/api/ministries/ministries', { name: duplicate }, as(manager));
      assert.equal(answer.status, 409, JSON.stringify(answer.body));
      assert.equal(answer.body.code, 409);
    }
    const rows = await db().selectFrom('ministries').select('id').where(sql`lower(name)`, '=', name.toLowerCase()).execute();
    assert.equal(rows.length, 1);
  });

  it('answers 409, never 500, to the losers of concurrent creates of one name', async () => {
    const name = unique('Race');
    const answers = await Promise.all([name, name.toUpperCase(), name.toLowerCase(), name].map((n) => server.post('/api/ministries/ministries', { name: n }, as(manager))));
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 409, 409, 409], JSON.stringify(answers.map((a) => a.body)));
    const rows = await db().selectFrom('ministries').select('id').where(sql`lower(name)`, '=', name.toLowerCase()).execute();
    assert.equal(rows.length, 1);
  });

  it('refuses with 400 a missing, empty or blank name', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      const answer = await server.post('/api/ministries/ministries', body, as(manager));
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal(answer.body.code, 400);
    }
  });

  it('refuses with 400 a name longer than 100 characters and a description longer than 255', async () => {
    assert.equal((await server.post('/api/ministries/ministries', { name: 'n'.repeat(101) }, as(manager))).status, 400);
    const name = unique('Wordy');
    assert.equal((await server.post('/api/ministries/ministries', { name, description: 'd'.repeat(256) }, as(manager))).status, 400);
    assert.equal(await db().selectFrom('ministries').select('id').where('name', '=', name).executeTakeFirst(), undefined);
  });

  it('refuses with 400 `sundaySchool must be true or false` for "yes", null, 2 and the like, creating nothing', async () => {
    for (const sundaySchool of ['yes', null, 2, '', -1, [], 'maybe']) {
      const name = unique('Strict');
      assertError(await server.post('/api/ministries/ministries', { name, sundaySchool }, as(manager)), 400, STRICT_SUNDAY_SCHOOL);
      assert.equal(await db().selectFrom('ministries').select('id').where('name', '=', name).executeTakeFirst(), undefined);
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
      assertError(await server.post('/api/ministries/ministries', { name: unique('Nope') }, as(user)), 403, COORDINATOR_GATE);
    }
  });

  it('refuses a coordinator or team leader who is not a manager with 403 at the manager gate', async () => {
    const { ministry } = await createMinistry();
    const coordinator = await newCoordinator(ministry.id);
    const leader = await newTeamLeader(await defaultTeamId(ministry.id));
    for (const user of [coordinator, leader]) {
      const name = unique('Nope');
      assertError(await server.post('/api/ministries/ministries', { name }, as(user)), 403, MANAGER_GATE);
      assert.equal(await db().selectFrom('ministries').select('id').where('name', '=', name).executeTakeFirst(), undefined);
    }
  });

  it('refuses without an API key with 401', async () => {
    assertError(await server.post('/api/ministries/ministries', { name: unique('Nope') }), 401, 'Invalid API key');
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
    const coordinator = await newCoordinator(first.ministry.id, second.ministry.id);
    const answer = await server.get('/api/ministries/ministries', as(coordinator));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.ministries.map((m: { id: number }) => m.id), [second.ministry.id, first.ministry.id]);
  });

  it('lists nothing to a team leader, who finds their ministries elsewhere', async () => {
    const leader = await newTeamLeader(await defaultTeamId(first.ministry.id));
    const answer = await server.get('/api/ministries/ministries', as(leader));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { ministries: [] });
  });

  it('refuses with 403 a ministry grant without manageMyMinistries, and the flag without a grant', async () => {
    const grantOnly = await newUser(server);
    await grant(grantOnly.personId, 'ministry', first.ministry.id);
    const staffGrantOnly = await newUser(server, { roles: ['editRecords'] });
    await grant(staffGrantOnly.personId, 'ministry', first.ministry.id);
    const flagOnly = await newUser(server, { roles: ['manageMyMinistries'] });
    for (const user of [grantOnly, staffGrantOnly, flagOnly, volunteer]) {
      assertError(await server.get('/api/ministries/ministries', as(user)), 403, COORDINATOR_GATE);
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
    coordinator = await newCoordinator(created.ministry.id);
    otherCoordinator = await newCoordinator((await createMinistry()).ministry.id);
    leader = await newTeamLeader(teamId);
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
        assertError(await server.get(url, as(user)), 403, OUT_OF_SCOPE);
      }
    }
  });

  it('answers 404 `Ministry not found` for an unknown id, before any scope check', async () => {
    for (const user of [manager, otherCoordinator, leader]) {
      for (const url of ['/api/ministries/ministries/987654', '/api/ministries/987654']) {
        assertError(await server.get(url, as(user)), 404, 'Ministry not found');
      }
    }
  });

  it('answers 404 for a non-numeric id on the alias', async () => {
    const answer = await server.get('/api/ministries/abc', as(manager));
    assert.equal(answer.status, 404);
  });

  it('refuses a login without coordinator access with 403 at the gate', async () => {
    assertError(await server.get(`/api/ministries/${created.ministry.id}`, as(volunteer)), 403, COORDINATOR_GATE);
  });
});

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
    const people = [await newPerson(server), await newPerson(server), await newPerson(server)];
    for (const person of people) await addToPool(ministryId, person.id);
    const [v1, v2, v3] = people.map((p) => p.id);
    // Each grant holder joins the pool too: 3 + 3 volunteers.
    coordinator = await newCoordinator(ministryId);
    leaderOfAll = await newTeamLeader(firstTeam, secondTeam);
    leaderOfOne = await newTeamLeader(firstTeam);

    const march8 = await newEvent({ start: '2026-03-08 09:00:00', end: '2026-03-08 10:00:00', ministryId });
    const march15 = await newEvent({ start: '2026-03-15 09:00:00', end: '2026-03-15 10:00:00', ministryId });
    const lastWeek = await newEvent({ start: '2026-03-01 09:00:00', end: '2026-03-01 10:00:00', ministryId });
    const thisMorning = await newEvent({ start: '2026-03-04 08:00:00', end: '2026-03-04 09:30:00', ministryId });
    const march22 = await newEvent({ start: '2026-03-22 09:00:00', end: '2026-03-22 10:00:00', ministryId });

    const firstSchedule = await insertSchedule(ministryId, firstTeam);
    await insertRequirement({ scheduleId: firstSchedule }, ushers, 2, 3);
    await insertRequirement({ scheduleId: firstSchedule }, greeters, 1);
    const secondSchedule = await insertSchedule(ministryId, secondTeam);
    await insertRequirement({ scheduleId: secondSchedule }, sound, 2);

    // March 8, first team: ushers 2 − 1 live (the decline does not count), greeters 1 − 1 pending → 1.
    const o1 = await insertOccurrence(firstSchedule, march8);
    await insertAssignment(o1, ushers, v1, 'accepted');
    await insertAssignment(o1, ushers, v2, 'declined');
    await insertAssignment(o1, greeters, v3, 'pending');
    // March 15, first team: its own rows drop ushers (Min 0 Max 0) and raise greeters to 3 → 3.
    const o2 = await insertOccurrence(firstSchedule, march15);
    await insertRequirement({ occurrenceId: o2 }, ushers, 0, 0);
    await insertRequirement({ occurrenceId: o2 }, greeters, 3);
    await insertAssignment(o2, ushers, v1, 'cancelled');
    // Past, over this morning, or cancelled: never counted.
    await insertOccurrence(firstSchedule, lastWeek);
    await insertOccurrence(firstSchedule, thisMorning);
    await insertOccurrence(firstSchedule, march22, 'cancelled');
    // March 8, second team: sound 2 − 1 live (substituted and completed are not live) → 1.
    const o6 = await insertOccurrence(secondSchedule, march8);
    await insertAssignment(o6, sound, v1, 'accepted');
    await insertAssignment(o6, sound, v2, 'substituted');
    await insertAssignment(o6, sound, v3, 'completed');
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
    assertError(await server.get(`/api/ministries/ministries/${ministryId}/summary`, as(leaderOfOne)), 403, OUT_OF_SCOPE);
  });

  it('refuses with 403 the coordinator of another ministry', async () => {
    const other = await newCoordinator((await createMinistry()).ministry.id);
    assertError(await server.get(`/api/ministries/ministries/${ministryId}/summary`, as(other)), 403, OUT_OF_SCOPE);
  });

  it('answers 404 `Ministry not found` for an unknown ministry before the scope check', async () => {
    assertError(await server.get('/api/ministries/ministries/987654/summary', as(leaderOfOne)), 404, 'Ministry not found');
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
    assertError(await server.get(`/api/ministries/ministries/${ministryId}/summary`, as(volunteer)), 403, COORDINATOR_GATE);
  });

  it('counts an occurrence under way, and one whose end offset reaches past now, until it is over', async () => {
    const { ministry } = await createMinistry();
    const team = await defaultTeamId(ministry.id);
    const position = (await addPosition(ministry.id, team)).id;
    const underWay = await insertSchedule(ministry.id, team);
    await insertRequirement({ scheduleId: underWay }, position, 1);
    await insertOccurrence(underWay, await newEvent({ start: '2026-03-04 09:30:00', end: '2026-03-04 10:30:00', ministryId: ministry.id }));
    const stretched = await insertSchedule(ministry.id, team);
    await db().updateTable('schedules').set({ end_offset_minutes: 30 }).where('id', '=', stretched).execute();
    await insertRequirement({ scheduleId: stretched }, position, 2);
    await insertOccurrence(stretched, await newEvent({ start: '2026-03-04 08:45:00', end: '2026-03-04 09:45:00', ministryId: ministry.id }));
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
  const stored = (id: number) => db().selectFrom('ministries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

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
      assertError(await update(ministry.id, { sundaySchool, description: 'Changed' }), 400, STRICT_SUNDAY_SCHOOL);
    }
    const row = await stored(ministry.id);
    assert.equal(row.sunday_school, true);
    assert.equal(row.description, null);
  });

  it('lets a coordinator send the current sundaySchool value but refuses a change with 403', async () => {
    const { ministry } = await createMinistry({ sundaySchool: false });
    const coordinator = await newCoordinator(ministry.id);
    const same = await update(ministry.id, { sundaySchool: false, helpWanted: true }, coordinator);
    assert.equal(same.status, 200, JSON.stringify(same.body));
    assert.equal(same.body.ministry.helpWanted, true);
    const changed = await update(ministry.id, { sundaySchool: true, helpWanted: false }, coordinator);
    assert.equal(changed.status, 403);
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
    const outsider = await newCoordinator((await createMinistry()).ministry.id);
    const leader = await newTeamLeader(await defaultTeamId(ministry.id));
    assertError(await update(987654, { sundaySchool: 'yes' }, outsider), 404, 'Ministry not found');
    assertError(await update(ministry.id, { sundaySchool: 'yes' }, outsider), 403, OUT_OF_SCOPE);
    assertError(await update(ministry.id, { active: false }, leader), 403, OUT_OF_SCOPE);
    assert.equal((await stored(ministry.id)).active, true);
  });
});

describe('DELETE /api/ministries/ministries/{id} (E15)', () => {
  const remove = (id: number, user?: TestUser) => server.delete(`/api/ministries/ministries/${id}`, user ? as(user) : {});
  const deactivate = async (id: number) => assert.equal((await server.post(`/api/ministries/ministries/${id}`, { active: false }, as(manager))).status, 200);

  it('answers 404 `Ministry not found` for an unknown ministry, whoever asks', async () => {
    for (const user of [volunteer, manager]) assertError(await remove(987654, user), 404, 'Ministry not found');
  });

  it('refuses with 409 an active ministry whatever the caller, asking to deactivate it first', async () => {
    const { ministry } = await createMinistry();
    const coordinator = await newCoordinator(ministry.id);
    for (const user of [volunteer, coordinator, manager, admin]) {
      const answer = await remove(ministry.id, user);
      assert.equal(answer.status, 409);
      assert.match(answer.body.message, /Deactivate/);
      assert.equal(answer.body.error, answer.body.message);
    }
    assert.ok(await db().selectFrom('ministries').select('id').where('id', '=', ministry.id).executeTakeFirst());
  });

  it('refuses with 403 an inactive ministry to anyone but a global manager or administrator', async () => {
    const { ministry } = await createMinistry();
    const coordinator = await newCoordinator(ministry.id);
    await deactivate(ministry.id);
    for (const user of [coordinator, volunteer]) assertError(await remove(ministry.id, user), 403, MANAGER_GATE);
    assert.ok(await db().selectFrom('ministries').select('id').where('id', '=', ministry.id).executeTakeFirst());
  });

  it('refuses with 401 without an API key', async () => {
    assertError(await remove(987654), 401, 'Invalid API key');
  });

  it('deletes nothing when any part of the removal fails', async () => {
    const world = await buildMinistryWorld();
    await deactivate(world.ministryId);
    const before = await worldCounts(world);
    // A row that holds on to the ministry calendar makes the last step of the removal fail.
    await sql`create table test_calendar_hold (calendar_id integer references calendars (id))`.execute(db());
    try {
      await sql`insert into test_calendar_hold values (${world.calendarId})`.execute(db());
      const answer = await remove(world.ministryId, manager);
      assert.equal(answer.status, 500, JSON.stringify(answer.body));
    } finally {
      await sql`drop table test_calendar_hold`.execute(db());
    }
    assert.deepEqual(await worldCounts(world), before);
  });

  it('lets an administrator delete an inactive ministry', async () => {
    const { ministry } = await createMinistry();
    await deactivate(ministry.id);
    const answer = await remove(ministry.id, admin);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
  });

  it('removes everything under the ministry in one go and leaves its events without an owner', async () => {
    const world = await buildMinistryWorld();
    const control = await buildMinistryWorld();
    const countsBefore = await worldCounts(control);
    await deactivate(world.ministryId);

    const answer = await remove(world.ministryId, manager);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { success: true });

    assert.deepEqual(await worldCounts(world), {
      ministries: 0, teams: 0, positions: 0, qualifications: 0, schedules: 0, occurrences: 0, requirements: 0, requirementDefaults: 0,
      assignments: 0, responses: 0, swaps: 0, notifications: 0, scopes: 0, calendarGrants: 0, poolGroup: 0, poolMembers: 0, poolRoles: 0,
      calendar: 0, calendarPins: 0, events: 2, ownedEvents: 0,
    });
    assert.deepEqual(await worldCounts(control), countsBefore);
    const events = await db().selectFrom('events').select(['id', 'event_ministry_id']).where('id', 'in', world.eventIds).orderBy('id').execute();
    assert.deepEqual(events, world.eventIds.map((id) => ({ id, event_ministry_id: null })));
    // The church calendar stays, and so does the event's pin on it.
    const churchPins = await db().selectFrom('calendar_events').select('event_id').where('calendar_id', '=', world.churchCalendarId).where('event_id', 'in', world.eventIds).execute();
    assert.equal(churchPins.length, 1);
    assert.equal(await remove(world.ministryId, manager).then((a) => a.status), 404);
  });
});

interface World {
  ministryId: number;
  teamIds: number[];
  positionIds: number[];
  scheduleIds: number[];
  occurrenceIds: number[];
  assignmentIds: number[];
  poolGroupId: number;
  calendarId: number;
  churchCalendarId: number;
  eventIds: number[];
}

/** A ministry with one of every dependent row: the material E15 must clear away. */
async function buildMinistryWorld(): Promise<World> {
  const { ministry, poolGroupId, calendarId } = await createMinistry({ name: unique('World') });
  const ministryId = ministry.id;
  const firstTeam = await defaultTeamId(ministryId);
  const secondTeam = (await addTeam(ministryId)).id;
  const positionIds = [(await addPosition(ministryId, firstTeam)).id, (await addPosition(ministryId, secondTeam)).id];
  const [volunteerA, volunteerB] = [await newPerson(server), await newPerson(server)];
  for (const person of [volunteerA, volunteerB]) {
    const answer = await server.post(`/api/ministries/positions/${positionIds[0]}/qualifications`, { personId: person.id }, as(manager));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
  }
  await newCoordinator(ministryId);
  await newTeamLeader(secondTeam);

  const church = await server.post('/api/calendars', { Name: unique('Church calendar'), ForegroundColor: '000000', BackgroundColor: 'FFFFFF' }, as(admin));
  assert.equal(church.status, 200, JSON.stringify(church.body));
  const churchCalendarId = church.body.Id;
  const opened = await server.put(`/api/calendars/${churchCalendarId}/ministries`, { ministryIds: [ministryId] }, as(admin));
  assert.equal(opened.status, 200, JSON.stringify(opened.body));

  const past = await newEvent({ start: '2026-02-22 09:00:00', end: '2026-02-22 10:00:00', ministryId, pinned: [calendarId] });
  const future = await newEvent({ start: '2026-03-29 09:00:00', end: '2026-03-29 10:00:00', ministryId, pinned: [calendarId, churchCalendarId] });

  const scheduleIds = [await insertSchedule(ministryId, firstTeam), await insertSchedule(ministryId, secondTeam)];
  const template = await insertRequirement({ scheduleId: scheduleIds[0] }, positionIds[0], 2);
  await db().insertInto('requirement_defaults').values({ requirement_id: template, person_id: volunteerA.id, accepted: false, set_by_person_id: manager.personId, sort: 0 }).execute();
  await insertRequirement({ scheduleId: scheduleIds[1] }, positionIds[1], 1);
  const occurrenceIds = [await insertOccurrence(scheduleIds[0], past), await insertOccurrence(scheduleIds[0], future), await insertOccurrence(scheduleIds[1], future)];
  await insertRequirement({ occurrenceId: occurrenceIds[1] }, positionIds[0], 3);

  const history = await insertAssignment(occurrenceIds[0], positionIds[0], volunteerA.id, 'completed');
  const upcoming = await insertAssignment(occurrenceIds[1], positionIds[0], volunteerA.id, 'pending');
  const declined = await insertAssignment(occurrenceIds[1], positionIds[0], volunteerB.id, 'declined');
  await db().insertInto('responses').values([
    { assignment_id: declined, person_id: volunteerB.id, response: 'declined', response_at: NOW_WALL_CLOCK, channel: 'web', comment: null },
    { assignment_id: upcoming, person_id: volunteerA.id, response: 'substitute_proposed', response_at: NOW_WALL_CLOCK, channel: 'web', comment: null },
  ]).execute();
  await db().insertInto('swaps').values({
    assignment_id: upcoming, proposed_by_person_id: volunteerA.id, proposed_person_id: volunteerB.id, proposed_at: NOW_WALL_CLOCK, comment: null,
  }).execute();
  await db().insertInto('notifications').values([
    { type: 'assignment', person_id: volunteerA.id, assignment_id: upcoming, occurrence_id: occurrenceIds[1], context: null, dedupe_key: unique('assignment'), scheduled_for: NOW_WALL_CLOCK, created_at: NOW_WALL_CLOCK },
    { type: 'gap_alert', person_id: manager.personId, assignment_id: null, occurrence_id: occurrenceIds[2], context: null, dedupe_key: unique('gap'), scheduled_for: NOW_WALL_CLOCK, created_at: NOW_WALL_CLOCK },
  ]).execute();

  return {
    ministryId, teamIds: [firstTeam, secondTeam], positionIds, scheduleIds, occurrenceIds, assignmentIds: [history, upcoming, declined],
    poolGroupId, calendarId, churchCalendarId, eventIds: [past, future],
  };
}

async function worldCounts(world: World) {
  const count = async (query: { select: (s: any) => any }) => {
    const row = await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    return row.n as number;
  };
  const d = db();
  return {
    ministries: await count(d.selectFrom('ministries').where('id', '=', world.ministryId)),
    teams: await count(d.selectFrom('teams').where('id', 'in', world.teamIds)),
    positions: await count(d.selectFrom('positions').where('id', 'in', world.positionIds)),
    qualifications: await count(d.selectFrom('qualifications').where('position_id', 'in', world.positionIds)),
    schedules: await count(d.selectFrom('schedules').where('id', 'in', world.scheduleIds)),
    occurrences: await count(d.selectFrom('occurrences').where('id', 'in', world.occurrenceIds)),
    requirements: await count(d.selectFrom('requirements').where('position_id', 'in', world.positionIds)),
    requirementDefaults: await count(d.selectFrom('requirement_defaults').innerJoin('requirements', 'requirements.id', 'requirement_defaults.requirement_id').where('requirements.position_id', 'in', world.positionIds)),
    assignments: await count(d.selectFrom('assignments').where('id', 'in', world.assignmentIds)),
    responses: await count(d.selectFrom('responses').where('assignment_id', 'in', world.assignmentIds)),
    swaps: await count(d.selectFrom('swaps').where('assignment_id', 'in', world.assignmentIds)),
    notifications: await count(d.selectFrom('notifications').where((eb) => eb.or([eb('assignment_id', 'in', world.assignmentIds), eb('occurrence_id', 'in', world.occurrenceIds)]))),
    scopes: await count(d.selectFrom('scopes').where((eb) => eb.or([eb('ministry_id', '=', world.ministryId), eb('team_id', 'in', world.teamIds)]))),
    calendarGrants: await count(d.selectFrom('calendar_ministry_grants').where('ministry_id', '=', world.ministryId)),
    poolGroup: await count(d.selectFrom('groups').where('id', '=', world.poolGroupId)),
    poolMembers: await count(d.selectFrom('group_members').where('group_id', '=', world.poolGroupId)),
    poolRoles: await count(d.selectFrom('group_roles').where('group_id', '=', world.poolGroupId)),
    calendar: await count(d.selectFrom('calendars').where('id', '=', world.calendarId)),
    calendarPins: await count(d.selectFrom('calendar_events').where('calendar_id', '=', world.calendarId)),
    events: await count(d.selectFrom('events').where('id', 'in', world.eventIds)),
    ownedEvents: await count(d.selectFrom('events').where('event_ministry_id', '=', world.ministryId)),
  };
}

describe('GET /api/me/permissions and /api/ministries/me/permissions', () => {
  const paths = ['/api/me/permissions', '/api/ministries/me/permissions'];
  const permissionsOf = async (user: TestUser) => {
    const answers = await Promise.all(paths.map((path) => server.get(path, as(user))));
    for (const answer of answers) assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answers[0].body, answers[1].body);
    return answers[0].body;
  };
  const nothing = { isAdmin: false, isGlobalManager: false, isCoordinator: false, isTeamLeader: false, managedMinistryIds: [], managedTeamIds: [] };

  it('answers a login with no flags and no grants with all false and empty arrays', async () => {
    assert.deepEqual(await permissionsOf(volunteer), nothing);
  });

  it('marks an administrator as administrator and global manager, with no grants', async () => {
    assert.deepEqual(await permissionsOf(admin), { ...nothing, isAdmin: true, isGlobalManager: true });
  });

  it('marks a manageMinistries login as global manager only', async () => {
    assert.deepEqual(await permissionsOf(manager), { ...nothing, isGlobalManager: true });
  });

  it('lists a coordinator\'s ministries, and as teams the team grants united with every team of those ministries', async () => {
    const { ministry } = await createMinistry();
    const firstTeam = await defaultTeamId(ministry.id);
    const secondTeam = (await addTeam(ministry.id)).id;
    const { ministry: elsewhere } = await createMinistry();
    const ledTeam = await defaultTeamId(elsewhere.id);
    const coordinator = await newCoordinator(ministry.id);
    await grant(coordinator.personId, 'team', ledTeam);
    assert.deepEqual(await permissionsOf(coordinator), {
      ...nothing,
      isCoordinator: true,
      isTeamLeader: true,
      managedMinistryIds: [ministry.id],
      managedTeamIds: [firstTeam, secondTeam, ledTeam].sort((a, b) => a - b),
    });
  });

  it('marks a team leader with their led teams only', async () => {
    const { ministry } = await createMinistry();
    const team = await defaultTeamId(ministry.id);
    await addTeam(ministry.id);
    const leader = await newTeamLeader(team);
    assert.deepEqual(await permissionsOf(leader), { ...nothing, isTeamLeader: true, managedTeamIds: [team] });
  });

  it('lists a ministry grant without manageMyMinistries, with its teams, but makes no coordinator of it nor of the flag alone', async () => {
    const { ministry } = await createMinistry();
    const teams = [await defaultTeamId(ministry.id), (await addTeam(ministry.id)).id].sort((a, b) => a - b);
    const grantOnly = await newUser(server);
    await grant(grantOnly.personId, 'ministry', ministry.id);
    assert.deepEqual(await permissionsOf(grantOnly), { ...nothing, managedMinistryIds: [ministry.id], managedTeamIds: teams });
    const flagOnly = await newUser(server, { roles: ['manageMyMinistries'] });
    assert.deepEqual(await permissionsOf(flagOnly), nothing);
  });

  it('refuses with 401 without an API key', async () => {
    for (const path of paths) assertError(await server.get(path), 401, 'Invalid API key');
  });
});

describe('rollout gate (sVolunteerVersion)', () => {
  let ministryId: number;
  let inactiveId: number;
  let coordinator: TestUser;
  before(async () => {
    ministryId = (await createMinistry()).ministry.id;
    inactiveId = (await createMinistry()).ministry.id;
    assert.equal((await server.post(`/api/ministries/ministries/${inactiveId}`, { active: false }, as(manager))).status, 200);
    coordinator = await newCoordinator(ministryId);
  });
  after(() => setRollout('v2'));

  const gated = (): Array<[string, string, unknown?]> => [
    ['GET', '/api/ministries/status'],
    ['GET', '/api/ministries/ministries'],
    ['POST', '/api/ministries/ministries', { name: unique('Closed') }],
    ['GET', `/api/ministries/ministries/${ministryId}`],
    ['GET', `/api/ministries/${ministryId}`],
    ['GET', `/api/ministries/ministries/${ministryId}/summary`],
    ['POST', `/api/ministries/ministries/${ministryId}`, { helpWanted: true }],
    ['DELETE', `/api/ministries/ministries/${inactiveId}`],
    ['GET', '/api/ministries/me/permissions'],
    ['GET', '/api/me/permissions'],
    ['GET', '/api/calendars/pinnable'],
  ];

  for (const value of ['v1', 'wat']) {
    it(`closes every volunteer route with 403 under "${value}", administrators included`, async () => {
      await setRollout(value);
      try {
        for (const user of [admin, manager, coordinator, volunteer]) {
          for (const [method, url, body] of gated()) {
            const answer = await server.request(method as 'GET', url, { key: user.apiKey, body });
            assertError(answer, 403, ROLLOUT_REFUSAL);
          }
        }
      } finally {
        await setRollout('v2');
      }
      const row = await db().selectFrom('ministries').select(['help_wanted']).where('id', '=', ministryId).executeTakeFirstOrThrow();
      assert.equal(row.help_wanted, false);
      assert.ok(await db().selectFrom('ministries').select('id').where('id', '=', inactiveId).executeTakeFirst());
    });
  }

  it('answers 401 before the rollout 403 when the key is missing', async () => {
    await setRollout('v1');
    try {
      for (const [method, url, body] of gated()) {
        assertError(await server.request(method as 'GET', url, { body }), 401, 'Invalid API key');
      }
    } finally {
      await setRollout('v2');
    }
  });

  it('reopens under "both", and /status reports {version:"both", v1Enabled:true, v2Enabled:true}', async () => {
    await setRollout('v1');
    await setRollout('both');
    const status = await server.get('/api/ministries/status', as(volunteer));
    assert.equal(status.status, 200);
    assert.deepEqual(status.body, { version: 'both', v1Enabled: true, v2Enabled: true });
    assert.equal((await server.get('/api/ministries/ministries', as(coordinator))).status, 200);
    assert.equal((await server.get('/api/me/permissions', as(volunteer))).status, 200);
  });

  it('adds an active event type `Other` when switching to v2 or both and none of that name exists', async () => {
    for (const value of ['v2', 'both']) {
      await setRollout('v1');
      await db().deleteFrom('event_types').where('name', '=', 'Other').execute();
      await setRollout(value);
      const others = await db().selectFrom('event_types').select(['name', 'active']).where('name', '=', 'Other').execute();
      assert.deepEqual(others, [{ name: 'Other', active: true }], value);
      const listed = await server.get('/api/events/types', as(admin));
      assert.ok(listed.body.some((t: { Name: string; Active: boolean }) => t.Name === 'Other' && t.Active));
    }
  });

  it('keeps an existing `Other`, even an inactive one, rather than adding a second', async () => {
    await db().updateTable('event_types').set({ active: false }).where('name', '=', 'Other').execute();
    await setRollout('v1');
    await setRollout('v2');
    const others = await db().selectFrom('event_types').select(['name', 'active']).where(sql`lower(name)`, '=', 'other').execute();
    assert.deepEqual(others, [{ name: 'Other', active: false }]);
    await db().updateTable('event_types').set({ active: true }).where('name', '=', 'Other').execute();
  });

  it('keeps an existing type named `other` in another case rather than failing the switch', async () => {
    await db().updateTable('event_types').set({ name: 'OTHER' }).where('name', '=', 'Other').execute();
    try {
      await setRollout('v1');
      const answer = await server.post('/admin/api/system/config/sVolunteerVersion', { value: 'v2' }, as(admin));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const others = await db().selectFrom('event_types').select('name').where(sql`lower(name)`, '=', 'other').execute();
      assert.deepEqual(others, [{ name: 'OTHER' }]);
    } finally {
      await setRollout('v2').catch(() => undefined);
      await db().updateTable('event_types').set({ name: 'Other' }).where('name', '=', 'OTHER').execute();
      await setRollout('v2');
    }
  });
});

describe('check order on the ministry routes (contract §1.5)', () => {
  let ministryId: number;
  let outsider: TestUser;
  let coordinator: TestUser;
  before(async () => {
    ministryId = (await createMinistry()).ministry.id;
    coordinator = await newCoordinator(ministryId);
    outsider = await newCoordinator((await createMinistry()).ministry.id);
  });

  it('answers 401, then the rollout 403, then the gate 403, then 404, then the scope 403, then 400', async () => {
    const url = (id: number) => `/api/ministries/ministries/${id}`;
    const badBody = { sundaySchool: 'yes' };
    await setRollout('v1');
    try {
      assertError(await server.post(url(987654), badBody), 401, 'Invalid API key');
      assertError(await server.post(url(987654), badBody, as(volunteer)), 403, ROLLOUT_REFUSAL);
    } finally {
      await setRollout('v2');
    }
    assertError(await server.post(url(987654), badBody, as(volunteer)), 403, COORDINATOR_GATE);
    assertError(await server.post(url(987654), badBody, as(outsider)), 404, 'Ministry not found');
    assertError(await server.post(url(ministryId), badBody, as(outsider)), 403, OUT_OF_SCOPE);
    assertError(await server.post(url(ministryId), badBody, as(coordinator)), 400, STRICT_SUNDAY_SCHOOL);
  });

  it('answers the manager gate 403 on POST /ministries before reading the body', async () => {
    assertError(await server.post('/api/ministries/ministries', { sundaySchool: 'yes' }, as(coordinator)), 403, MANAGER_GATE);
    assertError(await server.post('/api/ministries/ministries', { sundaySchool: 'yes' }, as(volunteer)), 403, COORDINATOR_GATE);
  });
});
