import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PositionView } from '../../src/http/schemas/volunteer.schemas.js';
import {
  newPerson, newUser, as, expectError, useServer, useUser, unique, newMinistry, newTeam, grantScope, newCoordinator,
  newTeamLeader, useOtherEventType, atTime, cancelOccurrence, completeEndedShifts, countRows, editSchedule,
  newAssignment, newSchedule, newStaffedEvent, overrideNeed, qualify, revokeQualification, storedRows,
} from '../kit/index.js';

const TAKEN = 'This team already has a position of that name';
const CLASS_LINKED = 'A position with qualified volunteers cannot move into or out of a team linked to a class';

const server = useServer();
const admin = useUser(server, ['admin']);
const volunteer = useUser(server);
const otherType = useOtherEventType(server);

const V = '/api/ministries';
const TEACHER = 1;

async function newClass(): Promise<number> {
  const answer = await server.post('/api/groups/', { groupName: unique('Class'), isSundaySchool: true }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.Id;
}

/** A Sunday School ministry with a team linked to a fresh class. */
async function newClassTeam() {
  const ministry = await newMinistry(server, { sundaySchool: true });
  const classId = await newClass();
  const teamId = (await newTeam(server, ministry.id, { classGroupId: classId })).id;
  return { ministry, classId, teamId };
}

async function listPositions(ministryId: number, query: Record<string, string> = {}, options: { key?: string } = as(admin)): Promise<PositionView[]> {
  const answer = await server.get(`${V}/ministries/${ministryId}/positions`, { ...options, query });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.positions;
}

async function readPosition(positionId: number): Promise<PositionView> {
  const answer = await server.get(`${V}/positions/${positionId}`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.position;
}

/** The role each person holds in a group, from the core members route. */
async function rolesIn(groupId: number): Promise<Map<number, number>> {
  const answer = await server.get(`/api/groups/${groupId}/members`, as(admin));
  assert.equal(answer.status, 200);
  return new Map(answer.body.Person2group2roleP2g2rs.map((m: { PersonId: number; RoleId: number }) => [m.PersonId, m.RoleId]));
}

const TODAY = '2026-03-04';
const daysFrom = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Occurrence { id: number; date: string }

/** The schedule's occurrences in date order, from the occurrence list. */
async function occurrencesOf(scheduleId: number): Promise<Array<{ id: number; occurrenceDate: string }>> {
  const answer = await server.get(`${V}/occurrences`, { ...as(admin), query: { from: '2026-01-01', to: '2026-12-31', scheduleId: String(scheduleId) } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.occurrences;
}

/** An occurrence of the position's team on `date`: a new ministry event it staffs (see newStaffedEvent for a past date). */
async function newOccurrence(position: PositionView, date: string): Promise<Occurrence> {
  return { id: (await newStaffedEvent(server, { id: position.ministryId, teamId: position.teamId }, [], { date })).occurrenceId, date };
}

/**
 * The person assigned to the position on the occurrence by a coordinator, who then accepts, declines or cancels for
 * them; `completed` is accepted, then marked by the timer job once the day is over, with every other shift over by
 * then. A past occurrence is staffed the day before it.
 */
async function assignAs(occurrence: Occurrence, positionId: number, personId: number, status: 'pending' | 'accepted' | 'declined' | 'cancelled' | 'completed'): Promise<number> {
  const staff = async () => (await newAssignment(server, occurrence.id, positionId, personId, { status: status === 'completed' ? 'accepted' : status })).id;
  const id = occurrence.date > TODAY ? await staff() : await atTime(server, `${daysFrom(occurrence.date, -1)}T15:00:00Z`, staff);
  if (status === 'completed') await atTime(server, `${daysFrom(occurrence.date, 1)}T15:00:00Z`, () => completeEndedShifts(server));
  return id;
}

/** The act most tests here build on: POST …/positions as the administrator, 201. */
async function createPosition(ministryId: number, teamId: number, body: Record<string, unknown> = {}): Promise<PositionView> {
  const answer = await server.post(`${V}/ministries/${ministryId}/positions`, { name: unique('Position'), teamId, ...body }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.position;
}

describe('GET /api/ministries/ministries/{id}/positions', () => {
  it('lists the positions of every team in the contract shape', async () => {
    const ministry = await newMinistry(server);
    const secondTeam = (await newTeam(server, ministry.id)).id;
    const first = await createPosition(ministry.id, ministry.teamId, { description: 'Greets at the door', order: 2, recruiting: true });
    const second = await createPosition(ministry.id, secondTeam);
    const positions = await listPositions(ministry.id);
    assert.deepEqual(positions.map((p) => p.id).sort((a, b) => a - b), [first.id, second.id]);
    const listed = positions.find((p) => p.id === first.id)!;
    assert.deepEqual(listed, {
      id: first.id,
      ministryId: ministry.id,
      teamId: ministry.teamId,
      teamName: listed.teamName,
      name: first.name,
      description: 'Greets at the door',
      active: true,
      recruiting: true,
      selfAssignable: true,
      order: 2,
    });
    assert.match(listed.teamName, /Team$/);
  });

  it('leaves out positions of other ministries', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    await createPosition(other.id, other.teamId);
    const mine = await createPosition(ministry.id, ministry.teamId);
    assert.deepEqual((await listPositions(ministry.id)).map((p) => p.id), [mine.id]);
  });

  it('filters by teamId', async () => {
    const ministry = await newMinistry(server);
    const secondTeam = (await newTeam(server, ministry.id)).id;
    await createPosition(ministry.id, ministry.teamId);
    const second = await createPosition(ministry.id, secondTeam);
    assert.deepEqual((await listPositions(ministry.id, { teamId: String(secondTeam) })).map((p) => p.id), [second.id]);
  });

  it('filters with active=1 and active=0, and lists both with active empty', async () => {
    const ministry = await newMinistry(server);
    const on = await createPosition(ministry.id, ministry.teamId);
    const off = await createPosition(ministry.id, ministry.teamId, { active: false });
    assert.deepEqual((await listPositions(ministry.id, { active: '1' })).map((p) => p.id), [on.id]);
    assert.deepEqual((await listPositions(ministry.id, { active: '0' })).map((p) => p.id), [off.id]);
    assert.equal((await listPositions(ministry.id, { active: '' })).length, 2);
  });

  it('lets a coordinator of the ministry list its positions', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const coordinator = await newCoordinator(server, ministry.id);
    assert.deepEqual((await listPositions(ministry.id, {}, as(coordinator))).map((p) => p.id), [position.id]);
  });

  it("shows a team leader only the positions of the teams they lead", async () => {
    const ministry = await newMinistry(server);
    const ledTeam = (await newTeam(server, ministry.id)).id;
    await createPosition(ministry.id, ministry.teamId);
    const led = await createPosition(ministry.id, ledTeam);
    const leader = await newTeamLeader(server, ledTeam);
    assert.deepEqual((await listPositions(ministry.id, {}, as(leader))).map((p) => p.id), [led.id]);
    assert.deepEqual(await listPositions(ministry.id, { teamId: String(ministry.teamId) }, as(leader)), []);
  });

  it('answers 404 for an unknown ministry before any scope check', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    expectError(await server.get(`${V}/ministries/999999/positions`, as(coordinator)), 404, 'Ministry not found');
  });

  it('refuses with 403 a coordinator of another ministry and a leader of a team elsewhere', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const coordinator = await newCoordinator(server, other.id);
    const leader = await newTeamLeader(server, other.teamId);
    expectError(await server.get(`${V}/ministries/${ministry.id}/positions`, as(coordinator)), 403, 'Not authorized for this ministry');
    expectError(await server.get(`${V}/ministries/${ministry.id}/positions`, as(leader)), 403, 'Not authorized for this ministry');
  });

  it('refuses a ministry grant without manageMyMinistries', async () => {
    const ministry = await newMinistry(server);
    const holder = await newUser(server);
    await grantScope(server, holder.personId, 'ministry', ministry.id);
    expectError(await server.get(`${V}/ministries/${ministry.id}/positions`, as(holder)), 403,
      'Manage My Ministries access, with a ministry or team to manage, is required');
  });

  it('refuses a volunteer with the coordinator gate, before the ministry is looked up, and a missing key with 401', async () => {
    const ministry = await newMinistry(server);
    expectError(await server.get(`${V}/ministries/${ministry.id}/positions`, as(volunteer)), 403,
      'Manage My Ministries access, with a ministry or team to manage, is required');
    expectError(await server.get(`${V}/ministries/999999/positions`, as(volunteer)), 403,
      'Manage My Ministries access, with a ministry or team to manage, is required');
    expectError(await server.get(`${V}/ministries/${ministry.id}/positions`), 401, 'Invalid API key');
  });
});

describe('POST /api/ministries/ministries/{id}/positions', () => {
  const url = (ministryId: number) => `${V}/ministries/${ministryId}/positions`;

  it('creates a position with the documented defaults and answers 201', async () => {
    const ministry = await newMinistry(server);
    const answer = await server.post(url(ministry.id), { name: '  Usher  ', teamId: ministry.teamId }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const { position } = answer.body;
    assert.deepEqual(position, {
      id: position.id,
      ministryId: ministry.id,
      teamId: ministry.teamId,
      teamName: position.teamName,
      name: 'Usher',
      description: null,
      active: true,
      recruiting: false,
      selfAssignable: true,
      order: 0,
    });
    assert.deepEqual(await readPosition(position.id), position);
  });

  it('stores every field it is given', async () => {
    const ministry = await newMinistry(server);
    const answer = await server.post(url(ministry.id), {
      name: 'Sound', teamId: ministry.teamId, description: 'Runs the desk', order: 5, recruiting: true, selfAssignable: false, active: false,
    }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const stored = await readPosition(answer.body.position.id);
    assert.equal(stored.description, 'Runs the desk');
    assert.equal(stored.order, 5);
    assert.equal(stored.recruiting, true);
    assert.equal(stored.selfAssignable, false);
    assert.equal(stored.active, false);
  });

  it('accepts every strict boolean spelling for recruiting, selfAssignable and active', async () => {
    const ministry = await newMinistry(server);
    const spellings: Array<[unknown, boolean]> = [
      [true, true], [false, false], [1, true], [0, false], ['1', true], ['0', false],
      ['true', true], ['false', false], [' TRUE ', true], ['False', false],
    ];
    for (const [value, expected] of spellings) {
      for (const field of ['recruiting', 'selfAssignable', 'active'] as const) {
        const answer = await server.post(url(ministry.id), { name: unique('Spelling'), teamId: ministry.teamId, [field]: value }, as(admin));
        assert.equal(answer.status, 201, `${field}=${JSON.stringify(value)}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body.position[field], expected, `${field}=${JSON.stringify(value)}`);
      }
    }
  });

  it('refuses anything else for a strict boolean with 400 and its own message, creating nothing', async () => {
    const ministry = await newMinistry(server);
    const messages = {
      recruiting: 'Recruit Volunteers must be true or false',
      selfAssignable: 'Self-assignable must be true or false',
      active: 'Active must be true or false',
    };
    for (const value of [null, '', 'yes', 'maybe', 2, -1, []]) {
      for (const [field, message] of Object.entries(messages)) {
        const answer = await server.post(url(ministry.id), { name: 'Refused', teamId: ministry.teamId, [field]: value }, as(admin));
        expectError(answer, 400, message);
      }
    }
    assert.deepEqual(await listPositions(ministry.id), []);
  });

  it('answers 404 Ministry not found before looking at the body', async () => {
    expectError(await server.post(url(999999), { recruiting: 'maybe' }, as(admin)), 404, 'Ministry not found');
  });

  it('refuses a missing, empty or null teamId with 400 before any other check', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const leader = await newTeamLeader(server, other.teamId);
    for (const body of [{ name: 'X', recruiting: 'maybe' }, { name: 'X', teamId: '', recruiting: 'maybe' }, { name: 'X', teamId: null, active: 2 }]) {
      expectError(await server.post(url(ministry.id), body, as(admin)), 400, 'A position belongs to a team; choose one');
      expectError(await server.post(url(ministry.id), body, as(leader)), 400, 'A position belongs to a team; choose one');
    }
  });

  it('answers 404 Team not found for an unknown team before the booleans are checked', async () => {
    const ministry = await newMinistry(server);
    expectError(await server.post(url(ministry.id), { name: 'X', teamId: 999999, recruiting: 'maybe' }, as(admin)), 404, 'Team not found');
  });

  it('answers 404 Team not found for a team id beyond any row', async () => {
    const ministry = await newMinistry(server);
    expectError(await server.post(url(ministry.id), { name: 'X', teamId: 99999999999 }, as(admin)), 404, 'Team not found');
  });

  it('checks the booleans before the team\'s ministry', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    expectError(await server.post(url(ministry.id), { name: 'X', teamId: other.teamId, selfAssignable: 'yes' }, as(admin)), 400,
      'Self-assignable must be true or false');
  });

  it('refuses with 400 a team of another ministry, before the authority check', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const outsider = await newTeamLeader(server, (await newMinistry(server)).teamId);
    const answer = await server.post(url(ministry.id), { name: 'X', teamId: other.teamId }, as(admin));
    expectError(answer, 400, 'That team belongs to another ministry');
    expectError(await server.post(url(ministry.id), { name: 'X', teamId: other.teamId }, as(outsider)), 400, 'That team belongs to another ministry');
    assert.deepEqual(await listPositions(other.id), []);
  });

  it('refuses with 403 a caller who neither coordinates the ministry nor leads the team, before the duplicate check', async () => {
    const ministry = await newMinistry(server);
    const ledTeam = (await newTeam(server, ministry.id)).id;
    const existing = await createPosition(ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, ledTeam);
    const coordinator = await newCoordinator(server, (await newMinistry(server)).id);
    expectError(await server.post(url(ministry.id), { name: existing.name, teamId: ministry.teamId }, as(leader)), 403, 'Not authorized for this team');
    expectError(await server.post(url(ministry.id), { name: 'Fresh', teamId: ministry.teamId }, as(coordinator)), 403, 'Not authorized for this team');
  });

  it('lets a team leader create in their own team and a coordinator in any team of the ministry', async () => {
    const ministry = await newMinistry(server);
    const ledTeam = (await newTeam(server, ministry.id)).id;
    const leader = await newTeamLeader(server, ledTeam);
    const coordinator = await newCoordinator(server, ministry.id);
    assert.equal((await server.post(url(ministry.id), { name: 'Lead', teamId: ledTeam }, as(leader))).status, 201);
    assert.equal((await server.post(url(ministry.id), { name: 'Coord', teamId: ministry.teamId }, as(coordinator))).status, 201);
  });

  it('refuses with 409 a name already used in the team, ignoring case, and allows it in another team', async () => {
    const ministry = await newMinistry(server);
    const secondTeam = (await newTeam(server, ministry.id)).id;
    await createPosition(ministry.id, ministry.teamId, { name: 'Camera' });
    const duplicate = await server.post(url(ministry.id), { name: ' CAMERA ', teamId: ministry.teamId }, as(admin));
    expectError(duplicate, 409, TAKEN);
    assert.equal((await server.post(url(ministry.id), { name: 'camera', teamId: secondTeam }, as(admin))).status, 201);
    assert.equal((await listPositions(ministry.id, { teamId: String(ministry.teamId) })).length, 1);
  });

  it('refuses a missing name with 400', async () => {
    const ministry = await newMinistry(server);
    expectError(await server.post(url(ministry.id), { teamId: ministry.teamId }, as(admin)), 400, 'A position name is required');
    expectError(await server.post(url(ministry.id), { name: '   ', teamId: ministry.teamId }, as(admin)), 400, 'A position name is required');
  });
});

describe('GET /api/ministries/positions/{positionId}', () => {
  it('answers {position}', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const answer = await server.get(`${V}/positions/${position.id}`, as(admin));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { position });
  });

  it('lets the leader of the position\'s team read it', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, ministry.teamId);
    assert.equal((await server.get(`${V}/positions/${position.id}`, as(leader))).status, 200);
  });

  it('answers 404 Position not found, even to a caller who could not see it', async () => {
    const leader = await newTeamLeader(server, (await newMinistry(server)).teamId);
    expectError(await server.get(`${V}/positions/999999`, as(leader)), 404, 'Position not found');
  });

  it('refuses with 403 a leader of another team of the same ministry', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, (await newTeam(server, ministry.id)).id);
    expectError(await server.get(`${V}/positions/${position.id}`, as(leader)), 403, 'Not authorized for this position');
  });
});

describe('POST /api/ministries/positions/{positionId}', () => {
  const url = (positionId: number) => `${V}/positions/${positionId}`;

  it('changes only the fields sent', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId, { description: 'Keeps', order: 3, recruiting: true, selfAssignable: false });
    const answer = await server.post(url(position.id), { name: 'Renamed' }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { position: { ...position, name: 'Renamed' } });
    const second = await server.post(url(position.id), { description: null, order: 7, recruiting: 'false', selfAssignable: '1' }, as(admin));
    assert.deepEqual(second.body.position, { ...position, name: 'Renamed', description: null, order: 7, recruiting: false, selfAssignable: true });
  });

  it('refuses a bad strict boolean with 400 and leaves the position unchanged', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId, { recruiting: true });
    expectError(await server.post(url(position.id), { name: 'Changed', recruiting: 'yes' }, as(admin)), 400, 'Recruit Volunteers must be true or false');
    expectError(await server.post(url(position.id), { selfAssignable: null }, as(admin)), 400, 'Self-assignable must be true or false');
    assert.deepEqual(await readPosition(position.id), position);
  });

  it('reads active permissively on update', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const cases: Array<[unknown, boolean]> = [
      ['off', false], ['yes', true], ['no', false], ['on', true], ['', false], [1, true], [null, false],
      [2, true], ['0', false], ['maybe', true], [0, false], [[1], true],
    ];
    for (const [value, expected] of cases) {
      const answer = await server.post(url(position.id), { active: value }, as(admin));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.position.active, expected, `active=${JSON.stringify(value)}`);
    }
  });

  it('moves the position to another team of the ministry', async () => {
    const ministry = await newMinistry(server);
    const target = (await newTeam(server, ministry.id, { name: 'Target Team' })).id;
    const position = await createPosition(ministry.id, ministry.teamId);
    const answer = await server.post(url(position.id), { teamId: target }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.position.teamId, target);
    assert.equal(answer.body.position.teamName, 'Target Team');
  });

  it('refuses teamId null with 400, an unknown team with 404 and a team of another ministry with 400', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    expectError(await server.post(url(position.id), { teamId: null }, as(admin)), 400, 'A position belongs to a team; choose one');
    expectError(await server.post(url(position.id), { teamId: 999999 }, as(admin)), 404, 'Team not found');
    expectError(await server.post(url(position.id), { teamId: other.teamId }, as(admin)), 400, 'A position moves only between teams of its ministry');
    assert.equal((await readPosition(position.id)).teamId, ministry.teamId);
  });

  it('refuses with 409 a rename to a name the team already uses, ignoring case', async () => {
    const ministry = await newMinistry(server);
    await createPosition(ministry.id, ministry.teamId, { name: 'Piano' });
    const position = await createPosition(ministry.id, ministry.teamId, { name: 'Organ' });
    expectError(await server.post(url(position.id), { name: 'PIANO' }, as(admin)), 409, TAKEN);
    assert.equal((await readPosition(position.id)).name, 'Organ');
    assert.equal((await server.post(url(position.id), { name: 'ORGAN' }, as(admin))).status, 200, 'its own name in another case is no duplicate');
  });

  it('refuses with 409 a move into a team that already has a position of that name', async () => {
    const ministry = await newMinistry(server);
    const target = (await newTeam(server, ministry.id)).id;
    await createPosition(ministry.id, target, { name: 'Lights' });
    const position = await createPosition(ministry.id, ministry.teamId, { name: 'lights' });
    expectError(await server.post(url(position.id), { teamId: target }, as(admin)), 409, TAKEN);
    assert.equal((await readPosition(position.id)).teamId, ministry.teamId);
  });

  it('refuses with 409 moving a position with qualified volunteers into a class-linked team', async () => {
    const { ministry, classId, teamId: classTeam } = await newClassTeam();
    const position = await createPosition(ministry.id, ministry.teamId);
    const person = await newPerson(server);
    await qualify(server, position.id, person.id);
    expectError(await server.post(url(position.id), { teamId: classTeam }, as(admin)), 409, CLASS_LINKED);
    assert.equal((await readPosition(position.id)).teamId, ministry.teamId);
    assert.equal((await rolesIn(classId)).has(person.id), false);
  });

  it('refuses with 409 moving a position with qualified volunteers out of a class-linked team', async () => {
    const { ministry, teamId: classTeam } = await newClassTeam();
    const position = await createPosition(ministry.id, classTeam);
    await qualify(server, position.id, (await newPerson(server)).id);
    expectError(await server.post(url(position.id), { teamId: ministry.teamId }, as(admin)), 409, CLASS_LINKED);
    assert.equal((await readPosition(position.id)).teamId, classTeam);
  });

  it('moves a position into a class-linked team when nobody holds an active qualification', async () => {
    const { ministry, teamId: classTeam } = await newClassTeam();
    const position = await createPosition(ministry.id, ministry.teamId);
    const qualification = await qualify(server, position.id, (await newPerson(server)).id);
    await revokeQualification(server, qualification.id);
    const answer = await server.post(url(position.id), { teamId: classTeam }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.position.teamId, classTeam);
  });

  it('lets a team leader edit a position of their team but not move it to a team they do not lead', async () => {
    const ministry = await newMinistry(server);
    const otherTeam = (await newTeam(server, ministry.id)).id;
    const position = await createPosition(ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, ministry.teamId);
    assert.equal((await server.post(url(position.id), { description: 'By the leader' }, as(leader))).status, 200);
    expectError(await server.post(url(position.id), { teamId: otherTeam }, as(leader)), 403, 'Not authorized for this team');
    assert.equal((await readPosition(position.id)).teamId, ministry.teamId);
  });

  it('answers 404 for an unknown position, then 403 out of scope even with a bad body', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, (await newTeam(server, ministry.id)).id);
    expectError(await server.post(url(999999), { recruiting: 'maybe' }, as(leader)), 404, 'Position not found');
    expectError(await server.post(url(position.id), { recruiting: 'maybe' }, as(leader)), 403, 'Not authorized for this position');
  });
});

describe('DELETE /api/ministries/positions/{positionId}', () => {
  it('removes the position with its qualifications, requirements, defaults and assignments, and keeps the occurrences', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const kept = await createPosition(ministry.id, ministry.teamId);
    const active = await newPerson(server);
    const revoked = await newPerson(server);
    await qualify(server, position.id, active.id);
    await qualify(server, kept.id, active.id);
    const revokedQualification = await qualify(server, position.id, revoked.id);
    const title = unique('Service');
    for (const date of ['2026-02-01', '2026-03-15']) {
      const event = await server.post('/api/events', { Title: title, Type: otherType.id, Start: `${date} 09:00:00`, End: `${date} 10:00:00`, PinnedCalendars: [] }, as(admin));
      assert.equal(event.status, 200, JSON.stringify(event.body));
    }
    // Made the day before the first event, the schedule generates the past occurrence too.
    const scheduleId = (await atTime(server, '2026-01-31T15:00:00Z', () => newSchedule(server, { id: ministry.id, teamId: ministry.teamId }, {
      linkMode: 'event_type', eventTypeId: otherType.id, titleFilter: title, windowStart: '2026-01-01', requirements: [{ positionId: position.id, minCount: 1 }],
    }))).schedule.id;
    await editSchedule(server, scheduleId, { requirements: [{ positionId: position.id, minCount: 1, defaults: [{ personId: active.id }] }] });
    const [past, upcoming] = (await occurrencesOf(scheduleId)).map((o) => ({ id: o.id, date: o.occurrenceDate }));
    await overrideNeed(server, upcoming.id, { positionId: position.id, minCount: 2 });
    // Accepted, with its response, then completed.
    const history = await assignAs(past, position.id, active.id, 'completed');
    await assignAs(upcoming, position.id, active.id, 'pending');
    await assignAs(upcoming, position.id, revoked.id, 'declined');
    await revokeQualification(server, revokedQualification.id);
    const other = await assignAs(upcoming, kept.id, active.id, 'accepted');
    const [requirement] = await storedRows(server, 'requirements', { schedule_id: scheduleId, position_id: position.id });
    assert.equal(await countRows(server, 'requirement_defaults', { requirement_id: requirement.id }), 1);
    assert.equal(await countRows(server, 'responses', { assignment_id: history }), 1);

    const answer = await server.delete(`${V}/positions/${position.id}`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { success: true });

    expectError(await server.get(`${V}/positions/${position.id}`, as(admin)), 404, 'Position not found');
    for (const table of ['qualifications', 'requirements', 'assignments'] as const) assert.equal(await countRows(server, table, { position_id: position.id }), 0, table);
    assert.equal(await countRows(server, 'requirement_defaults', { requirement_id: requirement.id }), 0);
    assert.equal(await countRows(server, 'responses', { assignment_id: history }), 0);
    assert.deepEqual((await occurrencesOf(scheduleId)).map((o) => o.id), [past.id, upcoming.id]);
    assert.deepEqual((await storedRows(server, 'assignments', { position_id: kept.id })).map((a) => a.id), [other]);
    assert.equal(await countRows(server, 'qualifications', { position_id: kept.id }), 1);
    assert.deepEqual((await listPositions(ministry.id)).map((p) => p.id), [kept.id]);
  });

  it('takes the class Teacher role from people left with no active qualification in the class-linked team', async () => {
    const { ministry, classId, teamId } = await newClassTeam();
    const position = await createPosition(ministry.id, teamId);
    const sibling = await createPosition(ministry.id, teamId);
    const onlyHere = await newPerson(server);
    const alsoSibling = await newPerson(server);
    await qualify(server, position.id, onlyHere.id);
    await qualify(server, position.id, alsoSibling.id);
    await qualify(server, sibling.id, alsoSibling.id);
    const before = await rolesIn(classId);
    assert.equal(before.get(onlyHere.id), TEACHER);
    assert.equal(before.get(alsoSibling.id), TEACHER);

    assert.equal((await server.delete(`${V}/positions/${position.id}`, as(admin))).status, 200);
    const afterwards = await rolesIn(classId);
    assert.equal(afterwards.has(onlyHere.id), false);
    assert.equal(afterwards.get(alsoSibling.id), TEACHER);
  });

  it('answers 404 for an unknown position and 403 to a leader of another team, deleting nothing', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, (await newTeam(server, ministry.id)).id);
    expectError(await server.delete(`${V}/positions/999999`, as(leader)), 404, 'Position not found');
    expectError(await server.delete(`${V}/positions/${position.id}`, as(leader)), 403, 'Not authorized for this position');
    assert.equal((await readPosition(position.id)).id, position.id);
  });

  it('lets the leader of the position\'s team delete it', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, ministry.teamId);
    assert.equal((await server.delete(`${V}/positions/${position.id}`, as(leader))).status, 200);
    assert.equal((await server.get(`${V}/positions/${position.id}`, as(admin))).status, 404);
  });
});

describe('GET /api/ministries/positions/{positionId}/eligible', () => {
  const eligible = async (positionId: number, query: Record<string, string> = {}) => {
    const answer = await server.get(`${V}/positions/${positionId}/eligible`, { ...as(admin), query });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.people as Array<{ personId: number; displayName: string; inPool: boolean; lastServedDate: string | null; conflictPositionId: number | null; conflictPositionName: string | null }>;
  };

  it('lists only people actively qualified, in the eligiblePerson shape', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const elsewhere = await createPosition(ministry.id, ministry.teamId);
    const qualified = await newPerson(server, { first_name: 'Quinn', last_name: 'Able' });
    const revoked = await newPerson(server);
    await qualify(server, position.id, qualified.id);
    await revokeQualification(server, (await qualify(server, position.id, revoked.id)).id);
    await qualify(server, elsewhere.id, (await newPerson(server)).id);
    assert.deepEqual(await eligible(position.id), [
      { personId: qualified.id, displayName: 'Quinn Able', familyName: null, emailHint: 'pe…@', inPool: true, lastServedDate: null, conflictPositionId: null, conflictPositionName: null },
    ]);
  });

  it('marks a qualified person who left the pool with inPool false', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const person = await newPerson(server);
    await qualify(server, position.id, person.id);
    assert.equal((await server.delete(`${V}/ministries/${ministry.id}/pool/${person.id}`, as(admin))).status, 200);
    const [row] = await eligible(position.id);
    assert.equal(row.personId, person.id);
    assert.equal(row.inPool, false);
  });

  it('puts the never-served first, then the least recently served, an upcoming assignment counting for order only', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const people = {
      recentPast: await newPerson(server, { first_name: 'Alice', last_name: 'Recent' }),
      pastAndUpcoming: await newPerson(server, { first_name: 'Bob', last_name: 'Both' }),
      onlyUpcoming: await newPerson(server, { first_name: 'Carol', last_name: 'Soon' }),
      longAgo: await newPerson(server, { first_name: 'Dave', last_name: 'Long' }),
      never: await newPerson(server, { first_name: 'Erin', last_name: 'Never' }),
    };
    for (const person of Object.values(people)) await qualify(server, position.id, person.id);
    const january = await newOccurrence(position, '2026-01-04');
    const earlyFebruary = await newOccurrence(position, '2026-02-01');
    const lateFebruary = await newOccurrence(position, '2026-02-22');
    const nextWeek = await newOccurrence(position, '2026-03-11');
    const inTwoWeeks = await newOccurrence(position, '2026-03-18');
    await assignAs(january, position.id, people.longAgo.id, 'completed');
    await assignAs(earlyFebruary, position.id, people.pastAndUpcoming.id, 'completed');
    await assignAs(lateFebruary, position.id, people.recentPast.id, 'accepted');
    await assignAs(nextWeek, position.id, people.onlyUpcoming.id, 'pending');
    await assignAs(inTwoWeeks, position.id, people.pastAndUpcoming.id, 'accepted');

    const rows = await eligible(position.id);
    assert.deepEqual(rows.map((r) => [r.displayName, r.lastServedDate]), [
      ['Erin Never', null],
      ['Dave Long', '2026-01-04'],
      ['Alice Recent', '2026-02-22'],
      ['Carol Soon', null],
      ['Bob Both', '2026-02-01'],
    ]);
  });

  it('does not count declined or cancelled assignments, or assignments on cancelled occurrences, as service', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const served = await newPerson(server, { first_name: 'Amy', last_name: 'Served' });
    const declined = await newPerson(server, { first_name: 'Ben', last_name: 'Declined' });
    const cancelledOccurrence = await newPerson(server, { first_name: 'Cat', last_name: 'Cancelled' });
    for (const person of [served, declined, cancelledOccurrence]) await qualify(server, position.id, person.id);
    const february = await newOccurrence(position, '2026-02-15');
    const called = await newOccurrence(position, '2026-02-22');
    const upcoming = await newOccurrence(position, '2026-03-15');
    await assignAs(february, position.id, served.id, 'completed');
    await assignAs(february, position.id, declined.id, 'declined');
    await assignAs(upcoming, position.id, declined.id, 'cancelled');
    await assignAs(called, position.id, cancelledOccurrence.id, 'accepted');
    await cancelOccurrence(server, called.id);

    const rows = await eligible(position.id);
    assert.deepEqual(rows.map((r) => [r.displayName, r.lastServedDate]), [
      ['Ben Declined', null],
      ['Cat Cancelled', null],
      ['Amy Served', '2026-02-15'],
    ]);
  });

  it('filters by name with q, ignoring case', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const match = await newPerson(server, { first_name: 'Gwendolyn', last_name: 'Marsh' });
    await qualify(server, position.id, match.id);
    await qualify(server, position.id, (await newPerson(server, { first_name: 'Harold', last_name: 'Stone' })).id);
    assert.deepEqual((await eligible(position.id, { q: 'gwen' })).map((r) => r.personId), [match.id]);
    assert.deepEqual((await eligible(position.id, { q: 'DOLYN MAR' })).map((r) => r.personId), [match.id]);
    assert.deepEqual(await eligible(position.id, { q: 'nobody' }), []);
    assert.equal((await eligible(position.id, { q: '' })).length, 2);
  });

  it('answers 404 for an unknown position and 403 to a leader of another team', async () => {
    const ministry = await newMinistry(server);
    const position = await createPosition(ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, (await newTeam(server, ministry.id)).id);
    expectError(await server.get(`${V}/positions/999999/eligible`, as(leader)), 404, 'Position not found');
    expectError(await server.get(`${V}/positions/${position.id}/eligible`, as(leader)), 403, 'Not authorized for this position');
  });
});
