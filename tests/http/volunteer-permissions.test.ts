import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  as, grantScope, newAdmin, newMinistry, newPerson, newPosition, newTeam, newUser, setUp, unique, useServer, type Answer, type TestUser,
} from '../kit/index.js';

/**
 * The permission matrix of the volunteer setup routes (contract §1.5, §1.10, §3): for every persona and
 * route, the status (and for a refusal, the message) the caller gets.
 */

const M = '/api/ministries';
const COORDINATOR_GATE = 'Manage My Ministries access, with a ministry or team to manage, is required';
const MANAGER_GATE = 'Ministry management access is required';
const ROLLOUT_CLOSED = 'Volunteer Management V2 is not enabled';

const PERSONAS = ['admin', 'manager', 'coordinator', 'otherCoordinator', 'teamLeader', 'otherTeamLeader', 'staff', 'volunteer', 'noKey'] as const;
type Persona = (typeof PERSONAS)[number];

const DESCRIPTIONS: Record<Persona, string> = {
  admin: 'an administrator',
  manager: 'a global manager (manageMinistries)',
  coordinator: 'the coordinator of M',
  otherCoordinator: 'the coordinator of another ministry',
  teamLeader: 'the leader of team T (a self-service login)',
  otherTeamLeader: 'the leader of another team of M',
  staff: 'staff without volunteer rights (finance)',
  volunteer: 'a volunteer (no flags, no grants)',
  noKey: 'a caller without a key',
};

const server = useServer();
const users = {} as Record<Exclude<Persona, 'noKey'>, TestUser>;
let ministryM: number;
let ministryN: number;
let teamT: number;
let defaultTeamOfM: number;
let positionP: number;

const keyOf = (persona: Persona) => (persona === 'noKey' ? {} : { key: users[persona].apiKey });
/** The administrator's view of a resource after a refused request: GET's answer body, or undefined after 404. */
async function seenByAdmin(url: string) {
  const answer = await server.get(url, as(users.admin));
  if (answer.status === 404) return undefined;
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}

setUp(async () => {
  users.admin = await newAdmin(server);
  const m = await newMinistry(server);
  ministryM = m.id;
  defaultTeamOfM = m.teamId;
  ministryN = (await newMinistry(server)).id;
  teamT = (await newTeam(server, ministryM)).id;
  positionP = (await newPosition(server, ministryM, teamT, { name: 'Usher' })).id;

  users.manager = await newUser(server, { roles: ['manageMinistries'] });
  users.coordinator = await newUser(server, { roles: ['manageMyMinistries'] });
  await grantScope(server, users.coordinator.personId, 'ministry', ministryM);
  users.otherCoordinator = await newUser(server, { roles: ['manageMyMinistries'] });
  await grantScope(server, users.otherCoordinator.personId, 'ministry', ministryN);
  users.teamLeader = await newUser(server);
  await grantScope(server, users.teamLeader.personId, 'team', teamT);
  users.otherTeamLeader = await newUser(server);
  await grantScope(server, users.otherTeamLeader.personId, 'team', defaultTeamOfM);
  users.staff = await newUser(server, { roles: ['finance'] });
  users.volunteer = await newUser(server);
});

/** An expected answer: a success status, or a refusal with its message. */
type Expected = number | { status: number; message: string };
const GATE: Expected = { status: 403, message: COORDINATOR_GATE };
const MANAGER: Expected = { status: 403, message: MANAGER_GATE };
const MINISTRY: Expected = { status: 403, message: 'Not authorized for this ministry' };
const TEAM: Expected = { status: 403, message: 'Not authorized for this team' };
const POSITION: Expected = { status: 403, message: 'Not authorized for this position' };
const UNAUTHENTICATED: Expected = { status: 401, message: 'Invalid API key' };

interface Row {
  route: string;
  /** Builds what the call needs (as an administrator) before it is made. */
  prepare?: (persona: Persona) => Promise<void>;
  call: (persona: Persona) => Promise<Answer>;
  expect: Record<Persona, Expected>;
  /** Checked after a refused call: the refusal changed nothing. */
  unchanged?: (persona: Persona) => Promise<void>;
}

/**
 * A row's expectations: `success` for every persona, except staff and volunteers (the coordinator gate), a caller
 * without a key (401) and whatever `refused` names.
 */
const expected = (success: number, refused: Partial<Record<Persona, Expected>> = {}): Record<Persona, Expected> => ({
  admin: success, manager: success, coordinator: success, otherCoordinator: success, teamLeader: success, otherTeamLeader: success,
  staff: GATE, volunteer: GATE, noKey: UNAUTHENTICATED, ...refused,
});

/** A route open to ministry-level authority only (C+Min). */
const ministryLevel = (success: number) => expected(success, { otherCoordinator: MINISTRY, teamLeader: MINISTRY, otherTeamLeader: MINISTRY });

/** A route on team T (or a position in it, refused with `outside`): its ministry's coordinator and its leader pass. */
const teamLevel = (success: number, outside: Expected = TEAM) => expected(success, { otherCoordinator: outside, otherTeamLeader: outside });

const createdTeams = new Map<Persona, number>();
const poolPeople = new Map<Persona, number>();
const leavingPeople = new Map<Persona, { personId: number; qualificationId: number }>();
const qualifyingPeople = new Map<Persona, number>();

const ROWS: Row[] = [
  {
    route: 'GET /api/ministries/ministries/{M}',
    call: (p) => server.get(`${M}/ministries/${ministryM}`, keyOf(p)),
    expect: ministryLevel(200),
  },
  {
    route: 'GET /api/ministries/{M} (alias)',
    call: (p) => server.get(`${M}/${ministryM}`, keyOf(p)),
    expect: ministryLevel(200),
  },
  {
    route: 'GET /api/ministries/ministries/{M}/summary',
    call: (p) => server.get(`${M}/ministries/${ministryM}/summary`, keyOf(p)),
    expect: ministryLevel(200),
  },
  {
    route: 'GET /api/ministries/ministries',
    call: (p) => server.get(`${M}/ministries`, keyOf(p)),
    expect: expected(200),
  },
  {
    route: 'POST /api/ministries/ministries',
    call: (p) => server.post(`${M}/ministries`, { name: unique(`Created by ${p}`) }, keyOf(p)),
    expect: expected(201, { coordinator: MANAGER, otherCoordinator: MANAGER, teamLeader: MANAGER, otherTeamLeader: MANAGER }),
  },
  {
    route: 'GET /api/ministries/teams/{T}',
    call: (p) => server.get(`${M}/teams/${teamT}`, keyOf(p)),
    expect: teamLevel(200),
  },
  {
    route: 'POST /api/ministries/teams/{T}',
    call: (p) => server.post(`${M}/teams/${teamT}`, { description: `Edited by ${p}` }, keyOf(p)),
    expect: expected(200, { otherCoordinator: TEAM, teamLeader: TEAM, otherTeamLeader: TEAM }),
    unchanged: async (p) => {
      assert.notEqual((await seenByAdmin(`${M}/teams/${teamT}`)).team.description, `Edited by ${p}`);
    },
  },
  {
    // A fresh second team each time, so it is never the ministry's only one; the leader of T is made its leader too.
    route: 'DELETE /api/ministries/teams/{T} (a team the leader leads)',
    prepare: async (p) => {
      const team = (await newTeam(server, ministryM)).id;
      createdTeams.set(p, team);
      if (p === 'teamLeader') await grantScope(server, users.teamLeader.personId, 'team', team);
    },
    call: (p) => server.delete(`${M}/teams/${createdTeams.get(p)}`, keyOf(p)),
    expect: expected(200, { otherCoordinator: TEAM, teamLeader: TEAM, otherTeamLeader: TEAM }),
    unchanged: async (p) => assert.ok(await seenByAdmin(`${M}/teams/${createdTeams.get(p)}`)),
  },
  {
    route: 'GET /api/ministries/ministries/{M}/pool',
    call: (p) => server.get(`${M}/ministries/${ministryM}/pool`, keyOf(p)),
    expect: ministryLevel(200),
  },
  {
    route: 'POST /api/ministries/ministries/{M}/pool/{personId}',
    prepare: async (p) => { poolPeople.set(p, (await newPerson(server)).id); },
    call: (p) => server.post(`${M}/ministries/${ministryM}/pool/${poolPeople.get(p)}`, undefined, keyOf(p)),
    expect: ministryLevel(201),
    unchanged: async (p) => {
      const { members } = await seenByAdmin(`${M}/ministries/${ministryM}/pool`);
      assert.equal(members.some((member: { personId: number }) => member.personId === poolPeople.get(p)), false);
    },
  },
  {
    route: 'DELETE /api/ministries/ministries/{M}/volunteers/{personId}',
    prepare: async (p) => {
      const person = await newPerson(server);
      const qualification = await server.post(`${M}/positions/${positionP}/qualifications`, { personId: person.id }, as(users.admin));
      leavingPeople.set(p, { personId: person.id, qualificationId: qualification.body.qualification.id });
    },
    call: (p) => server.delete(`${M}/ministries/${ministryM}/volunteers/${leavingPeople.get(p)!.personId}`, keyOf(p)),
    expect: ministryLevel(200),
    unchanged: async (p) => {
      const { qualifications } = await seenByAdmin(`${M}/positions/${positionP}/qualifications`);
      const kept = qualifications.find((q: { id: number }) => q.id === leavingPeople.get(p)!.qualificationId);
      assert.equal(kept?.active, true);
    },
  },
  {
    route: 'GET /api/ministries/ministries/{M}/members',
    call: (p) => server.get(`${M}/ministries/${ministryM}/members`, keyOf(p)),
    expect: ministryLevel(200),
  },
  {
    route: 'GET /api/ministries/teams/{T}/members',
    call: (p) => server.get(`${M}/teams/${teamT}/members`, keyOf(p)),
    expect: teamLevel(200),
  },
  {
    route: 'GET /api/ministries/ministries/{M}/qualification-matrix',
    call: (p) => server.get(`${M}/ministries/${ministryM}/qualification-matrix`, keyOf(p)),
    expect: ministryLevel(200),
  },
  {
    route: 'GET /api/ministries/teams/{T}/qualification-matrix',
    call: (p) => server.get(`${M}/teams/${teamT}/qualification-matrix`, keyOf(p)),
    expect: teamLevel(200),
  },
  {
    route: 'GET /api/ministries/positions/{P in T}',
    call: (p) => server.get(`${M}/positions/${positionP}`, keyOf(p)),
    expect: teamLevel(200, POSITION),
  },
  {
    route: 'POST /api/ministries/positions/{P}/qualifications',
    prepare: async (p) => { qualifyingPeople.set(p, (await newPerson(server)).id); },
    call: (p) => server.post(`${M}/positions/${positionP}/qualifications`, { personId: qualifyingPeople.get(p) }, keyOf(p)),
    expect: teamLevel(201, POSITION),
    unchanged: async (p) => {
      const { qualifications } = await seenByAdmin(`${M}/positions/${positionP}/qualifications`);
      assert.equal(qualifications.some((q: { personId: number }) => q.personId === qualifyingPeople.get(p)), false);
    },
  },
  {
    route: 'GET /api/ministries/scopes',
    call: (p) => server.get(`${M}/scopes`, keyOf(p)),
    expect: expected(200, { coordinator: MANAGER, otherCoordinator: MANAGER, teamLeader: MANAGER, otherTeamLeader: MANAGER, staff: MANAGER, volunteer: MANAGER }),
  },
  {
    route: 'GET /api/ministries/me/permissions',
    call: (p) => server.get(`${M}/me/permissions`, keyOf(p)),
    expect: expected(200, { staff: 200, volunteer: 200 }),
  },
  {
    route: 'GET /api/me/permissions',
    call: (p) => server.get('/api/me/permissions', keyOf(p)),
    expect: expected(200, { staff: 200, volunteer: 200 }),
  },
  {
    route: 'GET /api/ministries/status',
    call: (p) => server.get(`${M}/status`, keyOf(p)),
    expect: expected(200, { staff: 200, volunteer: 200 }),
  },
];

function describeExpected(expected: Expected): string {
  return typeof expected === 'number' ? String(expected) : `${expected.status} ${expected.message}`;
}

function assertAnswer(answer: Answer, expected: Expected) {
  if (typeof expected === 'number') {
    assert.equal(answer.status, expected, JSON.stringify(answer.body));
    assert.notEqual(answer.body?.success, false);
    return;
  }
  assert.equal(answer.status, expected.status, JSON.stringify(answer.body));
  assert.deepEqual(
    { success: answer.body.success, message: answer.body.message, error: answer.body.error, code: answer.body.code },
    { success: false, message: expected.message, error: expected.message, code: expected.status },
  );
}

describe('Volunteer setup permission matrix', () => {
  for (const row of ROWS) {
    describe(row.route, () => {
      for (const persona of PERSONAS) {
        const expected = row.expect[persona];
        it(`answers ${describeExpected(expected)} to ${DESCRIPTIONS[persona]}`, async () => {
          await row.prepare?.(persona);
          assertAnswer(await row.call(persona), expected);
          if (typeof expected !== 'number' && row.unchanged) await row.unchanged(persona);
        });
      }
    });
  }
});

describe('404 comes before 403 (contract §1.5)', () => {
  const MISSING = 999999;
  const cases: Array<{ route: string; call: (p: Persona) => Promise<Answer>; message: string }> = [
    { route: 'GET /api/ministries/ministries/{unknown}', call: (p) => server.get(`${M}/ministries/${MISSING}`, keyOf(p)), message: 'Ministry not found' },
    { route: 'GET /api/ministries/ministries/{unknown}/summary', call: (p) => server.get(`${M}/ministries/${MISSING}/summary`, keyOf(p)), message: 'Ministry not found' },
    { route: 'GET /api/ministries/ministries/{unknown}/pool', call: (p) => server.get(`${M}/ministries/${MISSING}/pool`, keyOf(p)), message: 'Ministry not found' },
    { route: 'DELETE /api/ministries/ministries/{unknown}/volunteers/{p}', call: (p) => server.delete(`${M}/ministries/${MISSING}/volunteers/1`, keyOf(p)), message: 'Ministry not found' },
    { route: 'GET /api/ministries/teams/{unknown}', call: (p) => server.get(`${M}/teams/${MISSING}`, keyOf(p)), message: 'Team not found' },
    { route: 'DELETE /api/ministries/teams/{unknown}', call: (p) => server.delete(`${M}/teams/${MISSING}`, keyOf(p)), message: 'Team not found' },
    { route: 'GET /api/ministries/positions/{unknown}', call: (p) => server.get(`${M}/positions/${MISSING}`, keyOf(p)), message: 'Position not found' },
  ];
  for (const c of cases) {
    it(`${c.route}: 404 ${c.message} to out-of-scope callers who pass the gate, the gate's 403 to those who do not`, async () => {
      for (const persona of ['otherCoordinator', 'teamLeader', 'otherTeamLeader', 'coordinator'] as const) {
        assertAnswer(await c.call(persona), { status: 404, message: c.message });
      }
      assertAnswer(await c.call('staff'), GATE);
      assertAnswer(await c.call('volunteer'), GATE);
      assertAnswer(await c.call('noKey'), UNAUTHENTICATED);
    });
  }

  it('checks scope before the body: a bad body on an out-of-scope position answers 403, in scope 400', async () => {
    assertAnswer(await server.post(`${M}/positions/${positionP}/qualifications`, {}, keyOf('otherCoordinator')), POSITION);
    assertAnswer(await server.post(`${M}/positions/${positionP}/qualifications`, {}, keyOf('otherTeamLeader')), POSITION);
    assert.equal((await server.post(`${M}/positions/${positionP}/qualifications`, {}, keyOf('teamLeader'))).status, 400);
  });
});

describe('Scoped answers behind the gates', () => {
  it('GET /api/ministries/ministries lists only the ministries the caller coordinates; a team leader gets none, a manager all', async () => {
    const ids = async (p: Persona) => ((await server.get(`${M}/ministries`, keyOf(p))).body.ministries as Array<{ id: number }>).map((m) => m.id);
    assert.deepEqual(await ids('coordinator'), [ministryM]);
    assert.deepEqual(await ids('otherCoordinator'), [ministryN]);
    assert.deepEqual(await ids('teamLeader'), []);
    const all = await ids('manager');
    assert.ok(all.includes(ministryM) && all.includes(ministryN));
  });

  it('GET /me/permissions describes each tier', async () => {
    const ministry = await newMinistry(server);
    const second = (await newTeam(server, ministry.id)).id;
    const coordinator = await newUser(server, { roles: ['manageMyMinistries'] });
    await grantScope(server, coordinator.personId, 'ministry', ministry.id);
    const leader = await newUser(server);
    await grantScope(server, leader.personId, 'team', second);
    const permissions = async (key: string) => {
      const answer = await server.get('/api/me/permissions', { key });
      assert.equal(answer.status, 200);
      return answer.body;
    };
    const none = { isAdmin: false, isGlobalManager: false, isCoordinator: false, isTeamLeader: false, managedMinistryIds: [], managedTeamIds: [] };
    assert.deepEqual(await permissions(users.admin.apiKey), { ...none, isAdmin: true, isGlobalManager: true });
    assert.deepEqual(await permissions(users.manager.apiKey), { ...none, isGlobalManager: true });
    assert.deepEqual(await permissions(coordinator.apiKey), {
      ...none, isCoordinator: true, managedMinistryIds: [ministry.id], managedTeamIds: [ministry.teamId, second].sort((a, b) => a - b),
    });
    assert.deepEqual(await permissions(leader.apiKey), { ...none, isTeamLeader: true, managedTeamIds: [second] });
    assert.deepEqual(await permissions(users.volunteer.apiKey), none);
    assert.deepEqual(await permissions(users.staff.apiKey), none);
  });

  it('a ministry grant without manageMyMinistries makes no coordinator: the coordinator gate refuses it', async () => {
    const holder = await newUser(server, { roles: ['finance'] });
    await grantScope(server, holder.personId, 'ministry', ministryM);
    assertAnswer(await server.get(`${M}/ministries/${ministryM}`, { key: holder.apiKey }), GATE);
    assertAnswer(await server.get(`${M}/ministries/${ministryM}/pool`, { key: holder.apiKey }), GATE);
  });
});

describe('The rollout gate on the setup routes', () => {
  it('answers 403 Volunteer Management V2 is not enabled to everyone, administrators included, while the setting is v1; 401 still comes first', async () => {
    const personas = ['admin', 'coordinator', 'teamLeader', 'volunteer', 'noKey'] as const;
    for (const row of ROWS) for (const persona of personas) await row.prepare?.(persona);
    assert.equal((await server.post('/admin/api/system/config/sVolunteerVersion', { value: 'v1' }, as(users.admin))).status, 200);
    try {
      for (const row of ROWS) {
        for (const persona of personas.filter((q) => q !== 'noKey')) {
          const answer = await row.call(persona);
          assert.equal(answer.status, 403, `${row.route} as ${persona}: ${JSON.stringify(answer.body)}`);
          assert.equal(answer.body.message, ROLLOUT_CLOSED, row.route);
        }
        assertAnswer(await row.call('noKey'), UNAUTHENTICATED);
      }
    } finally {
      assert.equal((await server.post('/admin/api/system/config/sVolunteerVersion', { value: 'v2' }, as(users.admin))).status, 200);
    }
  });
});
