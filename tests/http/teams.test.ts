import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DB } from '../../src/db/schema.js';
import {
  newPerson, newUser, as, expectError, setUp, useServer, useUser, unique, newMinistry, grantScope, newCoordinator, newTeamLeader, newPosition, qualify,
  newSchedule, staffEvent, newAssignment, answerAs, proposeSubstitute, setAssignmentStatus, countRows, checkIn, assignToKiosk, setAudience, overrideNeed,
} from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
let otherTypeId: number;
setUp(async () => {
  const types = await server.get('/api/events/types', as(admin));
  otherTypeId = types.body.find((t: { Name: string }) => t.Name === 'Other').Id;
});

const CLASS_EVENTS_UPDATE_MESSAGE = 'classEvents must be one of keep, remove, move';
const CLASS_EVENTS_DELETE_MESSAGE = 'classEvents must be one of keep, remove, delete';

async function newClass(name = unique('Class')): Promise<number> {
  const answer = await server.post('/api/groups/', { groupName: name, isSundaySchool: true }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.Id;
}

async function newPlainGroup(): Promise<number> {
  const answer = await server.post('/api/groups/', { groupName: unique('Group') }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.Id;
}

async function addToGroup(groupId: number, personId: number, roleId: number) {
  const answer = await server.post(`/api/groups/${groupId}/addperson/${personId}`, { RoleID: roleId }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

/** A class with one teacher; answers the class and the teacher's person id. */
async function newClassWithTeacher() {
  const classId = await newClass();
  const teacher = await newPerson(server);
  await addToGroup(classId, teacher.id, 1);
  return { classId, teacherId: teacher.id };
}

async function newEvent(options: { ministryId?: number; linkedGroupId?: number; start?: string; title?: string } = {}): Promise<number> {
  const start = options.start ?? '2026-03-08 09:00:00';
  const answer = await server.post('/api/events', {
    Title: options.title ?? unique('Lesson'), Type: otherTypeId, Start: start, End: `${start.slice(0, 10)} 10:00:00`, PinnedCalendars: [],
    ...(options.ministryId !== undefined ? { MinistryId: options.ministryId } : {}),
    ...(options.linkedGroupId !== undefined ? { LinkedGroupId: options.linkedGroupId } : {}),
  }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.eventId;
}

async function linkedGroupsOf(eventId: number): Promise<number[]> {
  const answer = await server.get(`/api/events/${eventId}`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return (answer.body.Groups as Array<{ Id: number }>).map((group) => group.Id).sort((a, b) => a - b);
}

async function eventExists(eventId: number): Promise<boolean> {
  const { status } = await server.get(`/api/events/${eventId}`, as(admin));
  assert.ok(status === 200 || status === 404, `GET event answered ${status}`);
  return status === 200;
}

const countWhere = (table: keyof DB, column: string, ids: readonly number[]) => countRows(server, table, { [column]: ids });

/**
 * Everything a team can carry, made as the services make it: a position two volunteers are qualified for, an
 * inactive recurring schedule (it makes no occurrence of its own) with a need and a default, the team staffing
 * the event (a one-off schedule with its need and the occurrence's own), the volunteer's live assignment
 * (accepted unless `status` says pending), the substitute's declined one, the volunteer's proposal of the
 * substitute, and every notice these queued. Answers where its rows are, table by table, and how many each holds.
 */
async function staffTeam(ministryId: number, teamId: number, eventId: number, status: 'pending' | 'accepted' = 'accepted') {
  const volunteer = await newUser(server);
  const substitute = await newUser(server);
  const position = await newPosition(server, ministryId, teamId);
  for (const person of [volunteer, substitute]) await qualify(server, position.id, person.personId);
  const event = (await server.get(`/api/events/${eventId}`, as(admin))).body;
  const recurring = await newSchedule(server, { id: ministryId, teamId }, {
    linkMode: 'event_type', eventTypeId: event.Type, titleFilter: event.Title, active: false, requirements: [{ positionId: position.id, minCount: 2, defaults: [{ personId: volunteer.personId }] }],
  });
  const staffed = await staffEvent(server, { id: ministryId, teamId }, eventId, [{ positionId: position.id, minCount: 1 }]);
  await overrideNeed(server, staffed.occurrenceId, { positionId: position.id, minCount: 2 });
  const live = await newAssignment(server, staffed.occurrenceId, position.id, volunteer.personId);
  if (status === 'accepted') await answerAs(server, volunteer, live.id, 'accepted');
  const declined = await newAssignment(server, staffed.occurrenceId, position.id, substitute.personId);
  await answerAs(server, substitute, declined.id, 'declined');
  await proposeSubstitute(server, volunteer, live.id, substitute.personId);
  const people = [volunteer.personId, substitute.personId];
  const where = {
    positions: { id: position.id },
    qualifications: { position_id: position.id },
    schedules: { id: [recurring.schedule.id, staffed.scheduleId] },
    requirements: { position_id: position.id },
    requirement_defaults: { person_id: volunteer.personId },
    occurrences: { id: staffed.occurrenceId },
    assignments: { position_id: position.id },
    responses: { person_id: people },
    swaps: { proposed_person_id: substitute.personId },
    notifications: { occurrence_id: staffed.occurrenceId },
  } satisfies Partial<Record<keyof DB, Parameters<typeof countRows>[2]>>;
  const stored = await countEach(where);
  for (const [table, count] of Object.entries(stored)) assert.ok(count > 0, `the staffing holds ${table}`);
  return { occurrenceId: staffed.occurrenceId, scheduleIds: [recurring.schedule.id, staffed.scheduleId], assignmentIds: [live.id, declined.id], volunteer, where, stored };
}

type Staffing = Awaited<ReturnType<typeof staffTeam>>;

async function countEach(where: Staffing['where']): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, filter] of Object.entries(where)) counts[table] = await countRows(server, table as keyof DB, filter);
  return counts;
}

/** How many of the staffing's rows are still stored, table by table. */
const remaining = (staffing: Staffing) => countEach(staffing.where);
const allOf = (staffing: Staffing) => staffing.stored;
const noneOf = (staffing: Staffing) => Object.fromEntries(Object.keys(staffing.where).map((table) => [table, 0]));

/** The team as GET …/teams/{teamId} shows it. */
async function teamOf(teamId: number) {
  const answer = await server.get(`/api/ministries/teams/${teamId}`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.team as { id: number; name: string; description: string | null; active: boolean; classGroupId: number | null };
}

/** The team's positions as GET …/teams/{teamId} lists them. */
async function positionsOf(teamId: number) {
  const answer = await server.get(`/api/ministries/teams/${teamId}`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.positions as Array<{ id: number; name: string; ministryId: number }>;
}

/** Who holds an active qualification for the position, by person id. */
async function qualifiedOn(positionId: number): Promise<number[]> {
  const answer = await server.get(`/api/ministries/positions/${positionId}/qualifications`, { ...as(admin), query: { active: '1' } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return (answer.body.qualifications as Array<{ personId: number }>).map((q) => q.personId).sort((a, b) => a - b);
}

/** The act most tests here build on: POST …/teams as the administrator, 201. */
async function createTeam(ministryId: number, body: Record<string, unknown> = {}) {
  const answer = await server.post(`/api/ministries/ministries/${ministryId}/teams`, { name: unique('Team'), ...body }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.team as { id: number; name: string; classGroupId: number | null };
}

/** A Sunday School ministry with a team linked to a new class. */
async function newClassTeam() {
  const ministry = await newMinistry(server, { sundaySchool: true });
  const classId = await newClass();
  const team = await createTeam(ministry.id, { classGroupId: classId });
  return { ministry, classId, team };
}

describe('GET /api/ministries/ministries/{id}/teams', () => {
  it('lists the ministry\'s teams in the team shape with leaders [] even when a team has a leader', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const classId = await newClass('Kindergarten class');
    const team = await createTeam(ministry.id, { name: 'Kindergarten', description: 'Ages 5 to 6', classGroupId: classId });
    await newTeamLeader(server, team.id);
    await newPosition(server, ministry.id, team.id, { name: 'Helper' });
    const answer = await server.get(`/api/ministries/ministries/${ministry.id}/teams`, as(admin));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.teams, [
      { id: team.id, ministryId: ministry.id, name: 'Kindergarten', description: 'Ages 5 to 6', active: true, positionCount: 1, leaders: [], classGroupId: classId, classGroupName: 'Kindergarten class' },
      { id: ministry.teamId, ministryId: ministry.id, name: `${ministry.name} Team`, description: null, active: true, positionCount: 0, leaders: [], classGroupId: null, classGroupName: null },
    ]);
  });

  it('filters by active: 1 lists active teams only, 0 inactive only, "" all', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const retired = await createTeam(ministry.id);
    assert.equal((await server.post(`/api/ministries/teams/${retired.id}`, { active: false }, as(admin))).status, 200);
    const ids = async (active: string) =>
      (await server.get(`/api/ministries/ministries/${ministry.id}/teams`, { ...as(admin), query: { active } })).body.teams.map((t: { id: number }) => t.id);
    assert.deepEqual(await ids('1'), [ministry.teamId]);
    assert.deepEqual(await ids('0'), [retired.id]);
    assert.deepEqual((await ids('')).sort(), [ministry.teamId, retired.id].sort());
  });

  it('answers 404 Ministry not found for an unknown ministry, before the scope check', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const coordinator = await newCoordinator(server, ministry.id);
    expectError(await server.get('/api/ministries/ministries/987654/teams', as(coordinator)), 404, 'Ministry not found');
  });

  it('refuses a coordinator of another ministry and a team leader with 403 Not authorized for this ministry', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const elsewhere = await newCoordinator(server, (await newMinistry(server, { sundaySchool: true })).id);
    const leader = await newTeamLeader(server, ministry.teamId);
    expectError(await server.get(`/api/ministries/ministries/${ministry.id}/teams`, as(elsewhere)), 403, 'Not authorized for this ministry');
    expectError(await server.get(`/api/ministries/ministries/${ministry.id}/teams`, as(leader)), 403, 'Not authorized for this ministry');
  });

  it('lets the ministry\'s coordinator list its teams', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const coordinator = await newCoordinator(server, ministry.id);
    const answer = await server.get(`/api/ministries/ministries/${ministry.id}/teams`, as(coordinator));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.teams.map((t: { id: number }) => t.id), [ministry.teamId]);
  });

  it('stops a login with no role and no grant at the coordinator gate (403), and a missing key with 401', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const volunteer = await newUser(server);
    expectError(await server.get(`/api/ministries/ministries/${ministry.id}/teams`, as(volunteer)), 403,
      'Manage My Ministries access, with a ministry or team to manage, is required');
    expectError(await server.get(`/api/ministries/ministries/${ministry.id}/teams`), 401, 'Invalid API key');
  });
});

describe('POST /api/ministries/ministries/{id}/teams', () => {
  it('creates a team (201) with the team shape, trimmed name and no class', async () => {
    const ministry = await newMinistry(server);
    const answer = await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: '  Greeters  ', description: 'Front door' }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, {
      team: { id: answer.body.team.id, ministryId: ministry.id, name: 'Greeters', description: 'Front door', active: true, positionCount: 0, leaders: [], classGroupId: null, classGroupName: null },
    });
    assert.deepEqual(await teamOf(answer.body.team.id), answer.body.team);
  });

  it('lets the ministry\'s coordinator create a team and refuses a team leader with 403', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const coordinator = await newCoordinator(server, ministry.id);
    const leader = await newTeamLeader(server, ministry.teamId);
    assert.equal((await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team') }, as(coordinator))).status, 201);
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team') }, as(leader)), 403, 'Not authorized for this ministry');
  });

  it('answers 403 rather than 400 for a bad body on a ministry out of scope (§1.5)', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const elsewhere = await newCoordinator(server, (await newMinistry(server, { sundaySchool: true })).id);
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { classGroupId: 'x' }, as(elsewhere)), 403, 'Not authorized for this ministry');
  });

  it('answers 404 Ministry not found for an unknown ministry', async () => {
    expectError(await server.post('/api/ministries/ministries/987654/teams', { name: 'Anything' }, as(admin)), 404, 'Ministry not found');
  });

  it('refuses a missing or blank name with 400', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, {}, as(admin)), 400, 'name is required');
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: '   ' }, as(admin)), 400, 'A team name is required');
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
  });

  it('refuses a duplicate team name in the ministry, ignoring case, with 409', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    await createTeam(ministry.id, { name: 'Nursery' });
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: 'NURSERY' }, as(admin)), 409, 'This ministry already has a team of that name');
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 2);
  });

  it('accepts a name another ministry already uses', async () => {
    const first = await newMinistry(server, { sundaySchool: true });
    const second = await newMinistry(server, { sundaySchool: true });
    await createTeam(first.id, { name: 'Parking' });
    assert.equal((await server.post(`/api/ministries/ministries/${second.id}/teams`, { name: 'parking' }, as(admin))).status, 201);
  });

  it('refuses a classGroupId that is not an id with 400 classGroupId must be a group id or null', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    for (const classGroupId of ['x', 0, -3, 1.5]) {
      expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId }, as(admin)),
        400, 'classGroupId must be a group id or null');
    }
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
  });

  it('accepts classGroupId null as no class', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const team = await createTeam(ministry.id, { classGroupId: null });
    assert.equal(team.classGroupId, null);
  });

  it('refuses an importPositionId that is not an id with 400 importPositionId must be a position id', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), importPositionId: 'first' }, as(admin)),
      400, 'importPositionId must be a position id');
  });

  it('links an empty Sunday School class and answers its id and name', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const classId = await newClass('Third grade');
    const answer = await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: 'Third grade team', classGroupId: classId }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.team.classGroupId, classId);
    assert.equal(answer.body.team.classGroupName, 'Third grade');
  });

  it('refuses a class with 400 when the ministry has sundaySchool off, creating no team', async () => {
    const ministry = await newMinistry(server);
    const classId = await newClass();
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: classId }, as(admin)), 400, 'This ministry does not run Sunday School classes; turn sundaySchool on first');
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
  });

  it('refuses with 400 a group that is not a Sunday School class, and an unknown group', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const group = await newPlainGroup();
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: group }, as(admin)), 400, 'The class must be a Sunday School class with a Teacher role');
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: 987654 }, as(admin)), 400, 'The class must be a Sunday School class with a Teacher role');
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
  });

  it('refuses with 400 a class that has teachers when no import position is given, writing nothing', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const { classId } = await newClassWithTeacher();
    const [qualifications, positions] = [await countRows(server, 'qualifications'), await countWhere('positions', 'ministry_id', [ministry.id])];
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: classId }, as(admin)), 400, 'The class already has teachers: choose the position they hold (importPositionId or importPositionName)');
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: classId, importPositionName: '  ' }, as(admin)), 400, 'The class already has teachers: choose the position they hold (importPositionId or importPositionName)');
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
    assert.equal(await countWhere('positions', 'ministry_id', [ministry.id]), positions);
    assert.equal(await countRows(server, 'qualifications'), qualifications);
    assert.equal(await countWhere('teams', 'class_group_id', [classId]), 0);
  });

  it('with importPositionName creates the position and makes the current teachers qualified pool members', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const classId = await newClass();
    const [teacher, secondTeacher, student] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    await addToGroup(classId, teacher.id, 1);
    await addToGroup(classId, secondTeacher.id, 1);
    await addToGroup(classId, student.id, 2);
    const answer = await server.post(`/api/ministries/ministries/${ministry.id}/teams`,
      { name: unique('Team'), classGroupId: classId, importPositionName: ' Lead teacher ' }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.team.positionCount, 1);
    const [position] = await positionsOf(answer.body.team.id);
    assert.equal(position.name, 'Lead teacher');
    assert.equal(position.ministryId, ministry.id);
    assert.deepEqual(await qualifiedOn(position.id), [teacher.id, secondTeacher.id].sort((a, b) => a - b));
    const pool = await server.get(`/api/ministries/ministries/${ministry.id}/pool`, as(admin));
    assert.deepEqual(pool.body.members.map((m: { personId: number }) => m.personId).sort((a: number, b: number) => a - b), [teacher.id, secondTeacher.id].sort((a, b) => a - b));
  });

  it('refuses with 409 a class already linked to another team, in this ministry or another', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const other = await newMinistry(server, { sundaySchool: true });
    const classId = await newClass();
    await createTeam(ministry.id, { classGroupId: classId });
    expectError(await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team'), classGroupId: classId }, as(admin)), 409, 'That class is already linked to another team');
    expectError(await server.post(`/api/ministries/ministries/${other.id}/teams`, { name: unique('Team'), classGroupId: classId }, as(admin)), 409, 'That class is already linked to another team');
    assert.equal(await countWhere('teams', 'class_group_id', [classId]), 1);
  });
});

describe('GET /api/ministries/ministries/{id}/linkable-classes', () => {
  it('lists Sunday School classes not linked to a team, with their teacher counts', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const freeName = unique('Free class');
    const free = await newClass(freeName);
    const taken = await newClass();
    const plain = await newPlainGroup();
    const [teacher, student] = [await newPerson(server), await newPerson(server)];
    await addToGroup(free, teacher.id, 1);
    await addToGroup(free, student.id, 2);
    await createTeam((await newMinistry(server, { sundaySchool: true })).id, { classGroupId: taken });
    const answer = await server.get(`/api/ministries/ministries/${ministry.id}/linkable-classes`, as(admin));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.sundaySchool, true);
    const ids = answer.body.classes.map((c: { id: number }) => c.id);
    assert.ok(!ids.includes(taken));
    assert.ok(!ids.includes(plain));
    assert.deepEqual(answer.body.classes.find((c: { id: number }) => c.id === free), { id: free, name: freeName, teacherCount: 1 });
  });

  it('includes the class of the team named by teamId, when that team is of this ministry', async () => {
    const { ministry, classId, team } = await newClassTeam();
    const ids = async (query?: Record<string, string>) =>
      (await server.get(`/api/ministries/ministries/${ministry.id}/linkable-classes`, { ...as(admin), query })).body.classes.map((c: { id: number }) => c.id);
    assert.ok(!(await ids()).includes(classId));
    assert.ok((await ids({ teamId: String(team.id) })).includes(classId));
  });

  it('refuses with 400 a teamId of another ministry, never offering that team\'s class', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const other = await newMinistry(server, { sundaySchool: true });
    const classId = await newClass();
    const foreignTeam = await createTeam(other.id, { classGroupId: classId });
    const answer = await server.get(`/api/ministries/ministries/${ministry.id}/linkable-classes`, { ...as(admin), query: { teamId: String(foreignTeam.id) } });
    expectError(answer, 400, 'Team not found in this ministry');
  });

  it('answers sundaySchool false and no classes when the ministry has sundaySchool off', async () => {
    const ministry = await newMinistry(server);
    await newClass();
    const answer = await server.get(`/api/ministries/ministries/${ministry.id}/linkable-classes`, as(admin));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { sundaySchool: false, classes: [] });
  });

  it('answers 404 for an unknown ministry and 403 to a team leader', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const leader = await newTeamLeader(server, ministry.teamId);
    expectError(await server.get('/api/ministries/ministries/987654/linkable-classes', as(admin)), 404, 'Ministry not found');
    expectError(await server.get(`/api/ministries/ministries/${ministry.id}/linkable-classes`, as(leader)), 403, 'Not authorized for this ministry');
  });
});

describe('GET /api/ministries/teams/{teamId}', () => {
  it('answers the team with its leaders and its positions', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const team = await createTeam(ministry.id, { name: 'Ushers' });
    const leader = await newUser(server, { person: { first_name: 'Lena', last_name: 'Leader' } });
    const scopeId = (await grantScope(server, leader.personId, 'team', team.id)).id;
    const position = await newPosition(server, ministry.id, team.id, { name: 'Head usher', order: 2 });
    await newPosition(server, ministry.id, ministry.teamId, { name: 'Elsewhere' });
    const answer = await server.get(`/api/ministries/teams/${team.id}`, as(admin));
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
    const ministry = await newMinistry(server, { sundaySchool: true });
    const team = await createTeam(ministry.id);
    const leader = await newTeamLeader(server, team.id);
    const otherLeader = await newTeamLeader(server, ministry.teamId);
    assert.equal((await server.get(`/api/ministries/teams/${team.id}`, as(leader))).status, 200);
    expectError(await server.get(`/api/ministries/teams/${team.id}`, as(otherLeader)), 403, 'Not authorized for this team');
  });

  it('answers 404 Team not found for an unknown or non-numeric team, even to an out-of-scope caller', async () => {
    const leader = await newTeamLeader(server, (await newMinistry(server, { sundaySchool: true })).teamId);
    expectError(await server.get('/api/ministries/teams/987654', as(leader)), 404, 'Team not found');
    assert.equal((await server.get('/api/ministries/teams/abc', as(admin))).status, 404);
  });
});

describe('team routes behind the rollout gate', () => {
  it('answer 403 Volunteer Management V2 is not enabled to an administrator while sVolunteerVersion is v1', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    assert.equal((await server.post('/admin/api/system/config/sVolunteerVersion', { value: 'v1' }, as(admin))).status, 200);
    try {
      for (const answer of [
        await server.get(`/api/ministries/teams/${ministry.teamId}`, as(admin)),
        await server.post(`/api/ministries/ministries/${ministry.id}/teams`, { name: unique('Team') }, as(admin)),
        await server.delete(`/api/ministries/teams/${ministry.teamId}`, as(admin)),
      ]) expectError(answer, 403, 'Volunteer Management V2 is not enabled');
    } finally {
      assert.equal((await server.post('/admin/api/system/config/sVolunteerVersion', { value: 'v2' }, as(admin))).status, 200);
    }
    assert.equal(await countWhere('teams', 'ministry_id', [ministry.id]), 1);
  });
});

describe('POST /api/ministries/teams/{teamId}', () => {
  it('renames, describes and deactivates a team (permissive active) and answers the team', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const team = await createTeam(ministry.id);
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { name: ' Renamed ', description: 'New words', active: 'off' }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.team.name, 'Renamed');
    assert.equal(answer.body.team.description, 'New words');
    assert.equal(answer.body.team.active, false);
    const stored = await teamOf(team.id);
    assert.deepEqual([stored.name, stored.description, stored.active], ['Renamed', 'New words', false]);
    assert.equal((await server.post(`/api/ministries/teams/${team.id}`, { active: 'yes' }, as(admin))).body.team.active, true);
  });

  it('lets the ministry\'s coordinator edit the team', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const coordinator = await newCoordinator(server, ministry.id);
    const answer = await server.post(`/api/ministries/teams/${ministry.teamId}`, { description: 'by the coordinator' }, as(coordinator));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.team.description, 'by the coordinator');
  });

  it('refuses the team\'s own leader with 403 and changes nothing, even with a bad body', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const team = await createTeam(ministry.id, { name: 'Original' });
    const leader = await newTeamLeader(server, team.id);
    expectError(await server.post(`/api/ministries/teams/${team.id}`, { name: 'Taken over' }, as(leader)), 403, 'Not authorized for this team');
    expectError(await server.post(`/api/ministries/teams/${team.id}`, { classEvents: 'bogus', classGroupId: 'x' }, as(leader)), 403, 'Not authorized for this team');
    assert.equal((await teamOf(team.id)).name, 'Original');
  });

  it('refuses a coordinator of another ministry with 403, and answers 404 for an unknown team', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const elsewhere = await newCoordinator(server, (await newMinistry(server, { sundaySchool: true })).id);
    expectError(await server.post(`/api/ministries/teams/${ministry.teamId}`, { name: 'X' }, as(elsewhere)), 403, 'Not authorized for this team');
    expectError(await server.post('/api/ministries/teams/987654', { name: 'X' }, as(elsewhere)), 404, 'Team not found');
  });

  it('refuses a duplicate name ignoring case with 409, but keeps its own name in another case', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    await createTeam(ministry.id, { name: 'Cafe' });
    const team = await createTeam(ministry.id, { name: 'Bookstall' });
    expectError(await server.post(`/api/ministries/teams/${team.id}`, { name: 'CAFE' }, as(admin)), 409, 'This ministry already has a team of that name');
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { name: 'BOOKSTALL' }, as(admin));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.team.name, 'BOOKSTALL');
  });

  it('refuses an empty name with 400', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    expectError(await server.post(`/api/ministries/teams/${ministry.teamId}`, { name: ' ' }, as(admin)), 400, 'A team name is required');
  });

  it('refuses an unknown classEvents with 400 listing keep, remove, move', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    for (const classEvents of ['delete', 'KEEP', 5]) {
      expectError(await server.post(`/api/ministries/teams/${ministry.teamId}`, { classEvents }, as(admin)), 400, CLASS_EVENTS_UPDATE_MESSAGE);
    }
  });

  it('refuses classGroupId "x" with 400 classGroupId must be a group id or null', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    expectError(await server.post(`/api/ministries/teams/${ministry.teamId}`, { classGroupId: 'x' }, as(admin)), 400, 'classGroupId must be a group id or null');
  });

  it('refuses classEvents move with 400 without a new class: class absent, the same class, or null', async () => {
    const { classId, team } = await newClassTeam();
    expectError(await server.post(`/api/ministries/teams/${team.id}`, { classEvents: 'move' }, as(admin)), 400, 'classEvents "move" needs a new class');
    expectError(await server.post(`/api/ministries/teams/${team.id}`, { classEvents: 'move', classGroupId: classId }, as(admin)), 400, 'classEvents "move" needs a new class');
    expectError(await server.post(`/api/ministries/teams/${team.id}`, { classEvents: 'move', classGroupId: null }, as(admin)), 400, 'classEvents "move" needs a new class');
    assert.equal((await teamOf(team.id)).classGroupId, classId);
  });

  it('links a class, and refuses with 409 a class linked to another team', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const classId = await newClass();
    const team = await createTeam(ministry.id);
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.team.classGroupId, classId);
    expectError(await server.post(`/api/ministries/teams/${ministry.teamId}`, { classGroupId: classId }, as(admin)), 409, 'That class is already linked to another team');
  });

  it('refuses linking a class with 400 when the ministry has sundaySchool off, or the group is no class', async () => {
    const off = await newMinistry(server);
    expectError(await server.post(`/api/ministries/teams/${off.teamId}`, { classGroupId: await newClass() }, as(admin)), 400, 'This ministry does not run Sunday School classes; turn sundaySchool on first');
    const on = await newMinistry(server, { sundaySchool: true });
    expectError(await server.post(`/api/ministries/teams/${on.teamId}`, { classGroupId: await newPlainGroup() }, as(admin)), 400, 'The class must be a Sunday School class with a Teacher role');
  });

  it('refuses with 400 a new class that has teachers without an import position, and imports them with importPositionName', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const { classId, teacherId } = await newClassWithTeacher();
    const team = await createTeam(ministry.id);
    expectError(await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId, name: 'Should not stick' }, as(admin)), 400, 'The class already has teachers: choose the position they hold (importPositionId or importPositionName)');
    const unchanged = await teamOf(team.id);
    assert.equal(unchanged.classGroupId, null);
    assert.notEqual(unchanged.name, 'Should not stick');
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId, importPositionName: 'Teacher' }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal((await teamOf(team.id)).classGroupId, classId);
    const positions = await positionsOf(team.id);
    assert.deepEqual(positions.map((position) => position.name), ['Teacher']);
    assert.deepEqual(await qualifiedOn(positions[0].id), [teacherId]);
  });

  it('imports the teachers onto an existing position of the team with importPositionId', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const { classId, teacherId } = await newClassWithTeacher();
    const team = await createTeam(ministry.id);
    const position = await newPosition(server, ministry.id, team.id, { name: 'Teacher' });
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId, importPositionId: position.id }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(await qualifiedOn(position.id), [teacherId]);
  });

  it('refuses with 400 an importPositionId that is not a position of this team, linking nothing and qualifying nobody', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const { classId, teacherId } = await newClassWithTeacher();
    const team = await createTeam(ministry.id);
    const foreign = await newPosition(server, ministry.id, ministry.teamId, { name: 'Other team' });
    expectError(await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId, importPositionId: foreign.id }, as(admin)), 400, 'The import position must be a position of this team');
    expectError(await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: classId, importPositionId: 987654 }, as(admin)), 400, 'The import position must be a position of this team');
    assert.equal((await teamOf(team.id)).classGroupId, null);
    assert.equal(await countWhere('qualifications', 'person_id', [teacherId]), 0);
  });

  it('classEvents remove: unlinking takes the class off the ministry\'s events linked to it, never off other ministries\' events', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const other = await newMinistry(server, { sundaySchool: true });
    const classId = await newClass();
    const otherGroup = await newPlainGroup();
    const team = await createTeam(ministry.id, { classGroupId: classId });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const theirs = await newEvent({ ministryId: other.id, linkedGroupId: classId });
    const nobodys = await newEvent({ linkedGroupId: classId });
    await setAudience(server, ours, [classId, otherGroup]);
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: null, classEvents: 'remove' }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.team.classGroupId, null);
    assert.deepEqual(await linkedGroupsOf(ours), [otherGroup]);
    assert.deepEqual(await linkedGroupsOf(theirs), [classId]);
    assert.deepEqual(await linkedGroupsOf(nobodys), [classId]);
  });

  it('classEvents keep (the default): unlinking leaves the events linked to the class', async () => {
    const { ministry, classId, team } = await newClassTeam();
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    assert.equal((await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: null }, as(admin))).status, 200);
    assert.deepEqual(await linkedGroupsOf(ours), [classId]);
    const second = await newClass();
    const again = await createTeam(ministry.id, { classGroupId: second });
    const event = await newEvent({ ministryId: ministry.id, linkedGroupId: second });
    assert.equal((await server.post(`/api/ministries/teams/${again.id}`, { classGroupId: null, classEvents: 'keep' }, as(admin))).status, 200);
    assert.deepEqual(await linkedGroupsOf(event), [second]);
  });

  it('classEvents move: the new class replaces the old one on the ministry\'s events, not on other ministries\' events', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const other = await newMinistry(server, { sundaySchool: true });
    const oldClass = await newClass();
    const newClassId = await newClass();
    const team = await createTeam(ministry.id, { classGroupId: oldClass });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: oldClass });
    const pastOurs = await newEvent({ ministryId: ministry.id, linkedGroupId: oldClass, start: '2026-02-22 09:00:00' });
    const theirs = await newEvent({ ministryId: other.id, linkedGroupId: oldClass });
    const unrelated = await newEvent({ ministryId: ministry.id });
    const answer = await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: newClassId, classEvents: 'move' }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.team.classGroupId, newClassId);
    assert.deepEqual(await linkedGroupsOf(ours), [newClassId]);
    assert.deepEqual(await linkedGroupsOf(pastOurs), [newClassId]);
    assert.deepEqual(await linkedGroupsOf(theirs), [oldClass]);
    assert.deepEqual(await linkedGroupsOf(unrelated), []);
  });

  it('a refused class change leaves the class events untouched', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const oldClass = await newClass();
    const team = await createTeam(ministry.id, { classGroupId: oldClass });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: oldClass });
    const { classId: staffedClass } = await newClassWithTeacher();
    expectError(await server.post(`/api/ministries/teams/${team.id}`, { classGroupId: staffedClass, classEvents: 'move' }, as(admin)), 400, 'The class already has teachers: choose the position they hold (importPositionId or importPositionName)');
    assert.deepEqual(await linkedGroupsOf(ours), [oldClass]);
    assert.equal((await teamOf(team.id)).classGroupId, oldClass);
  });
});

describe('DELETE /api/ministries/teams/{teamId} (E17)', () => {
  it('refuses the ministry\'s only team with 409 and keeps it', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    expectError(await server.delete(`/api/ministries/teams/${ministry.teamId}`, as(admin)), 409, 'This is the ministry\'s only team; rename it instead of deleting it');
    assert.equal(await countWhere('teams', 'id', [ministry.teamId]), 1);
  });

  it('refuses the team\'s own leader with 403 and a coordinator of another ministry with 403; 404 for an unknown team', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const team = await createTeam(ministry.id);
    const leader = await newTeamLeader(server, team.id);
    const elsewhere = await newCoordinator(server, (await newMinistry(server, { sundaySchool: true })).id);
    expectError(await server.delete(`/api/ministries/teams/${team.id}`, as(leader)), 403, 'Not authorized for this team');
    expectError(await server.delete(`/api/ministries/teams/${team.id}`, { ...as(leader), query: { classEvents: 'bogus' } }), 403, 'Not authorized for this team');
    expectError(await server.delete(`/api/ministries/teams/${team.id}`, as(elsewhere)), 403, 'Not authorized for this team');
    expectError(await server.delete('/api/ministries/teams/987654', as(leader)), 404, 'Team not found');
    assert.equal(await countWhere('teams', 'id', [team.id]), 1);
  });

  it('refuses an unknown classEvents, in the query or the body, with 400 listing keep, remove, delete', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const team = await createTeam(ministry.id);
    expectError(await server.delete(`/api/ministries/teams/${team.id}`, { ...as(admin), query: { classEvents: 'move' } }), 400, CLASS_EVENTS_DELETE_MESSAGE);
    expectError(await server.request('DELETE', `/api/ministries/teams/${team.id}`, { ...as(admin), body: { classEvents: 'purge' } }), 400, CLASS_EVENTS_DELETE_MESSAGE);
    assert.equal(await countWhere('teams', 'id', [team.id]), 1);
  });

  it('removes the team with all its rows in one go, reading every table back, and leaves the other team\'s rows', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const coordinator = await newCoordinator(server, ministry.id);
    const team = await createTeam(ministry.id);
    const leader = await newTeamLeader(server, team.id);
    const otherLeader = await newTeamLeader(server, ministry.teamId);
    const event = await newEvent({ ministryId: ministry.id });
    const doomed = await staffTeam(ministry.id, team.id, event);
    const kept = await staffTeam(ministry.id, ministry.teamId, event);
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, as(coordinator));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { success: true });
    assert.equal(await countWhere('teams', 'id', [team.id]), 0);
    assert.deepEqual(await remaining(doomed), noneOf(doomed));
    assert.deepEqual(await remaining(kept), allOf(kept));
    const grantsOf = async (personId: number) =>
      (await server.get('/api/ministries/scopes', { ...as(admin), query: { personId: String(personId) } })).body.scopes.map((scope: { scopeType: string }) => scope.scopeType);
    assert.deepEqual(await grantsOf(leader.personId), []);
    assert.deepEqual(await grantsOf(otherLeader.personId), ['team']);
    assert.deepEqual(await grantsOf(coordinator.personId), ['ministry']);
    assert.ok(await eventExists(event));
    const getAnswer = await server.get(`/api/ministries/teams/${team.id}`, as(admin));
    expectError(getAnswer, 404, 'Team not found');
  });

  it('also removes assignments made on other teams\' occurrences for a position of the deleted team', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const team = await createTeam(ministry.id);
    const event = await newEvent({ ministryId: ministry.id });
    const kept = await staffTeam(ministry.id, ministry.teamId, event);
    const position = await newPosition(server, ministry.id, team.id, { name: 'Borrowed' });
    const person = await newPerson(server);
    await qualify(server, position.id, person.id);
    const crossing = await newAssignment(server, kept.occurrenceId, position.id, person.id);
    assert.equal((await server.delete(`/api/ministries/teams/${team.id}`, as(admin))).status, 200);
    assert.equal(await countWhere('assignments', 'id', [crossing.id]), 0);
    assert.deepEqual(await remaining(kept), allOf(kept));
  });

  it('classEvents keep (default) leaves the ministry\'s class events linked', async () => {
    const { ministry, classId, team } = await newClassTeam();
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    assert.equal((await server.delete(`/api/ministries/teams/${team.id}`, as(admin))).status, 200);
    assert.ok(await eventExists(ours));
    assert.deepEqual(await linkedGroupsOf(ours), [classId]);
  });

  it('classEvents=remove strips the class from the ministry\'s class events only', async () => {
    const { ministry, classId, team } = await newClassTeam();
    const other = await newMinistry(server, { sundaySchool: true });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const theirs = await newEvent({ ministryId: other.id, linkedGroupId: classId });
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(admin), query: { classEvents: 'remove' } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.ok(await eventExists(ours));
    assert.deepEqual(await linkedGroupsOf(ours), []);
    assert.deepEqual(await linkedGroupsOf(theirs), [classId]);
    assert.equal(await countWhere('teams', 'id', [team.id]), 0);
  });

  it('classEvents=delete in the body deletes the ministry\'s class events with every ministry\'s occurrences on them', async () => {
    const { ministry, classId, team } = await newClassTeam();
    const other = await newMinistry(server, { sundaySchool: true });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const theirs = await newEvent({ ministryId: other.id, linkedGroupId: classId });
    const unlinked = await newEvent({ ministryId: ministry.id });
    const ourStaffing = await staffTeam(ministry.id, ministry.teamId, ours);
    const otherOnOurs = await staffTeam(other.id, other.teamId, ours);
    await answerAs(server, otherOnOurs.volunteer, otherOnOurs.assignmentIds[0], 'declined');
    const otherOnTheirs = await staffTeam(other.id, other.teamId, theirs);
    const answer = await server.request('DELETE', `/api/ministries/teams/${team.id}`, { ...as(admin), body: { classEvents: 'delete' } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(await eventExists(ours), false);
    assert.equal(await eventExists(theirs), true);
    assert.equal(await eventExists(unlinked), true);
    assert.equal(await countWhere('occurrences', 'id', [ourStaffing.occurrenceId, otherOnOurs.occurrenceId]), 0);
    assert.equal(await countWhere('assignments', 'id', [...ourStaffing.assignmentIds, ...otherOnOurs.assignmentIds]), 0);
    assert.equal(await countWhere('schedules', 'id', ourStaffing.scheduleIds), 1);
    assert.deepEqual(await remaining(otherOnTheirs), allOf(otherOnTheirs));
  });

  it('classEvents=delete is refused with 409 naming the other ministry with volunteers on an event, and nothing changes', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const other = await newMinistry(server, { name: unique('Choir'), sundaySchool: true });
    const coordinator = await newCoordinator(server, ministry.id);
    const classId = await newClass();
    const team = await createTeam(ministry.id, { classGroupId: classId });
    const first = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const second = await newEvent({ ministryId: ministry.id, linkedGroupId: classId, start: '2026-03-15 09:00:00' });
    const doomed = await staffTeam(ministry.id, team.id, first);
    const theirs = await staffTeam(other.id, other.teamId, second, 'pending');
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(coordinator), query: { classEvents: 'delete' } });
    expectError(answer, 409, new RegExp(other.name), { ministries: [{ ministryId: other.id, ministryName: other.name }] });
    assert.deepEqual(answer.body.ministries, [{ ministryId: other.id, ministryName: other.name }]);
    assert.ok(await eventExists(first));
    assert.ok(await eventExists(second));
    assert.deepEqual(await linkedGroupsOf(first), [classId]);
    assert.equal(await countWhere('teams', 'id', [team.id]), 1);
    assert.deepEqual(await remaining(doomed), allOf(doomed));
    assert.deepEqual(await remaining(theirs), allOf(theirs));
  });

  it('classEvents=delete goes ahead over another ministry\'s volunteers when the caller holds addEvents', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const other = await newMinistry(server, { sundaySchool: true });
    const planner = await newUser(server, { roles: ['manageMyMinistries', 'addEvents'] });
    await grantScope(server, planner.personId, 'ministry', ministry.id);
    const classId = await newClass();
    const team = await createTeam(ministry.id, { classGroupId: classId });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const theirs = await staffTeam(other.id, other.teamId, ours);
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(planner), query: { classEvents: 'delete' } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(await eventExists(ours), false);
    assert.equal(await countWhere('occurrences', 'id', [theirs.occurrenceId]), 0);
    assert.equal(await countWhere('assignments', 'id', theirs.assignmentIds), 0);
  });

  it('classEvents=delete ignores another ministry\'s declined or cancelled volunteers', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const other = await newMinistry(server, { sundaySchool: true });
    const coordinator = await newCoordinator(server, ministry.id);
    const classId = await newClass();
    const team = await createTeam(ministry.id, { classGroupId: classId });
    const ours = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const theirs = await staffTeam(other.id, other.teamId, ours);
    await setAssignmentStatus(server, theirs.assignmentIds[0], 'cancelled');
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(coordinator), query: { classEvents: 'delete' } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(await eventExists(ours), false);
  });

  it('classEvents=delete is refused with 409 and eventId while someone is checked in, and nothing changes', async () => {
    const { ministry, classId, team } = await newClassTeam();
    const first = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    const busy = await newEvent({ ministryId: ministry.id, linkedGroupId: classId, start: '2026-03-15 09:00:00' });
    const doomed = await staffTeam(ministry.id, team.id, first);
    const child = await newPerson(server);
    const leftEarly = await newPerson(server);
    await checkIn(server, [
      { eventId: first, personId: leftEarly.id, checkinAt: '2026-03-08 09:00:00', checkoutAt: '2026-03-08 09:30:00' },
      { eventId: busy, personId: child.id, checkinAt: '2026-03-15 09:00:00' },
    ]);
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(admin), query: { classEvents: 'delete' } });
    expectError(answer, 409, /currently checked in/, { eventId: busy });
    assert.ok(await eventExists(first));
    assert.ok(await eventExists(busy));
    assert.equal(await countWhere('teams', 'id', [team.id]), 1);
    assert.deepEqual(await remaining(doomed), allOf(doomed));
  });

  it('classEvents=delete is refused with 409 and eventId when an event is assigned to a kiosk', async () => {
    const { ministry, classId, team } = await newClassTeam();
    const event = await newEvent({ ministryId: ministry.id, linkedGroupId: classId });
    await assignToKiosk(server, event, unique('Kiosk'));
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(admin), query: { classEvents: 'delete' } });
    expectError(answer, 409, 'Cannot delete event: event is currently assigned to a kiosk.', { eventId: event });
    assert.ok(await eventExists(event));
    assert.equal(await countWhere('teams', 'id', [team.id]), 1);
  });
});

describe('GET /api/ministries/teams/{teamId}/class-events', () => {
  it('counts only events owned by the team\'s ministry with the class linked, and lists other ministries with live volunteers', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const other = await newMinistry(server, { name: unique('Youth'), sundaySchool: true });
    const classId = await newClass('Fifth grade');
    const team = await createTeam(ministry.id, { classGroupId: classId });
    const upcoming = await newEvent({ ministryId: ministry.id, linkedGroupId: classId, start: '2026-03-08 09:00:00' });
    const later = await newEvent({ ministryId: ministry.id, linkedGroupId: classId, start: '2026-03-15 09:00:00' });
    await newEvent({ ministryId: ministry.id, linkedGroupId: classId, start: '2026-02-22 09:00:00' });
    await newEvent({ ministryId: other.id, linkedGroupId: classId });
    await newEvent({ linkedGroupId: classId });
    await newEvent({ ministryId: ministry.id });
    await staffTeam(other.id, other.teamId, upcoming, 'pending');
    const onLater = await staffTeam(other.id, other.teamId, later);
    await answerAs(server, onLater.volunteer, onLater.assignmentIds[0], 'declined');
    await staffTeam(ministry.id, ministry.teamId, upcoming);
    const answer = await server.get(`/api/ministries/teams/${team.id}/class-events`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, {
      teamId: team.id, ministryId: ministry.id, ministryName: ministry.name, classGroupId: classId, classGroupName: 'Fifth grade',
      total: 3, upcoming: 2,
      otherStaffing: [{ ministryId: other.id, ministryName: other.name, assigned: 1, eventCount: 1 }],
    });
  });

  it('answers nulls and zeros for a team without a class', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const answer = await server.get(`/api/ministries/teams/${ministry.teamId}/class-events`, as(admin));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, {
      teamId: ministry.teamId, ministryId: ministry.id, ministryName: ministry.name,
      classGroupId: null, classGroupName: null, total: 0, upcoming: 0, otherStaffing: [],
    });
  });

  it('lets the team\'s leader read it and refuses a leader of another team with 403; 404 for an unknown team', async () => {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const team = await createTeam(ministry.id);
    const leader = await newTeamLeader(server, team.id);
    const otherLeader = await newTeamLeader(server, ministry.teamId);
    assert.equal((await server.get(`/api/ministries/teams/${team.id}/class-events`, as(leader))).status, 200);
    expectError(await server.get(`/api/ministries/teams/${team.id}/class-events`, as(otherLeader)), 403, 'Not authorized for this team');
    expectError(await server.get('/api/ministries/teams/987654/class-events', as(leader)), 404, 'Team not found');
  });
});
