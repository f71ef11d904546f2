import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DomainEvent } from '../../src/domain/domain-events.js';
import { newAdmin, newPerson, newUser, type TestUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let admin: TestUser;
let manager: TestUser;
let planner: TestUser;
let finance: TestUser;
let volunteer: TestUser;
before(async () => {
  server = await startTestServer();
  admin = await newAdmin(server);
  manager = await newUser(server, { roles: ['manageMinistries'] });
  planner = await newUser(server, { roles: ['addEvents'] });
  finance = await newUser(server, { roles: ['finance'] });
  volunteer = await newUser(server);
});
after(() => server.close());

const as = (user: () => TestUser) => ({ get key() { return user().apiKey; } });
const asAdmin = as(() => admin);
const asManager = as(() => manager);
const asPlanner = as(() => planner);
const asFinance = as(() => finance);
const asVolunteer = as(() => volunteer);
const M = '/api/ministries';
const MANAGER_GATE = 'Ministry management access is required';
const ADD_EVENTS_REFUSAL = 'User must be an Admin or have AddEvents permission';
const ROLLOUT_CLOSED = 'Volunteer Management V2 is not enabled';

function assertError(answer: { status: number; body: any }, status: number, message?: string) {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.equal(answer.body.success, false);
  assert.equal(answer.body.code, status);
  assert.equal(answer.body.error, answer.body.message);
  if (message !== undefined) assert.equal(answer.body.message, message);
}

let sequence = 0;

interface MinistrySetup { id: number; name: string; poolGroupId: number; calendarId: number; defaultTeamId: number }

async function newMinistry(name = `Ministry ${++sequence}`): Promise<MinistrySetup> {
  const created = await server.post(`${M}/ministries`, { name }, asAdmin);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const teams = await server.get(`${M}/ministries/${created.body.ministry.id}/teams`, asAdmin);
  return { id: created.body.ministry.id, name, poolGroupId: created.body.poolGroupId, calendarId: created.body.calendarId, defaultTeamId: teams.body.teams[0].id };
}

async function newTeam(ministryId: number, name = `Team ${++sequence}`): Promise<number> {
  const answer = await server.post(`${M}/ministries/${ministryId}/teams`, { name }, asAdmin);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.team.id;
}

async function grant(personId: number, scopeType: 'ministry' | 'team', scopeId: number, key = admin.apiKey) {
  const answer = await server.post(`${M}/scopes`, { personId, scopeType, scopeId }, { key });
  assert.ok(answer.status === 201 || answer.status === 200, JSON.stringify(answer.body));
  return answer.body.scope as { id: number };
}

async function newCoordinator(ministryId: number, roles: Array<'manageMyMinistries' | 'addEvents'> = ['manageMyMinistries']): Promise<TestUser> {
  const user = await newUser(server, { roles });
  await grant(user.personId, 'ministry', ministryId);
  return user;
}

async function newCalendar(name = `Calendar ${++sequence}`): Promise<number> {
  const answer = await server.post('/api/calendars', { Name: name, ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0' }, asPlanner);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.Id;
}

async function poolIds(ministryId: number): Promise<number[]> {
  const answer = await server.get(`${M}/ministries/${ministryId}/pool`, asAdmin);
  return answer.body.members.map((m: { personId: number }) => m.personId);
}

async function scopeCount(): Promise<number> {
  const row = await server.database.db.selectFrom('scopes').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function addedToGroupDuring(groupId: number, work: () => Promise<void>): Promise<number[]> {
  const added: number[] = [];
  const stop = server.app.services.publisher.subscribe((event: DomainEvent) => {
    const e = event as { type: string; groupId?: number; personId?: number };
    if (e.type === 'group-member-added' && e.groupId === groupId) added.push(e.personId!);
  });
  try {
    await work();
  } finally {
    stop();
  }
  return added;
}

/** Runs `work` with the rollout setting at `value`, then puts `v2` back. */
async function withRollout(value: string, work: () => Promise<void>) {
  assert.equal((await server.post('/admin/api/system/config/sVolunteerVersion', { value }, asAdmin)).status, 200);
  try {
    await work();
  } finally {
    assert.equal((await server.post('/admin/api/system/config/sVolunteerVersion', { value: 'v2' }, asAdmin)).status, 200);
  }
}

describe('POST /api/ministries/scopes', () => {
  it('grants a ministry scope: 201 {scope} with the caller as grantor, and the holder joins the pool', async () => {
    const ministry = await newMinistry();
    const person = await newPerson(server, { first_name: 'Grace', last_name: 'Holder' });
    let answer: any;
    const added = await addedToGroupDuring(ministry.poolGroupId, async () => {
      answer = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: ministry.id }, asManager);
    });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, {
      scope: {
        id: answer.body.scope.id,
        personId: person.id,
        personName: 'Grace Holder',
        scopeType: 'ministry',
        scopeId: ministry.id,
        scopeName: ministry.name,
        grantedDate: '2026-03-04 10:00:00',
        grantedByPersonId: manager.personId,
      },
    });
    assert.equal(typeof answer.body.scope.id, 'number');
    assert.deepEqual(added, [person.id]);
    assert.deepEqual(await poolIds(ministry.id), [person.id]);
  });

  it('grants a team scope named after the team, and the holder joins the pool of the team\'s ministry', async () => {
    const ministry = await newMinistry();
    const teamName = `Sound ${++sequence}`;
    const team = await newTeam(ministry.id, teamName);
    const person = await newPerson(server);
    const answer = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'team', scopeId: team }, asAdmin);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.scope.scopeType, 'team');
    assert.equal(answer.body.scope.scopeId, team);
    assert.equal(answer.body.scope.scopeName, teamName);
    assert.equal(answer.body.scope.grantedByPersonId, admin.personId);
    assert.deepEqual(await poolIds(ministry.id), [person.id]);
  });

  it('answers 200 with the same row on a repeated grant and fires no group-member-added', async () => {
    const ministry = await newMinistry();
    const person = await newPerson(server);
    const first = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: ministry.id }, asAdmin);
    assert.equal(first.status, 201);
    const before = await scopeCount();
    let repeat: any;
    const added = await addedToGroupDuring(ministry.poolGroupId, async () => {
      repeat = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: ministry.id }, asManager);
    });
    assert.equal(repeat.status, 200);
    assert.deepEqual(repeat.body, first.body, 'the same row, grantor unchanged');
    assert.deepEqual(added, []);
    assert.equal(await scopeCount(), before);
  });

  it('keeps a ministry grant and a team grant of the same person apart, even when their ids are equal', async () => {
    const person = await newPerson(server);
    await newMinistry();
    // A ministry's default team is made with it, so some team id equals some ministry id.
    const twin = await server.database.db.selectFrom('teams').innerJoin('ministries', 'ministries.id', 'teams.id').select('teams.id').executeTakeFirstOrThrow();
    const teamGrant = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'team', scopeId: twin.id }, asAdmin);
    assert.equal(teamGrant.status, 201);
    const ministryGrant = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: twin.id }, asAdmin);
    assert.equal(ministryGrant.status, 201, JSON.stringify(ministryGrant.body));
    assert.notEqual(ministryGrant.body.scope.id, teamGrant.body.scope.id);
    assert.equal(ministryGrant.body.scope.scopeType, 'ministry');
  });

  it('answers 400 when a field is missing or scopeType is neither ministry nor team, and grants nothing', async () => {
    const ministry = await newMinistry();
    const person = await newPerson(server);
    const before = await scopeCount();
    for (const body of [
      { scopeType: 'ministry', scopeId: ministry.id },
      { personId: person.id, scopeId: ministry.id },
      { personId: person.id, scopeType: 'ministry' },
      { personId: person.id, scopeType: 'group', scopeId: ministry.id },
      { personId: person.id, scopeType: '', scopeId: ministry.id },
    ]) {
      assertError(await server.post(`${M}/scopes`, body, asAdmin), 400);
    }
    assertError(await server.post(`${M}/scopes`, undefined, asAdmin), 400);
    assert.equal(await scopeCount(), before);
    assert.deepEqual(await poolIds(ministry.id), []);
  });

  it('answers 404 for an unknown person, ministry or team', async () => {
    const ministry = await newMinistry();
    const person = await newPerson(server);
    assertError(await server.post(`${M}/scopes`, { personId: 999999, scopeType: 'ministry', scopeId: ministry.id }, asAdmin), 404, 'Person not found');
    assertError(await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: 999999 }, asAdmin), 404, 'Ministry not found');
    assertError(await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'team', scopeId: 999999 }, asAdmin), 404, 'Team not found');
  });

  it('refuses a coordinator who is not a global manager with 403 and grants nothing', async () => {
    const ministry = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    const person = await newPerson(server);
    const before = await scopeCount();
    assertError(await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: ministry.id }, { key: coordinator.apiKey }), 403, MANAGER_GATE);
    assertError(await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'team', scopeId: ministry.defaultTeamId }, { key: coordinator.apiKey }), 403, MANAGER_GATE);
    assert.equal(await scopeCount(), before);
  });

  it('checks the manager gate before the body: a volunteer sending a bad body gets 403', async () => {
    assertError(await server.post(`${M}/scopes`, { scopeType: 'nonsense' }, asVolunteer), 403, MANAGER_GATE);
    assertError(await server.post(`${M}/scopes`, { scopeType: 'nonsense' }), 401, 'Invalid API key');
  });

  it('gives the holder the authority it names: a team grant opens that team to its holder', async () => {
    const ministry = await newMinistry();
    const leader = await newUser(server);
    assertError(await server.get(`${M}/teams/${ministry.defaultTeamId}`, { key: leader.apiKey }), 403, 'Manage My Ministries access, with a ministry or team to manage, is required');
    await grant(leader.personId, 'team', ministry.defaultTeamId);
    assert.equal((await server.get(`${M}/teams/${ministry.defaultTeamId}`, { key: leader.apiKey })).status, 200);
  });
});

describe('GET /api/ministries/scopes', () => {
  it('lists grants, and the personId, ministryId and teamId filters combine', async () => {
    const ministry = await newMinistry();
    const other = await newMinistry();
    const team = await newTeam(ministry.id);
    const [ann, ben] = [await newPerson(server), await newPerson(server)];
    const annMinistry = await grant(ann.id, 'ministry', ministry.id);
    const annTeam = await grant(ann.id, 'team', team);
    const annOther = await grant(ann.id, 'ministry', other.id);
    const benMinistry = await grant(ben.id, 'ministry', ministry.id);
    const benTeam = await grant(ben.id, 'team', team);

    const ids = async (query: Record<string, string>) => {
      const answer = await server.get(`${M}/scopes`, { ...asManager, query });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.scopes.map((s: { id: number }) => s.id).sort((x: number, y: number) => x - y);
    };
    const sorted = (...xs: number[]) => xs.sort((x, y) => x - y);
    assert.deepEqual(await ids({ personId: String(ann.id) }), sorted(annMinistry.id, annTeam.id, annOther.id));
    assert.deepEqual(await ids({ ministryId: String(ministry.id) }), sorted(annMinistry.id, benMinistry.id), 'ministryId matches ministry grants only, not grants on its teams');
    assert.deepEqual(await ids({ teamId: String(team) }), sorted(annTeam.id, benTeam.id));
    assert.deepEqual(await ids({ personId: String(ben.id), ministryId: String(ministry.id) }), [benMinistry.id]);
    assert.deepEqual(await ids({ personId: String(ann.id), teamId: String(team) }), [annTeam.id]);
    assert.deepEqual(await ids({ ministryId: String(ministry.id), teamId: String(team) }), [], 'a grant is never both');

    const all = await server.get(`${M}/scopes`, asManager);
    const listed = all.body.scopes.find((s: { id: number }) => s.id === annTeam.id);
    assert.deepEqual(listed, annTeam, 'the list uses the scope shape of the grant answer');
  });

  it('is refused to a coordinator, a team leader and a volunteer with 403, and answers 401 without a key', async () => {
    const ministry = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    const leader = await newUser(server);
    await grant(leader.personId, 'team', ministry.defaultTeamId);
    assertError(await server.get(`${M}/scopes`, { key: coordinator.apiKey }), 403, MANAGER_GATE);
    assertError(await server.get(`${M}/scopes`, { key: leader.apiKey }), 403, MANAGER_GATE);
    assertError(await server.get(`${M}/scopes`, asVolunteer), 403, MANAGER_GATE);
    assertError(await server.get(`${M}/scopes`), 401, 'Invalid API key');
  });

  it('drops the grants on a team when the team is deleted', async () => {
    const ministry = await newMinistry();
    const team = await newTeam(ministry.id);
    const person = await newPerson(server);
    await grant(person.id, 'team', team);
    assert.equal((await server.delete(`${M}/teams/${team}`, asAdmin)).status, 200);
    const answer = await server.get(`${M}/scopes`, { ...asAdmin, query: { personId: String(person.id) } });
    assert.deepEqual(answer.body.scopes, []);
  });
});

describe('DELETE /api/ministries/scopes/{scopeId}', () => {
  it('revokes the grant, which takes the authority away, and then answers 404 Scope grant not found', async () => {
    const ministry = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    assert.equal((await server.get(`${M}/ministries/${ministry.id}`, { key: coordinator.apiKey })).status, 200);
    const [scope] = (await server.get(`${M}/scopes`, { ...asAdmin, query: { personId: String(coordinator.personId) } })).body.scopes;

    const answer = await server.delete(`${M}/scopes/${scope.id}`, asManager);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
    assert.deepEqual((await server.get(`${M}/scopes`, { ...asAdmin, query: { personId: String(coordinator.personId) } })).body.scopes, []);
    assertError(await server.get(`${M}/ministries/${ministry.id}`, { key: coordinator.apiKey }), 403, 'Manage My Ministries access, with a ministry or team to manage, is required');
    assert.deepEqual(await poolIds(ministry.id), [coordinator.personId], 'revoking a grant does not touch the pool');

    assertError(await server.delete(`${M}/scopes/${scope.id}`, asManager), 404, 'Scope grant not found');
  });

  it('answers 404 Scope grant not found for an id that never existed, including ids no row can have', async () => {
    assertError(await server.delete(`${M}/scopes/999999`, asAdmin), 404, 'Scope grant not found');
    assertError(await server.delete(`${M}/scopes/0`, asAdmin), 404, 'Scope grant not found');
    assertError(await server.delete(`${M}/scopes/99999999999`, asAdmin), 404, 'Scope grant not found');
  });

  it('refuses a coordinator with 403 and keeps the grant', async () => {
    const ministry = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    const person = await newPerson(server);
    const scope = await grant(person.id, 'team', ministry.defaultTeamId);
    assertError(await server.delete(`${M}/scopes/${scope.id}`, { key: coordinator.apiKey }), 403, MANAGER_GATE);
    assertError(await server.delete(`${M}/scopes/999999`, { key: coordinator.apiKey }), 403, MANAGER_GATE);
    assert.equal((await server.get(`${M}/scopes`, { ...asAdmin, query: { teamId: String(ministry.defaultTeamId) } })).body.scopes.length, 1);
  });
});

describe('GET /api/calendars/{id}/ministries', () => {
  it('answers {calendarId, ministries: []} for a calendar opened to nobody', async () => {
    const calendar = await newCalendar();
    const answer = await server.get(`/api/calendars/${calendar}/ministries`, asPlanner);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { calendarId: calendar, ministries: [] });
  });

  it('answers 404 for an unknown calendar', async () => {
    assertError(await server.get('/api/calendars/999999/ministries', asPlanner), 404);
  });

  it('needs addEvents: 403 to other staff and volunteers, 401 without a key', async () => {
    const calendar = await newCalendar();
    assertError(await server.get(`/api/calendars/${calendar}/ministries`, asFinance), 403, ADD_EVENTS_REFUSAL);
    assertError(await server.get(`/api/calendars/${calendar}/ministries`, asManager), 403, ADD_EVENTS_REFUSAL);
    assert.equal((await server.get(`/api/calendars/${calendar}/ministries`, asVolunteer)).status, 403);
    assertError(await server.get(`/api/calendars/${calendar}/ministries`), 401, 'Invalid API key');
  });
});

describe('PUT /api/calendars/{id}/ministries', () => {
  it('replaces the ministries the calendar is opened to and answers {calendarId, ministries:[{id, name, active}]}', async () => {
    const calendar = await newCalendar();
    const a = await newMinistry(`Alpha ${++sequence}`);
    const b = await newMinistry(`Beta ${++sequence}`);
    const c = await newMinistry(`Gamma ${++sequence}`);
    await server.post(`${M}/ministries/${c.id}`, { active: false }, asAdmin);

    const first = await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [b.id, a.id, c.id] }, asPlanner);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body, {
      calendarId: calendar,
      ministries: [{ id: a.id, name: a.name, active: true }, { id: b.id, name: b.name, active: true }, { id: c.id, name: c.name, active: false }],
    });
    assert.deepEqual((await server.get(`/api/calendars/${calendar}/ministries`, asPlanner)).body, first.body);

    const second = await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [b.id] }, asPlanner);
    assert.equal(second.status, 200);
    assert.deepEqual(second.body.ministries.map((m: { id: number }) => m.id), [b.id]);

    const cleared = await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [] }, asPlanner);
    assert.equal(cleared.status, 200);
    assert.deepEqual(cleared.body, { calendarId: calendar, ministries: [] });
  });

  it('answers 400 when the body is not a list or an id is 0, non-numeric or unknown, and changes nothing', async () => {
    const calendar = await newCalendar();
    const ministry = await newMinistry();
    await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [ministry.id] }, asPlanner);
    for (const body of [{ ministryIds: ministry.id }, { ministryIds: 'all' }, {}, { ministryIds: [0] }, { ministryIds: ['abc'] }, { ministryIds: [ministry.id, 999999] }, { ministryIds: [1.5] }, { ministryIds: [null] },
      { ministryIds: [99999999999] }, { ministryIds: ['99999999999'] }, { ministryIds: [-3] }]) {
      assertError(await server.put(`/api/calendars/${calendar}/ministries`, body, asPlanner), 400);
    }
    const read = await server.get(`/api/calendars/${calendar}/ministries`, asPlanner);
    assert.deepEqual(read.body.ministries.map((m: { id: number }) => m.id), [ministry.id]);
  });

  it('answers 404 for an unknown calendar', async () => {
    const ministry = await newMinistry();
    assertError(await server.put('/api/calendars/999999/ministries', { ministryIds: [ministry.id] }, asPlanner), 404);
  });

  it('answers 409 for a ministry\'s own calendar and opens nothing', async () => {
    const owner = await newMinistry();
    const guest = await newMinistry();
    assertError(await server.put(`/api/calendars/${owner.calendarId}/ministries`, { ministryIds: [guest.id] }, asPlanner), 409);
    assert.deepEqual((await server.get(`/api/calendars/${owner.calendarId}/ministries`, asPlanner)).body.ministries, []);
    const pinnable = await server.get('/api/calendars/pinnable', { key: (await newCoordinator(guest.id)).apiKey, query: { ministryId: String(guest.id) } });
    assert.ok(!pinnable.body.calendarIds.includes(owner.calendarId));
  });

  it('needs addEvents: a coordinator or a global manager without it gets 403 and nothing changes', async () => {
    const calendar = await newCalendar();
    const ministry = await newMinistry();
    const coordinator = await newCoordinator(ministry.id);
    assertError(await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [ministry.id] }, { key: coordinator.apiKey }), 403, ADD_EVENTS_REFUSAL);
    assertError(await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [ministry.id] }, asManager), 403, ADD_EVENTS_REFUSAL);
    assert.deepEqual((await server.get(`/api/calendars/${calendar}/ministries`, asPlanner)).body.ministries, []);
  });
});

describe('GET /api/calendars/pinnable', () => {
  async function calendars() {
    const ministry = await newMinistry();
    const other = await newMinistry();
    const opened = await newCalendar();
    const closed = await newCalendar();
    const openedElsewhere = await newCalendar();
    assert.equal((await server.put(`/api/calendars/${opened}/ministries`, { ministryIds: [ministry.id] }, asPlanner)).status, 200);
    assert.equal((await server.put(`/api/calendars/${openedElsewhere}/ministries`, { ministryIds: [other.id] }, asPlanner)).status, 200);
    return { ministry, other, opened, closed, openedElsewhere };
  }

  async function allCalendarIds(): Promise<number[]> {
    const rows = await server.database.db.selectFrom('calendars').select('id').execute();
    return rows.map((r) => r.id).sort((x, y) => x - y);
  }

  it('gives a caller holding addEvents every calendar, with or without ministryId', async () => {
    const c = await calendars();
    const every = await allCalendarIds();
    const withMinistry = await server.get('/api/calendars/pinnable', { ...asPlanner, query: { ministryId: String(c.ministry.id) } });
    assert.equal(withMinistry.status, 200);
    assert.deepEqual(withMinistry.body.ministryId, c.ministry.id);
    assert.deepEqual([...withMinistry.body.calendarIds].sort((x: number, y: number) => x - y), every);
    const without = await server.get('/api/calendars/pinnable', asPlanner);
    assert.equal(without.status, 200);
    assert.equal(without.body.ministryId, null);
    assert.deepEqual([...without.body.calendarIds].sort((x: number, y: number) => x - y), every);
    const coordinatorWithAddEvents = await newCoordinator(c.other.id, ['manageMyMinistries', 'addEvents']);
    const theirs = await server.get('/api/calendars/pinnable', { key: coordinatorWithAddEvents.apiKey, query: { ministryId: String(c.ministry.id) } });
    assert.deepEqual([...theirs.body.calendarIds].sort((x: number, y: number) => x - y), every);
  });

  it('gives the coordinator of the ministry its own calendar plus the calendars opened to it', async () => {
    const c = await calendars();
    const coordinator = await newCoordinator(c.ministry.id);
    const answer = await server.get('/api/calendars/pinnable', { key: coordinator.apiKey, query: { ministryId: String(c.ministry.id) } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { ministryId: c.ministry.id, calendarIds: [c.ministry.calendarId, c.opened].sort((x, y) => x - y) });
  });

  it('gives [] to a coordinator without ministryId, a coordinator of another ministry, a team leader and other staff', async () => {
    const c = await calendars();
    const coordinator = await newCoordinator(c.ministry.id);
    const noMinistry = await server.get('/api/calendars/pinnable', { key: coordinator.apiKey });
    assert.equal(noMinistry.status, 200);
    assert.deepEqual(noMinistry.body, { ministryId: null, calendarIds: [] });

    const otherCoordinator = await newCoordinator(c.other.id);
    assert.deepEqual((await server.get('/api/calendars/pinnable', { key: otherCoordinator.apiKey, query: { ministryId: String(c.ministry.id) } })).body,
      { ministryId: c.ministry.id, calendarIds: [] });

    const leader = await newUser(server, { roles: ['editRecords'] });
    await grant(leader.personId, 'team', c.ministry.defaultTeamId);
    assert.deepEqual((await server.get('/api/calendars/pinnable', { key: leader.apiKey, query: { ministryId: String(c.ministry.id) } })).body,
      { ministryId: c.ministry.id, calendarIds: [] });

    const grantOnly = await newUser(server, { roles: ['finance'] });
    await grant(grantOnly.personId, 'ministry', c.ministry.id);
    assert.deepEqual((await server.get('/api/calendars/pinnable', { key: grantOnly.apiKey, query: { ministryId: String(c.ministry.id) } })).body,
      { ministryId: c.ministry.id, calendarIds: [] }, 'a ministry grant without manageMyMinistries makes no coordinator');

    assert.deepEqual((await server.get('/api/calendars/pinnable', { ...asFinance, query: { ministryId: String(c.ministry.id) } })).body,
      { ministryId: c.ministry.id, calendarIds: [] });
  });

  it('is refused to a self-service login with 403 and answers 401 without a key', async () => {
    const c = await calendars();
    assert.equal((await server.get('/api/calendars/pinnable', { ...asVolunteer, query: { ministryId: String(c.ministry.id) } })).status, 403);
    assertError(await server.get('/api/calendars/pinnable'), 401, 'Invalid API key');
  });
});

describe('Calendars opened to ministries behind the rollout gate', () => {
  it('answers 403 Volunteer Management V2 is not enabled on all three routes while the setting is v1, even to an administrator', async () => {
    const calendar = await newCalendar();
    const ministry = await newMinistry();
    await withRollout('v1', async () => {
      assertError(await server.get(`/api/calendars/${calendar}/ministries`, asAdmin), 403, ROLLOUT_CLOSED);
      assertError(await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [ministry.id] }, asAdmin), 403, ROLLOUT_CLOSED);
      assertError(await server.get('/api/calendars/pinnable', asAdmin), 403, ROLLOUT_CLOSED);
      assertError(await server.get(`${M}/scopes`, asAdmin), 403, ROLLOUT_CLOSED);
    });
    assert.deepEqual((await server.get(`/api/calendars/${calendar}/ministries`, asPlanner)).body.ministries, [], 'the refused write changed nothing');
  });
});
