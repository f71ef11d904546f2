import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { newAdmin, newPerson, newUser, type TestUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let admin: TestUser;
let otherTypeId: number;
before(async () => {
  server = await startTestServer();
  admin = await newAdmin(server);
  const types = await server.get('/api/events/types', asAdmin);
  otherTypeId = types.body.find((t: { Name: string }) => t.Name === 'Other').Id;
});
after(() => server.close());

const asAdmin = { get key() { return admin.apiKey; } };
const as = (user: TestUser) => ({ key: user.apiKey });
const db = () => server.database.db;
const NOW = '2026-03-04 10:00:00';
const CLASS_EVENTS_UPDATE_MESSAGE = 'classEvents must be one of keep, remove, move';
const CLASS_EVENTS_DELETE_MESSAGE = 'classEvents must be one of keep, remove, delete';

function assertError(answer: { status: number; body: any }, status: number, message?: string) {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.equal(answer.body.success, false);
  assert.equal(answer.body.code, status);
  assert.equal(answer.body.error, answer.body.message);
  if (message !== undefined) assert.equal(answer.body.message, message);
}

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}`;

interface Ministry { id: number; name: string; defaultTeamId: number }

async function newMinistry(options: { sundaySchool?: boolean; name?: string } = {}): Promise<Ministry> {
  const name = options.name ?? unique('Ministry');
  const answer = await server.post('/api/ministries/ministries', { name, sundaySchool: options.sundaySchool ?? true }, asAdmin);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  const id = answer.body.ministry.id as number;
  const team = await db().selectFrom('teams').select('id').where('ministry_id', '=', id).executeTakeFirstOrThrow();
  return { id, name, defaultTeamId: team.id };
}

async function newClass(name = unique('Class')): Promise<number> {
  const answer = await server.post('/api/groups/', { groupName: name, isSundaySchool: true }, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.Id;
}

async function newPlainGroup(): Promise<number> {
  const answer = await server.post('/api/groups/', { groupName: unique('Group') }, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.Id;
}

async function addToGroup(groupId: number, personId: number, roleId: number) {
  const answer = await server.post(`/api/groups/${groupId}/addperson/${personId}`, { RoleID: roleId }, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

/** A class with one teacher; answers the class and the teacher's person id. */
async function newClassWithTeacher() {
  const classId = await newClass();
  const teacher = await newPerson(server);
  await addToGroup(classId, teacher.id, 1);
  return { classId, teacherId: teacher.id };
}

async function newTeam(ministryId: number, body: Record<string, unknown> = {}) {
  const answer = await server.post(`/api/ministries/ministries/${ministryId}/teams`, { name: unique('Team'), ...body }, asAdmin);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.team as { id: number; name: string; classGroupId: number | null };
}

async function newEvent(options: { ministryId?: number; linkedGroupId?: number; start?: string; title?: string } = {}): Promise<number> {
  const start = options.start ?? '2026-03-08 09:00:00';
  const answer = await server.post('/api/events', {
    Title: options.title ?? unique('Lesson'), Type: otherTypeId, Start: start, End: `${start.slice(0, 10)} 10:00:00`, PinnedCalendars: [],
    ...(options.ministryId !== undefined ? { MinistryId: options.ministryId } : {}),
    ...(options.linkedGroupId !== undefined ? { LinkedGroupId: options.linkedGroupId } : {}),
  }, asAdmin);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.eventId;
}

async function grantScope(personId: number, scopeType: 'ministry' | 'team', scopeId: number) {
  const answer = await server.post('/api/ministries/scopes', { personId, scopeType, scopeId }, asAdmin);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.scope.id as number;
}

async function newCoordinator(ministryId: number): Promise<TestUser> {
  const user = await newUser(server, { roles: ['manageMyMinistries'] });
  await grantScope(user.personId, 'ministry', ministryId);
  return user;
}

/** A self-service login leading one team. */
async function newLeader(teamId: number): Promise<TestUser> {
  const user = await newUser(server);
  await grantScope(user.personId, 'team', teamId);
  return user;
}

async function linkedGroupsOf(eventId: number): Promise<number[]> {
  const rows = await db().selectFrom('event_audience').select('group_id').where('event_id', '=', eventId).orderBy('group_id').execute();
  return rows.map((row) => row.group_id);
}

async function eventExists(eventId: number): Promise<boolean> {
  return (await db().selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst()) !== undefined;
}

async function countWhere(table: keyof DB, column: string, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db()
    .selectFrom(table as any)
    .select(sql<number>`count(*)::int`.as('n'))
    .where(column as any, 'in', [...ids])
    .executeTakeFirstOrThrow();
  return (row as { n: number }).n;
}

async function countAll(table: keyof DB): Promise<number> {
  const row = await db().selectFrom(table as any).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return (row as { n: number }).n;
}

/**
 * Everything a team can carry, written straight to the tables (no routes for them yet): a position with a
 * qualification, a schedule with a requirement and a default, an occurrence on the event with its own
 * requirement, a live and a declined assignment, a response, a swap and notifications.
 */
async function staffTeam(ministryId: number, teamId: number, eventId: number, status: 'pending' | 'accepted' = 'accepted') {
  const volunteer = await newPerson(server);
  const substitute = await newPerson(server);
  const position = await db().insertInto('positions').values({ ministry_id: ministryId, team_id: teamId, name: unique('Position') })
    .returning('id').executeTakeFirstOrThrow();
  const qualification = await db().insertInto('qualifications').values({ person_id: volunteer.id, position_id: position.id, granted_at: NOW })
    .returning('id').executeTakeFirstOrThrow();
  const schedule = await db().insertInto('schedules').values({
    ministry_id: ministryId, team_id: teamId, name: unique('Schedule'), link_mode: 'ministry', window_start: '2026-03-01',
  }).returning('id').executeTakeFirstOrThrow();
  const scheduleRequirement = await db().insertInto('requirements').values({ schedule_id: schedule.id, position_id: position.id, min_count: 2 })
    .returning('id').executeTakeFirstOrThrow();
  const requirementDefault = await db().insertInto('requirement_defaults').values({ requirement_id: scheduleRequirement.id, person_id: volunteer.id })
    .returning('id').executeTakeFirstOrThrow();
  const occurrence = await db().insertInto('occurrences').values({
    schedule_id: schedule.id, event_id: eventId, occurrence_date: '2026-03-08', generated_at: NOW,
  }).returning('id').executeTakeFirstOrThrow();
  const occurrenceRequirement = await db().insertInto('requirements').values({ occurrence_id: occurrence.id, position_id: position.id, min_count: 1 })
    .returning('id').executeTakeFirstOrThrow();
  const live = await db().insertInto('assignments').values({
    occurrence_id: occurrence.id, position_id: position.id, person_id: volunteer.id, status, assigned_at: NOW,
  }).returning('id').executeTakeFirstOrThrow();
  const declined = await db().insertInto('assignments').values({
    occurrence_id: occurrence.id, position_id: position.id, person_id: substitute.id, status: 'declined', assigned_at: NOW,
  }).returning('id').executeTakeFirstOrThrow();
  const response = await db().insertInto('responses').values({ assignment_id: declined.id, person_id: substitute.id, response: 'declined', response_at: NOW })
    .returning('id').executeTakeFirstOrThrow();
  const swap = await db().insertInto('swaps').values({
    assignment_id: live.id, proposed_by_person_id: volunteer.id, proposed_person_id: substitute.id, proposed_at: NOW,
  }).returning('id').executeTakeFirstOrThrow();
  const assignmentNotice = await db().insertInto('notifications').values({
    type: 'assignment', person_id: volunteer.id, assignment_id: live.id, occurrence_id: occurrence.id,
    dedupe_key: unique('assignment'), scheduled_for: NOW, created_at: NOW,
  }).returning('id').executeTakeFirstOrThrow();
  const gapNotice = await db().insertInto('notifications').values({
    type: 'gap_alert', person_id: volunteer.id, occurrence_id: occurrence.id, dedupe_key: unique('gap'), scheduled_for: NOW, created_at: NOW,
  }).returning('id').executeTakeFirstOrThrow();
  return {
    positions: [position.id],
    qualifications: [qualification.id],
    schedules: [schedule.id],
    requirements: [scheduleRequirement.id, occurrenceRequirement.id],
    requirement_defaults: [requirementDefault.id],
    occurrences: [occurrence.id],
    assignments: [live.id, declined.id],
    responses: [response.id],
    swaps: [swap.id],
    notifications: [assignmentNotice.id, gapNotice.id],
  };
}

type Staffing = Awaited<ReturnType<typeof staffTeam>>;

/** How many of the staffing rows are still stored, table by table. */
async function remaining(staffing: Staffing) {
  const counts: Record<string, number> = {};
  for (const [table, ids] of Object.entries(staffing)) counts[table] = await countWhere(table as keyof DB, 'id', ids);
  return counts;
}

const allOf = (staffing: Staffing) => Object.fromEntries(Object.entries(staffing).map(([table, ids]) => [table, ids.length]));
const noneOf = (staffing: Staffing) => Object.fromEntries(Object.keys(staffing).map((table) => [table, 0]));

describe('GET /api/ministries/ministries/{id}/teams', () => {
  it('lists the ministry\'s teams in the team shape with leaders [] even when a team has a leader', async () => {
    const ministry = await newMinistry();
    const classId = await newClass('Kindergarten class');
    const team = await newTeam(ministry.id, { name: 'Kindergarten', description: 'Ages 5 to 6', classGroupId: classId });
    await newLeader(team.id);
    await db().insertInto('positions').values({ ministry_id: ministry.id, team_id: team.id, name: 'Helper' }).execute();
    const answer = await server.get(`/api/ministries/ministries/${ministry.id}/teams`, asAdmin);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.teams, [
      { id: team.id, ministryId: ministry.id, name: 'Kindergarten', description: 'Ages 5 to 6', active: true, positionCount: 1, leaders: [], classGroupId: classId, classGroupName: 'Kindergarten class' },
      { id: ministry.defaultTeamId, ministryId: ministry.id, name: `${ministry.name} Team`, description: null, active: true, positionCount: 0, leaders: [], classGroupId: null, classGroupName: null },
    ]);
  });

  it('filters by active: 1 lists active teams only, 0 inactive only, "" all', async () => {
    const ministry = await newMinistry();
    const retired = await newTeam(ministry.id);
    assert.equal((await server.post(`/api/ministries/teams/${retired.id}`, { active: false }, asAdmin)).status, 200);
    const ids = async (active: string) =>
      (await server.get(`/api/ministries/ministries/${ministry.id}/teams`, { ...asAdmin, query: { active } })).body.teams.map((t: { id: number }) => t.id);
    assert.deepEqual(await ids('1'), [ministry.defaultTeamId]);
    assert.deepEqual(await ids('0'), [retired.id]);
    assert.deepEqual((await ids('')).sort(), [ministry.defaultTeamId, retired.id].sort());
  });

  it('answers 404 Ministry not found for an unknown ministry, before the scope check', async () => {
    const ministry = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    assertError(await server.get('/api/ministries/ministries/987654/teams', as(coordinator)), 404, 'Ministry not found');
  });

  it('refuses a coordinator of another ministry and a team leader with 403 Not authorized for this ministry', async () => {
    const ministry = await newMinistry();
    const elsewhere = await newCoordinator((await newMinistry()).id);
    const leader = await newLeader(ministry.defaultTeamId);
    assertError(await server.get(`/api/ministries/ministries/${ministry.id}/teams`, as(elsewhere)), 403, 'Not authorized for this ministry');
    assertError(await server.get(`/api/ministries/ministries/${ministry.id}/teams`, as(leader)), 403, 'Not authorized for this ministry');
  });

  it('lets the ministry\'s coordinator list its teams', async () => {
    const ministry = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    const answer = await server.get(`/api/ministries/ministries/${ministry.id}/teams`, as(coordinator));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.teams.map((t: { id: number }) => t.id), [ministry.defaultTeamId]);
  });

  it('stops a login with no role and no grant at the coordinator gate (403), and a missing key with 401', async () => {
    const ministry = await newMinistry();
    const volunteer = await newUser(server);
    assertError(await server.get(`/api/ministries/ministries/${ministry.id}/teams`, as(volunteer)), 403,
      'Manage My Ministries access, with a ministry or team to manage, is required');
    assertError(await server.get(`/api/ministries/ministries/${ministry.id}/teams`), 401, 'Invalid API key');
  });
});

describe('POST /api/ministries/ministries/{id}/teams', () => {
  it('creates a team (201) with the team shape, trimmed name and no class', async () => {
    const ministry = await newMinistry({ sundaySchool: false });
    const answer = await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: '  Greeters  ', description: 'Front door' }, asAdmin);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, {
      team: { id: answer.body.team.id, ministryId: ministry.id, name: 'Greeters', description: 'Front door', active: true, positionCount: 0, leaders: [], classGroupId: null, classGroupName: null },
    });
    const stored = await db().selectFrom('teams').selectAll().where('id', '=', answer.body.team.id).executeTakeFirstOrThrow();
    assert.equal(stored.ministry_id, ministry.id);
  });

  it('lets the ministry\'s coordinator create a team and refuses a team leader with 403', async () => {
    const ministry = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    const leader = await newLeader(ministry.defaultTeamId);
    assert.equal((await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team') }, as(coordinator))).status, 201);
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team') }, as(leader)), 403, 'Not authorized for this ministry');
  });

  it('answers 403 rather than 400 for a bad body on a ministry out of scope (§1.5)', async () => {
    const ministry = await newMinistry();
    const elsewhere = await newCoordinator((await newMinistry()).id);
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { classGroupId: 'x' }, as(elsewhere)), 403, 'Not authorized for this ministry');
  });

  it('answers 404 Ministry not found for an unknown ministry', async () => {
    assertError(await server.post('/api/ministries/ministries/987654/teams', { name: 'Anything' }, asAdmin), 404, 'Ministry not found');
  });

  it('refuses a missing or blank name with 400', async () => {
    const ministry = await newMinistry();
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, {}, asAdmin), 400);
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: '   ' }, asAdmin), 400);
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
  });

  it('refuses a duplicate team name in the ministry, ignoring case, with 409', async () => {
    const ministry = await newMinistry();
    await newTeam(ministry.id, { name: 'Nursery' });
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: 'NURSERY' }, asAdmin), 409);
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 2);
  });

  it('accepts a name another ministry already uses', async () => {
    const first = await newMinistry();
    const second = await newMinistry();
    await newTeam(first.id, { name: 'Parking' });
    assert.equal((await server.post(`/api/ministries/ministries/${second.id}/teams`, { name: 'parking' }, asAdmin)).status, 201);
  });

  it('refuses a classGroupId that is not an id with 400 classGroupId must be a group id or null', async () => {
    const ministry = await newMinistry();
    for (const classGroupId of ['x', 0, -3, 1.5]) {
      assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId }, asAdmin),
        400, 'classGroupId must be a group id or null');
    }
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
  });

  it('accepts classGroupId null as no class', async () => {
    const ministry = await newMinistry();
    const team = await newTeam(ministry.id, { classGroupId: null });
    assert.equal(team.classGroupId, null);
  });

  it('refuses an importPositionId that is not an id with 400 importPositionId must be a position id', async () => {
    const ministry = await newMinistry();
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), importPositionId: 'first' }, asAdmin),
      400, 'importPositionId must be a position id');
  });

  it('links an empty Sunday School class and answers its id and name', async () => {
    const ministry = await newMinistry();
    const classId = await newClass('Third grade');
    const answer = await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: 'Third grade team', classGroupId: classId }, asAdmin);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.team.classGroupId, classId);
    assert.equal(answer.body.team.classGroupName, 'Third grade');
  });

  it('refuses a class with 400 when the ministry has sundaySchool off, creating no team', async () => {
    const ministry = await newMinistry({ sundaySchool: false });
    const classId = await newClass();
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: classId }, asAdmin), 400);
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
  });

  it('refuses with 400 a group that is not a Sunday School class, and an unknown group', async () => {
    const ministry = await newMinistry();
    const group = await newPlainGroup();
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: group }, asAdmin), 400);
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: 987654 }, asAdmin), 400);
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
  });

  it('refuses with 400 a class that has teachers when no import position is given, writing nothing', async () => {
    const ministry = await newMinistry();
    const { classId } = await newClassWithTeacher();
    const [qualifications, positions] = [await countAll('qualifications'), await countWhere('positions', 'ministry_id', [ministry.id])];
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: classId }, asAdmin), 400);
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: classId, importPositionName: '  ' }, asAdmin), 400);
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
    assert.equal(await countWhere('positions', 'ministry_id', [ministry.id]), positions);
    assert.equal(await countAll('qualifications'), qualifications);
    assert.equal(await countWhere('teams', 'class_group_id', [classId]), 0);
  });

  it('with importPositionName creates the position and makes the current teachers qualified pool members', async () => {
    const ministry = await newMinistry();
    const classId = await newClass();
    const [teacher, secondTeacher, student] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    await addToGroup(classId, teacher.id, 1);
    await addToGroup(classId, secondTeacher.id, 1);
    await addToGroup(classId, student.id, 2);
    const answer = await server.post(`/api/ministries/ministries/${ministry.id}/teams`,
      { name: unique('Team'), classGroupId: classId, importPositionName: ' Lead teacher ' }, asAdmin);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.team.positionCount, 1);
    const position = await db().selectFrom('positions').selectAll().where('team_id', '=', answer.body.team.id).executeTakeFirstOrThrow();
    assert.equal(position.name, 'Lead teacher');
    assert.equal(position.ministry_id, ministry.id);
    const qualified = await db().selectFrom('qualifications').select(['person_id', 'active']).where('position_id', '=', position.id).orderBy('person_id').execute();
    assert.deepEqual(qualified, [{ person_id: teacher.id, active: true }, { person_id: secondTeacher.id, active: true }]);
    const pool = await db().selectFrom('groups').select('id').where('ministry_id', '=', ministry.id).executeTakeFirstOrThrow();
    const members = await db().selectFrom('group_members').select('person_id').where('group_id', '=', pool.id).orderBy('person_id').execute();
    assert.deepEqual(members.map((m) => m.person_id), [teacher.id, secondTeacher.id]);
  });

  it('refuses with 409 a class already linked to another team, in this ministry or another', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry();
    const classId = await newClass();
    await newTeam(ministry.id, { classGroupId: classId });
    assertError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: classId }, asAdmin), 409);
    assertError(await server.post(`/api/ministries/ministries/${other.id}/teams`, { name: unique('Team'), classGroupId: classId }, asAdmin), 409);
    assert.equal(await countWhere('teams', 'class_group_id', [classId]), 1);
  });
});

describe('GET /api/ministries/ministries/{id}/linkable-classes', () => {
  it('lists Sunday School classes not linked to a team, with their teacher counts', async () => {
    const ministry = await newMinistry();
    const freeName = unique('Free class');
    const free = await newClass(freeName);
    const taken = await newClass();
    const plain = await newPlainGroup();
    const [teacher, student] = [await newPerson(server), await newPerson(server)];
    await addToGroup(free, teacher.id, 1);
    await addToGroup(free, student.id, 2);
    await newTeam((await newMinistry()).id, { classGroupId: taken });
    const answer = await server.get(`/api/ministries/ministries/${ministry.id}/linkable-classes`, asAdmin);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.sundaySchool, true);
    const ids = answer.body.classes.map((c: { id: number }) => c.id);
    assert.ok(!ids.includes(taken));
    assert.ok(!ids.includes(plain));
    assert.deepEqual(answer.body.classes.find((c: { id: number }) => c.id === free), { id: free, name: freeName, teacherCount: 1 });
  });

  it('includes the class of the team named by teamId, when that team is of this ministry', async () => {
    const ministry = await newMinistry();
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const ids = async (query?: Record<string, string>) =>
      (await server.get(`/api/ministries/ministries/${ministry.id}/linkable-classes`, { ...asAdmin, query })).body.classes.map((c: { id: number }) => c.id);
    assert.ok(!(await ids()).includes(classId));
    assert.ok((await ids({ teamId: String(team.id) })).includes(classId));
  });

  it('refuses with 400 a teamId of another ministry, never offering that team\'s class', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry();
    const classId = await newClass();
    const foreignTeam = await newTeam(other.id, { classGroupId: classId });
    const answer = await server.get(`/api/ministries/ministries/${ministry.id}/linkable-classes`, { ...asAdmin, query: { teamId: String(foreignTeam.id) } });
    assertError(answer, 400, 'Team not found in this ministry');
  });

  it('answers sundaySchool false and no classes when the ministry has sundaySchool off', async () => {
    const ministry = await newMinistry({ sundaySchool: false });
    await newClass();
    const answer = await server.get(`/api/ministries/ministries/${ministry.id}/linkable-classes`, asAdmin);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { sundaySchool: false, classes: [] });
  });

  it('answers 404 for an unknown ministry and 403 to a team leader', async () => {
    const ministry = await newMinistry();
    const leader = await newLeader(ministry.defaultTeamId);
    assertError(await server.get('/api/ministries/ministries/987654/linkable-classes', asAdmin), 404, 'Ministry not found');
    assertError(await server.get(`/api/ministries/ministries/${ministry.id}/linkable-classes`, as(leader)), 403, 'Not authorized for this ministry');
  });
});

describe('GET /api/ministries/teams/{teamId}', () => {
  it('answers the team with its leaders and its positions', async () => {
    const ministry = await newMinistry();
    const team = await newTeam(ministry.id, { name: 'Ushers' });
    const leader = await newUser(server, { person: { first_name: 'Lena', last_name: 'Leader' } });
    const scopeId = await grantScope(leader.personId, 'team', team.id);
    const position = await db().insertInto('positions').values({ ministry_id: ministry.id, team_id: team.id, name: 'Head usher', sort_order: 2 })
      .returning('id').executeTakeFirstOrThrow();
    await db().insertInto('positions').values({ ministry_id: ministry.id, team_id: ministry.defaultTeamId, name: 'Elsewhere' }).execute();
    const answer = await server.get(`/api/ministries/teams/${team.id}`, asAdmin);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.team, {
      id: team.id, ministryId: ministry.id, name: 'Ushers', description: null, active: true, positionCount: 1,
      leaders: [{ scopeId, personId: leader.personId, personName: answer.body.team.leaders[0]?.personName }], classGroupId: null, classGroupName: null,
    });
    assert.match(answer.body.team.leaders[0].personName, /Lena/);
    assert.match(answer.body.team.leaders[0].personName, /Leader/);
    assert.deepEqual(answer.body.positions, [{
      id: position.id, ministryId: ministry.id, teamId: team.id, teamName: 'Ushers', name: 'Head usher', description: null,
      active: true, recruiting: false, selfAssignable: true, order: 2,
    }]);
  });

  it('lets the team\'s leader read it (200) but refuses a leader of another team with 403 Not authorized for this team', async () => {
    const ministry = await newMinistry();
    const team = await newTeam(ministry.id);
    const leader = await newLeader(team.id);
    const otherLeader = await newLeader(ministry.defaultTeamId);
    assert.equal((await server.get(`/api/ministries/teams/${team.id}`, as(leader))).status, 200);
    assertError(await server.get(`/api/ministries/teams/${team.id}`, as(otherLeader)), 403, 'Not authorized for this team');
  });

  it('answers 404 Team not found for an unknown or non-numeric team, even to an out-of-scope caller', async () => {
    const leader = await newLeader((await newMinistry()).defaultTeamId);
    assertError(await server.get('/api/ministries/teams/987654', as(leader)), 404, 'Team not found');
    assert.equal((await server.get('/api/ministries/teams/abc', asAdmin)).status, 404);
  });
});

describe('team routes behind the rollout gate', () => {
  it('answer 403 Volunteer Management V2 is not enabled to an administrator while sVolunteerVersion is v1', async () => {
    const ministry = await newMinistry();
    assert.equal((await server.post('/admin/api/system/config/sVolunteerVersion', { value: 'v1' }, asAdmin)).status, 200);
    try {
      for (const answer of [
        await server.get(`/api/ministries/teams/${ministry.defaultTeamId}`, asAdmin),
        await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team') }, asAdmin),
        await server.delete(`/api/ministries/teams/${ministry.defaultTeamId}`, asAdmin),
      ]) assertError(answer, 403, 'Volunteer Management V2 is not enabled');
    } finally {
      assert.equal((await server.post('/admin/api/system/config/sVolunteerVersion', { value: 'v2' }, asAdmin)).status, 200);
    }
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
  });
});

describe('POST /api/ministries/teams/{teamId}', () => {
  it('renames, describes and deactivates a team (permissive active) and answers the team', async () => {
    const ministry = await newMinistry();
    const team = await newTeam(ministry.id);
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { name: ' Renamed ', description: 'New words', active: 'off' }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.team.name, 'Renamed');
    assert.equal(answer.body.team.description, 'New words');
    assert.equal(answer.body.team.active, false);
    const stored = await db().selectFrom('teams').selectAll().where('id', '=', team.id).executeTakeFirstOrThrow();
    assert.deepEqual([stored.name, stored.description, stored.active], ['Renamed', 'New words', false]);
    assert.equal((await server.post(`/api/ministries/teams/${team.id}`, { active: 'yes' }, asAdmin)).body.team.active, true);
  });

  it('lets the ministry\'s coordinator edit the team', async () => {
    const ministry = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    const answer = await server.post(`/api/ministries/teams/${ministry.defaultTeamId}`, { description: 'by the coordinator' }, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.team.description, 'by the coordinator');
  });

  it('refuses the team\'s own leader with 403 and changes nothing, even with a bad body', async () => {
    const ministry = await newMinistry();
    const team = await newTeam(ministry.id, { name: 'Original' });
    const leader = await newLeader(team.id);
    assertError(await server.post(`/api/ministries/teams/${team.id}`, { name: 'Taken over' }, as(leader)), 403, 'Not authorized for this team');
    assertError(await server.post(`/api/ministries/teams/${team.id}`, { classEvents: 'bogus', classGroupId: 'x' }, as(leader)), 403, 'Not authorized for this team');
    const stored = await db().selectFrom('teams').select('name').where('id', '=', team.id).executeTakeFirstOrThrow();
    assert.equal(stored.name, 'Original');
  });

  it('refuses a coordinator of another ministry with 403, and answers 404 for an unknown team', async () => {
    const ministry = await newMinistry();
    const elsewhere = await newCoordinator((await newMinistry()).id);
    assertError(await server.post(`/api/ministries/teams/${ministry.defaultTeamId}`, { name: 'X' }, as(elsewhere)), 403, 'Not authorized for this team');
    assertError(await server.post('/api/ministries/teams/987654', { name: 'X' }, as(elsewhere)), 404, 'Team not found');
  });

  it('refuses a duplicate name ignoring case with 409, but keeps its own name in another case', async () => {
    const ministry = await newMinistry();
    await newTeam(ministry.id, { name: 'Cafe' });
    const team = await newTeam(ministry.id, { name: 'Bookstall' });
    assertError(await server.post(`/api/ministries/teams/${team.id}`, { name: 'CAFE' }, asAdmin), 409);
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { name: 'BOOKSTALL' }, asAdmin);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.team.name, 'BOOKSTALL');
  });

  it('refuses an empty name with 400', async () => {
    const ministry = await newMinistry();
    assertError(await server.post(`/api/ministries/teams/${ministry.defaultTeamId}`, { name: ' ' }, asAdmin), 400);
  });

  it('refuses an unknown classEvents with 400 listing keep, remove, move', async () => {
    const ministry = await newMinistry();
    for (const classEvents of ['delete', 'KEEP', 5]) {
      assertError(await server.post(`/api/ministries/teams/${ministry.defaultTeamId}`, { classEvents }, asAdmin), 400, CLASS_EVENTS_UPDATE_MESSAGE);
    }
  });

  it('refuses classGroupId "x" with 400 classGroupId must be a group id or null', async () => {
    const ministry = await newMinistry();
    assertError(await server.post(`/api/ministries/teams/${ministry.defaultTeamId}`, { classGroupId: 'x' }, asAdmin), 400, 'classGroupId must be a group id or null');
  });

  it('refuses classEvents move with 400 without a new class: class absent, the same class, or null', async () => {
    const ministry = await newMinistry();
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    assertError(await server.post(`/api/ministries/teams/${team.id}`, { classEvents: 'move' }, asAdmin), 400);
    assertError(await server.post(`/api/ministries/teams/${team.id}`, { classEvents: 'move', classGroupId: classId }, asAdmin), 400);
    assertError(await server.post(`/api/ministries/teams/${team.id}`, { classEvents: 'move', classGroupId: null }, asAdmin), 400);
    const stored = await db().selectFrom('teams').select('class_group_id').where('id', '=', team.id).executeTakeFirstOrThrow();
    assert.equal(stored.class_group_id, classId);
  });

  it('links a class, and refuses with 409 a class linked to another team', async () => {
    const ministry = await newMinistry();
    const classId = await newClass();
    const team = await newTeam(ministry.id);
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.team.classGroupId, classId);
    assertError(await server.post(`/api/ministries/teams/${ministry.defaultTeamId}`, { classGroupId: classId }, asAdmin), 409);
  });

  it('refuses linking a class with 400 when the ministry has sundaySchool off, or the group is no class', async () => {
    const off = await newMinistry({ sundaySchool: false });
    assertError(await server.post(`/api/ministries/teams/${off.defaultTeamId}`, { classGroupId: await newClass() }, asAdmin), 400);
    const on = await newMinistry();
    assertError(await server.post(`/api/ministries/teams/${on.defaultTeamId}`, { classGroupId: await newPlainGroup() }, asAdmin), 400);
  });

  it('refuses with 400 a new class that has teachers without an import position, and imports them with importPositionName', async () => {
    const ministry = await newMinistry();
    const { classId, teacherId } = await newClassWithTeacher();
    const team = await newTeam(ministry.id);
    assertError(await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId, name: 'Should not stick' }, asAdmin), 400);
    let stored = await db().selectFrom('teams').selectAll().where('id', '=', team.id).executeTakeFirstOrThrow();
    assert.equal(stored.class_group_id, null);
    assert.notEqual(stored.name, 'Should not stick');
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId, importPositionName: 'Teacher' }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    stored = await db().selectFrom('teams').selectAll().where('id', '=', team.id).executeTakeFirstOrThrow();
    assert.equal(stored.class_group_id, classId);
    const qualified = await db().selectFrom('qualifications').innerJoin('positions', 'positions.id', 'qualifications.position_id')
      .select(['qualifications.person_id', 'positions.name']).where('positions.team_id', '=', team.id).execute();
    assert.deepEqual(qualified, [{ person_id: teacherId, name: 'Teacher' }]);
  });

  it('imports the teachers onto an existing position of the team with importPositionId', async () => {
    const ministry = await newMinistry();
    const { classId, teacherId } = await newClassWithTeacher();
    const team = await newTeam(ministry.id);
    const position = await db().insertInto('positions').values({ ministry_id: ministry.id, team_id: team.id, name: 'Teacher' })
      .returning('id').executeTakeFirstOrThrow();
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId, importPositionId: position.id }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const qualified = await db().selectFrom('qualifications').select('person_id').where('position_id', '=', position.id).execute();
    assert.deepEqual(qualified, [{ person_id: teacherId }]);
  });

  it('refuses with 400 an importPositionId that is not a position of this team, linking nothing and qualifying nobody', async () => {
    const ministry = await newMinistry();
    const { classId, teacherId } = await newClassWithTeacher();
    const team = await newTeam(ministry.id);
    const foreign = await db().insertInto('positions').values({ ministry_id: ministry.id, team_id: ministry.defaultTeamId, name: 'Other team' })
      .returning('id').executeTakeFirstOrThrow();
    assertError(await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId, importPositionId: foreign.id }, asAdmin), 400);
    assertError(await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId, importPositionId: 987654 }, asAdmin), 400);
    const stored = await db().selectFrom('teams').select('class_group_id').where('id', '=', team.id).executeTakeFirstOrThrow();
    assert.equal(stored.class_group_id, null);
    assert.equal(await countWhere('qualifications', 'person_id', [teacherId]), 0);
  });

  it('classEvents remove: unlinking takes the class off the ministry\'s events linked to it, never off other ministries\' events', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry();
    const classId = await newClass();
    const otherGroup = await newPlainGroup();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const theirs = await newEvent({ ministryId: other.id, linkedGroupId: classId });
    const nobodys = await newEvent({ linkedGroupId: classId });
    await db().insertInto('event_audience').values({ event_id: ours, group_id: otherGroup }).execute();
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: null, classEvents: 'remove' }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.team.classGroupId, null);
    assert.deepEqual(await linkedGroupsOf(ours), [otherGroup]);
    assert.deepEqual(await linkedGroupsOf(theirs), [classId]);
    assert.deepEqual(await linkedGroupsOf(nobodys), [classId]);
  });

  it('classEvents keep (the default): unlinking leaves the events linked to the class', async () => {
    const ministry = await newMinistry();
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    assert.equal((await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: null }, asAdmin)).status, 200);
    assert.deepEqual(await linkedGroupsOf(ours), [classId]);
    const second = await newClass();
    const again = await newTeam(ministry.id, { classGroupId: second });
    const event = await newEvent({ ministryId: ministry.id, linkedGroupId: second });
    assert.equal((await server.post(`/api/ministries/teams/${again.id}`, { classGroupId: null, classEvents: 'keep' }, asAdmin)).status, 200);
    assert.deepEqual(await linkedGroupsOf(event), [second]);
  });

  it('classEvents move: the new class replaces the old one on the ministry\'s events, not on other ministries\' events', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry();
    const oldClass = await newClass();
    const newClassId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: oldClass });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: oldClass });
    const pastOurs = await newEvent({ ministryId: ministry.id, linkedGroupId: oldClass, start: '2026-02-22 09:00:00' });
    const theirs = await newEvent({ ministryId: other.id, linkedGroupId: oldClass });
    const unrelated = await newEvent({ ministryId: ministry.id });
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: newClassId, classEvents: 'move' }, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.team.classGroupId, newClassId);
    assert.deepEqual(await linkedGroupsOf(ours), [newClassId]);
    assert.deepEqual(await linkedGroupsOf(pastOurs), [newClassId]);
    assert.deepEqual(await linkedGroupsOf(theirs), [oldClass]);
    assert.deepEqual(await linkedGroupsOf(unrelated), []);
  });

  it('a refused class change leaves the class events untouched', async () => {
    const ministry = await newMinistry();
    const oldClass = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: oldClass });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: oldClass });
    const { classId: staffedClass } = await newClassWithTeacher();
    assertError(await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: staffedClass, classEvents: 'move' }, asAdmin), 400);
    assert.deepEqual(await linkedGroupsOf(ours), [oldClass]);
    const stored = await db().selectFrom('teams').select('class_group_id').where('id', '=', team.id).executeTakeFirstOrThrow();
    assert.equal(stored.class_group_id, oldClass);
  });
});

describe('DELETE /api/ministries/teams/{teamId} (E17)', () => {
  it('refuses the ministry\'s only team with 409 and keeps it', async () => {
    const ministry = await newMinistry();
    assertError(await server.delete(`/api/ministries/teams/${ministry.defaultTeamId}`, asAdmin), 409);
    assert.equal(await countWhere('teams', 'id', [ministry.defaultTeamId]), 1);
  });

  it('refuses the team\'s own leader with 403 and a coordinator of another ministry with 403; 404 for an unknown team', async () => {
    const ministry = await newMinistry();
    const team = await newTeam(ministry.id);
    const leader = await newLeader(team.id);
    const elsewhere = await newCoordinator((await newMinistry()).id);
    assertError(await server.delete(`/api/ministries/teams/${team.id}`, as(leader)), 403, 'Not authorized for this team');
    assertError(await server.delete(`/api/ministries/teams/${team.id}`, { ...as(leader), query: { classEvents: 'bogus' } }), 403, 'Not authorized for this team');
    assertError(await server.delete(`/api/ministries/teams/${team.id}`, as(elsewhere)), 403, 'Not authorized for this team');
    assertError(await server.delete('/api/ministries/teams/987654', as(leader)), 404, 'Team not found');
    assert.equal(await countWhere('teams', 'id', [team.id]), 1);
  });

  it('refuses an unknown classEvents, in the query or the body, with 400 listing keep, remove, delete', async () => {
    const ministry = await newMinistry();
    const team = await newTeam(ministry.id);
    assertError(await server.delete(`/api/ministries/teams/${team.id}`, { ...asAdmin, query: { classEvents: 'move' } }), 400, CLASS_EVENTS_DELETE_MESSAGE);
    assertError(await server.request('DELETE', `/api/ministries/teams/${team.id}`, { ...asAdmin, body: { classEvents: 'purge' } }), 400, CLASS_EVENTS_DELETE_MESSAGE);
    assert.equal(await countWhere('teams', 'id', [team.id]), 1);
  });

  it('removes the team with all its rows in one go, reading every table back, and leaves the other team\'s rows', async () => {
    const ministry = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    const team = await newTeam(ministry.id);
    const leader = await newLeader(team.id);
    const otherLeader = await newLeader(ministry.defaultTeamId);
    const event = await newEvent({ ministryId: ministry.id });
    const doomed = await staffTeam(ministry.id, team.id, event);
    const kept = await staffTeam(ministry.id, ministry.defaultTeamId, event);
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, as(coordinator));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { success: true });
    assert.equal(await countWhere('teams', 'id', [team.id]), 0);
    assert.deepEqual(await remaining(doomed), noneOf(doomed));
    assert.deepEqual(await remaining(kept), allOf(kept));
    const grants = await db().selectFrom('scopes').select(['person_id', 'scope_type']).where('person_id', 'in', [leader.personId, otherLeader.personId, coordinator.personId]).orderBy('person_id').execute();
    assert.deepEqual(grants, [{ person_id: otherLeader.personId, scope_type: 'team' }, { person_id: coordinator.personId, scope_type: 'ministry' }].sort((a, b) => a.person_id - b.person_id));
    assert.ok(await eventExists(event));
    const getAnswer = await server.get(`/api/ministries/teams/${team.id}`, asAdmin);
    assertError(getAnswer, 404, 'Team not found');
  });

  it('also removes assignments made on other teams\' occurrences for a position of the deleted team', async () => {
    const ministry = await newMinistry();
    const team = await newTeam(ministry.id);
    const event = await newEvent({ ministryId: ministry.id });
    const kept = await staffTeam(ministry.id, ministry.defaultTeamId, event);
    const position = await db().insertInto('positions').values({ ministry_id: ministry.id, team_id: team.id, name: 'Borrowed' })
      .returning('id').executeTakeFirstOrThrow();
    const person = await newPerson(server);
    const crossing = await db().insertInto('assignments').values({ occurrence_id: kept.occurrences[0], position_id: position.id, person_id: person.id, assigned_at: NOW })
      .returning('id').executeTakeFirstOrThrow();
    assert.equal((await server.delete(`/api/ministries/teams/${team.id}`, asAdmin)).status, 200);
    assert.equal(await countWhere('assignments', 'id', [crossing.id]), 0);
    assert.deepEqual(await remaining(kept), allOf(kept));
  });

  it('classEvents keep (default) leaves the ministry\'s class events linked', async () => {
    const ministry = await newMinistry();
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    assert.equal((await server.delete(`/api/ministries/teams/${team.id}`, asAdmin)).status, 200);
    assert.ok(await eventExists(ours));
    assert.deepEqual(await linkedGroupsOf(ours), [classId]);
  });

  it('classEvents=remove strips the class from the ministry\'s class events only', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry();
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const theirs = await newEvent({ ministryId: other.id, linkedGroupId: classId });
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...asAdmin, query: { classEvents: 'remove' } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.ok(await eventExists(ours));
    assert.deepEqual(await linkedGroupsOf(ours), []);
    assert.deepEqual(await linkedGroupsOf(theirs), [classId]);
    assert.equal(await countWhere('teams', 'id', [team.id]), 0);
  });

  it('classEvents=delete in the body deletes the ministry\'s class events with every ministry\'s occurrences on them', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry();
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const theirs = await newEvent({ ministryId: other.id, linkedGroupId: classId });
    const unlinked = await newEvent({ ministryId: ministry.id });
    const ourStaffing = await staffTeam(ministry.id, ministry.defaultTeamId, ours);
    const otherOnOurs = await staffTeam(other.id, other.defaultTeamId, ours);
    await db().updateTable('assignments').set({ status: 'declined' }).where('id', 'in', otherOnOurs.assignments).execute();
    const otherOnTheirs = await staffTeam(other.id, other.defaultTeamId, theirs);
    const answer = await server.request('DELETE', `/api/ministries/teams/${team.id}`, { ...asAdmin, body: { classEvents: 'delete' } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(await eventExists(ours), false);
    assert.equal(await eventExists(theirs), true);
    assert.equal(await eventExists(unlinked), true);
    assert.equal(await countWhere('occurrences', 'id', [...ourStaffing.occurrences, ...otherOnOurs.occurrences]), 0);
    assert.equal(await countWhere('assignments', 'id', [...ourStaffing.assignments, ...otherOnOurs.assignments]), 0);
    assert.equal(await countWhere('schedules', 'id', ourStaffing.schedules), 1);
    assert.deepEqual(await remaining(otherOnTheirs), allOf(otherOnTheirs));
  });

  it('classEvents=delete is refused with 409 naming the other ministry with volunteers on an event, and nothing changes', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry({ name: unique('Choir') });
    const coordinator = await newCoordinator(ministry.id);
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const first = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const second = await newEvent({ ministryId: ministry.id, linkedGroupId: classId, start: '2026-03-15 09:00:00' });
    const doomed = await staffTeam(ministry.id, team.id, first);
    const theirs = await staffTeam(other.id, other.defaultTeamId, second, 'pending');
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(coordinator), query: { classEvents: 'delete' } });
    assertError(answer, 409);
    assert.ok(answer.body.message.includes(other.name), answer.body.message);
    assert.deepEqual(answer.body.ministries, [{ ministryId: other.id, ministryName: other.name }]);
    assert.ok(await eventExists(first));
    assert.ok(await eventExists(second));
    assert.deepEqual(await linkedGroupsOf(first), [classId]);
    assert.equal(await countWhere('teams', 'id', [team.id]), 1);
    assert.deepEqual(await remaining(doomed), allOf(doomed));
    assert.deepEqual(await remaining(theirs), allOf(theirs));
  });

  it('classEvents=delete goes ahead over another ministry\'s volunteers when the caller holds addEvents', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry();
    const planner = await newUser(server, { roles: ['manageMyMinistries', 'addEvents'] });
    await grantScope(planner.personId, 'ministry', ministry.id);
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const theirs = await staffTeam(other.id, other.defaultTeamId, ours);
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(planner), query: { classEvents: 'delete' } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(await eventExists(ours), false);
    assert.equal(await countWhere('occurrences', 'id', theirs.occurrences), 0);
    assert.equal(await countWhere('assignments', 'id', theirs.assignments), 0);
  });

  it('classEvents=delete ignores another ministry\'s declined or cancelled volunteers', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const theirs = await staffTeam(other.id, other.defaultTeamId, ours);
    await db().updateTable('assignments').set({ status: 'cancelled' }).where('id', 'in', theirs.assignments).execute();
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(coordinator), query: { classEvents: 'delete' } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(await eventExists(ours), false);
  });

  it('classEvents=delete is refused with 409 and eventId while someone is checked in, and nothing changes', async () => {
    const ministry = await newMinistry();
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const first = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const busy = await newEvent({ ministryId: ministry.id, linkedGroupId: classId, start: '2026-03-15 09:00:00' });
    const doomed = await staffTeam(ministry.id, team.id, first);
    const child = await newPerson(server);
    const leftEarly = await newPerson(server);
    await db().insertInto('event_attend').values([
      { event_id: first, person_id: leftEarly.id, checkin_at: '2026-03-08 09:00:00', checkout_at: '2026-03-08 09:30:00' },
      { event_id: busy, person_id: child.id, checkin_at: '2026-03-15 09:00:00', checkout_at: null },
    ]).execute();
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...asAdmin, query: { classEvents: 'delete' } });
    assertError(answer, 409);
    assert.ok(answer.body.message.includes('currently checked in'), answer.body.message);
    assert.equal(answer.body.eventId, busy);
    assert.ok(await eventExists(first));
    assert.ok(await eventExists(busy));
    assert.equal(await countWhere('teams', 'id', [team.id]), 1);
    assert.deepEqual(await remaining(doomed), allOf(doomed));
  });

  it('classEvents=delete is refused with 409 and eventId when an event is assigned to a kiosk', async () => {
    const ministry = await newMinistry();
    const classId = await newClass();
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const event = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    await db().insertInto('kiosk_devices').values({ name: unique('Kiosk'), assigned_event_id: event }).execute();
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...asAdmin, query: { classEvents: 'delete' } });
    assertError(answer, 409);
    assert.ok(answer.body.message.includes('assigned to a kiosk'), answer.body.message);
    assert.equal(answer.body.eventId, event);
    assert.ok(await eventExists(event));
    assert.equal(await countWhere('teams', 'id', [team.id]), 1);
  });
});

describe('GET /api/ministries/teams/{teamId}/class-events', () => {
  it('counts only events owned by the team\'s ministry with the class linked, and lists other ministries with live volunteers', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry({ name: unique('Youth') });
    const classId = await newClass('Fifth grade');
    const team = await newTeam(ministry.id, { classGroupId: classId });
    const upcoming = await newEvent({ ministryId: ministry.id, linkedGroupId: classId, start: '2026-03-08 09:00:00' });
    const later = await newEvent({ ministryId: ministry.id, linkedGroupId: classId, start: '2026-03-15 09:00:00' });
    await newEvent({ ministryId: ministry.id, linkedGroupId: classId, start: '2026-02-22 09:00:00' });
    await newEvent({ ministryId: other.id, linkedGroupId: classId });
    await newEvent({ linkedGroupId: classId });
    await newEvent({ ministryId: ministry.id });
    await staffTeam(other.id, other.defaultTeamId, upcoming, 'pending');
    const onLater = await staffTeam(other.id, other.defaultTeamId, later);
    await db().updateTable('assignments').set({ status: 'declined' }).where('id', '=', onLater.assignments[0]).execute();
    await staffTeam(ministry.id, ministry.defaultTeamId, upcoming);
    const answer = await server.get(`/api/ministries/teams/${team.id}/class-events`, asAdmin);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, {
      teamId: team.id, ministryId: ministry.id, ministryName: ministry.name, classGroupId: classId, classGroupName: 'Fifth grade',
      total: 3, upcoming: 2,
      otherStaffing: [{ ministryId: other.id, ministryName: other.name, assigned: 1, eventCount: 1 }],
    });
  });

  it('answers nulls and zeros for a team without a class', async () => {
    const ministry = await newMinistry();
    const answer = await server.get(`/api/ministries/teams/${ministry.defaultTeamId}/class-events`, asAdmin);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, {
      teamId: ministry.defaultTeamId, ministryId: ministry.id, ministryName: ministry.name,
      classGroupId: null, classGroupName: null, total: 0, upcoming: 0, otherStaffing: [],
    });
  });

  it('lets the team\'s leader read it and refuses a leader of another team with 403; 404 for an unknown team', async () => {
    const ministry = await newMinistry();
    const team = await newTeam(ministry.id);
    const leader = await newLeader(team.id);
    const otherLeader = await newLeader(ministry.defaultTeamId);
    assert.equal((await server.get(`/api/ministries/teams/${team.id}/class-events`, as(leader))).status, 200);
    assertError(await server.get(`/api/ministries/teams/${team.id}/class-events`, as(otherLeader)), 403, 'Not authorized for this team');
    assertError(await server.get('/api/ministries/teams/987654/class-events', as(leader)), 404, 'Team not found');
  });
});
