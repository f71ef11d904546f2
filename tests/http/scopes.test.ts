import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DomainEvent } from '../../src/domain/domain-events.js';
import {
  as, countRows, expectError, storedRows, newCoordinator, newMinistry, newPerson, newTeam, newUser, unique, useServer, useUser,
} from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const manager = useUser(server, ['manageMinistries']);
const planner = useUser(server, ['addEvents']);
const finance = useUser(server, ['finance']);
const volunteer = useUser(server);

const M = '/api/ministries';
const MANAGER_GATE = 'Ministry management access is required';
const ADD_EVENTS_REFUSAL = 'User must be an Admin or have AddEvents permission';
const ROLLOUT_CLOSED = 'Volunteer Management V2 is not enabled';

/** Grants over the route: 201 for a new grant, 200 for one that already stood (contract §18). */
async function grant(personId: number, scopeType: 'ministry' | 'team', scopeId: number, key = admin.apiKey, status: 200 | 201 = 201) {
  const answer = await server.post(`${M}/scopes`, { personId, scopeType, scopeId }, { key });
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  return answer.body.scope as { id: number };
}

async function newCalendar(name = unique('Calendar')): Promise<number> {
  const answer = await server.post('/api/calendars', { Name: name, ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0' }, as(planner));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.Id;
}

async function poolIds(ministryId: number): Promise<number[]> {
  const answer = await server.get(`${M}/ministries/${ministryId}/pool`, as(admin));
  return answer.body.members.map((m: { personId: number }) => m.personId);
}

const scopeCount = () => countRows(server, 'scopes');

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
  assert.equal((await server.post('/admin/api/system/config/sVolunteerVersion', { value }, as(admin))).status, 200);
  try {
    await work();
  } finally {
    assert.equal((await server.post('/admin/api/system/config/sVolunteerVersion', { value: 'v2' }, as(admin))).status, 200);
  }
}

describe('POST /api/ministries/scopes', () => {
  it('grants a ministry scope: 201 {scope} with the caller as grantor, and the holder joins the pool', async () => {
    const ministry = await newMinistry(server);
    const person = await newPerson(server, { first_name: 'Grace', last_name: 'Holder' });
    let answer: any;
    const added = await addedToGroupDuring(ministry.poolGroupId, async () => {
      answer = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: ministry.id }, as(manager));
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
    const ministry = await newMinistry(server);
    const teamName = unique('Sound');
    const team = (await newTeam(server, ministry.id, { name: teamName })).id;
    const person = await newPerson(server);
    const answer = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'team', scopeId: team }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.scope.scopeType, 'team');
    assert.equal(answer.body.scope.scopeId, team);
    assert.equal(answer.body.scope.scopeName, teamName);
    assert.equal(answer.body.scope.grantedByPersonId, admin.personId);
    assert.deepEqual(await poolIds(ministry.id), [person.id]);
  });

  it('answers 200 with the same row on a repeated grant and fires no group-member-added', async () => {
    const ministry = await newMinistry(server);
    const person = await newPerson(server);
    const first = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: ministry.id }, as(admin));
    assert.equal(first.status, 201);
    const before = await scopeCount();
    let repeat: any;
    const added = await addedToGroupDuring(ministry.poolGroupId, async () => {
      repeat = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: ministry.id }, as(manager));
    });
    assert.equal(repeat.status, 200);
    assert.deepEqual(repeat.body, first.body, 'the same row, grantor unchanged');
    assert.deepEqual(added, []);
    assert.equal(await scopeCount(), before);
  });

  it('keeps a ministry grant and a team grant of the same person apart, even when their ids are equal', async () => {
    const person = await newPerson(server);
    await newMinistry(server);
    // A ministry's default team is made with it, so some team id equals some ministry id.
    const ministryIds = new Set((await storedRows(server, 'ministries')).map((ministry) => ministry.id));
    const twin = (await storedRows(server, 'teams')).find((team) => ministryIds.has(team.id))!;
    const teamGrant = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'team', scopeId: twin.id }, as(admin));
    assert.equal(teamGrant.status, 201);
    const ministryGrant = await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: twin.id }, as(admin));
    assert.equal(ministryGrant.status, 201, JSON.stringify(ministryGrant.body));
    assert.notEqual(ministryGrant.body.scope.id, teamGrant.body.scope.id);
    assert.equal(ministryGrant.body.scope.scopeType, 'ministry');
  });

  it('answers 400 when a field is missing or scopeType is neither ministry nor team, and grants nothing', async () => {
    const ministry = await newMinistry(server);
    const person = await newPerson(server);
    const before = await scopeCount();
    for (const body of [
      { scopeType: 'ministry', scopeId: ministry.id },
      { personId: person.id, scopeId: ministry.id },
      { personId: person.id, scopeType: 'ministry' },
      { personId: person.id, scopeType: 'group', scopeId: ministry.id },
      { personId: person.id, scopeType: '', scopeId: ministry.id },
    ]) {
      expectError(await server.post(`${M}/scopes`, body, as(admin)), 400, /./);
    }
    expectError(await server.post(`${M}/scopes`, undefined, as(admin)), 400, 'personId, scopeType and scopeId are required');
    assert.equal(await scopeCount(), before);
    assert.deepEqual(await poolIds(ministry.id), []);
  });

  it('answers 404 for an unknown person, ministry or team', async () => {
    const ministry = await newMinistry(server);
    const person = await newPerson(server);
    expectError(await server.post(`${M}/scopes`, { personId: 999999, scopeType: 'ministry', scopeId: ministry.id }, as(admin)), 404, 'Person not found');
    expectError(await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: 999999 }, as(admin)), 404, 'Ministry not found');
    expectError(await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'team', scopeId: 999999 }, as(admin)), 404, 'Team not found');
  });

  it('refuses a coordinator who is not a global manager with 403 and grants nothing', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const person = await newPerson(server);
    const before = await scopeCount();
    expectError(await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'ministry', scopeId: ministry.id }, { key: coordinator.apiKey }), 403, MANAGER_GATE);
    expectError(await server.post(`${M}/scopes`, { personId: person.id, scopeType: 'team', scopeId: ministry.teamId }, { key: coordinator.apiKey }), 403, MANAGER_GATE);
    assert.equal(await scopeCount(), before);
  });

  it('checks the manager gate before the body: a volunteer sending a bad body gets 403', async () => {
    expectError(await server.post(`${M}/scopes`, { scopeType: 'nonsense' }, as(volunteer)), 403, MANAGER_GATE);
    expectError(await server.post(`${M}/scopes`, { scopeType: 'nonsense' }), 401, 'Invalid API key');
  });

  it('gives the holder the authority it names: a team grant opens that team to its holder', async () => {
    const ministry = await newMinistry(server);
    const leader = await newUser(server);
    expectError(await server.get(`${M}/teams/${ministry.teamId}`, { key: leader.apiKey }), 403, 'Manage My Ministries access, with a ministry or team to manage, is required');
    await grant(leader.personId, 'team', ministry.teamId);
    assert.equal((await server.get(`${M}/teams/${ministry.teamId}`, { key: leader.apiKey })).status, 200);
  });
});

describe('GET /api/ministries/scopes', () => {
  it('lists grants, and the personId, ministryId and teamId filters combine', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const team = (await newTeam(server, ministry.id)).id;
    const [ann, ben] = [await newPerson(server), await newPerson(server)];
    const annMinistry = await grant(ann.id, 'ministry', ministry.id);
    const annTeam = await grant(ann.id, 'team', team);
    const annOther = await grant(ann.id, 'ministry', other.id);
    const benMinistry = await grant(ben.id, 'ministry', ministry.id);
    const benTeam = await grant(ben.id, 'team', team);

    const ids = async (query: Record<string, string>) => {
      const answer = await server.get(`${M}/scopes`, { ...as(manager), query });
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

    const all = await server.get(`${M}/scopes`, as(manager));
    const listed = all.body.scopes.find((s: { id: number }) => s.id === annTeam.id);
    assert.deepEqual(listed, annTeam, 'the list uses the scope shape of the grant answer');
  });

  it('is refused to a coordinator, a team leader and a volunteer with 403, and answers 401 without a key', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const leader = await newUser(server);
    await grant(leader.personId, 'team', ministry.teamId);
    expectError(await server.get(`${M}/scopes`, { key: coordinator.apiKey }), 403, MANAGER_GATE);
    expectError(await server.get(`${M}/scopes`, { key: leader.apiKey }), 403, MANAGER_GATE);
    expectError(await server.get(`${M}/scopes`, as(volunteer)), 403, MANAGER_GATE);
    expectError(await server.get(`${M}/scopes`), 401, 'Invalid API key');
  });

  it('drops the grants on a team when the team is deleted', async () => {
    const ministry = await newMinistry(server);
    const team = (await newTeam(server, ministry.id)).id;
    const person = await newPerson(server);
    await grant(person.id, 'team', team);
    assert.equal((await server.delete(`${M}/teams/${team}`, as(admin))).status, 200);
    const answer = await server.get(`${M}/scopes`, { ...as(admin), query: { personId: String(person.id) } });
    assert.deepEqual(answer.body.scopes, []);
  });
});

describe('DELETE /api/ministries/scopes/{scopeId}', () => {
  it('revokes the grant, which takes the authority away, and then answers 404 Scope grant not found', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    assert.equal((await server.get(`${M}/ministries/${ministry.id}`, { key: coordinator.apiKey })).status, 200);
    const [scope] = (await server.get(`${M}/scopes`, { ...as(admin), query: { personId: String(coordinator.personId) } })).body.scopes;

    const answer = await server.delete(`${M}/scopes/${scope.id}`, as(manager));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
    assert.deepEqual((await server.get(`${M}/scopes`, { ...as(admin), query: { personId: String(coordinator.personId) } })).body.scopes, []);
    expectError(await server.get(`${M}/ministries/${ministry.id}`, { key: coordinator.apiKey }), 403, 'Manage My Ministries access, with a ministry or team to manage, is required');
    assert.deepEqual(await poolIds(ministry.id), [coordinator.personId], 'revoking a grant does not touch the pool');

    expectError(await server.delete(`${M}/scopes/${scope.id}`, as(manager)), 404, 'Scope grant not found');
  });

  it('answers 404 Scope grant not found for an id that never existed, including ids no row can have', async () => {
    expectError(await server.delete(`${M}/scopes/999999`, as(admin)), 404, 'Scope grant not found');
    expectError(await server.delete(`${M}/scopes/0`, as(admin)), 404, 'Scope grant not found');
    expectError(await server.delete(`${M}/scopes/99999999999`, as(admin)), 404, 'Scope grant not found');
  });

  it('refuses a coordinator with 403 and keeps the grant', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const person = await newPerson(server);
    const scope = await grant(person.id, 'team', ministry.teamId);
    expectError(await server.delete(`${M}/scopes/${scope.id}`, { key: coordinator.apiKey }), 403, MANAGER_GATE);
    expectError(await server.delete(`${M}/scopes/999999`, { key: coordinator.apiKey }), 403, MANAGER_GATE);
    assert.equal((await server.get(`${M}/scopes`, { ...as(admin), query: { teamId: String(ministry.teamId) } })).body.scopes.length, 1);
  });
});

describe('GET /api/calendars/{id}/ministries', () => {
  it('answers {calendarId, ministries: []} for a calendar opened to nobody', async () => {
    const calendar = await newCalendar();
    const answer = await server.get(`/api/calendars/${calendar}/ministries`, as(planner));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { calendarId: calendar, ministries: [] });
  });

  it('answers 404 for an unknown calendar', async () => {
    expectError(await server.get('/api/calendars/999999/ministries', as(planner)), 404, 'Calendar not found');
  });

  it('needs addEvents: 403 to other staff and volunteers, 401 without a key', async () => {
    const calendar = await newCalendar();
    expectError(await server.get(`/api/calendars/${calendar}/ministries`, as(finance)), 403, ADD_EVENTS_REFUSAL);
    expectError(await server.get(`/api/calendars/${calendar}/ministries`, as(manager)), 403, ADD_EVENTS_REFUSAL);
    assert.equal((await server.get(`/api/calendars/${calendar}/ministries`, as(volunteer))).status, 403);
    expectError(await server.get(`/api/calendars/${calendar}/ministries`), 401, 'Invalid API key');
  });
});

describe('PUT /api/calendars/{id}/ministries', () => {
  it('replaces the ministries the calendar is opened to and answers {calendarId, ministries:[{id, name, active}]}', async () => {
    const calendar = await newCalendar();
    const a = await newMinistry(server, { name: unique('Alpha') });
    const b = await newMinistry(server, { name: unique('Beta') });
    const c = await newMinistry(server, { name: unique('Gamma') });
    await server.post(`${M}/ministries/${c.id}`, { active: false }, as(admin));

    const first = await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [b.id, a.id, c.id] }, as(planner));
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body, {
      calendarId: calendar,
      ministries: [{ id: a.id, name: a.name, active: true }, { id: b.id, name: b.name, active: true }, { id: c.id, name: c.name, active: false }],
    });
    assert.deepEqual((await server.get(`/api/calendars/${calendar}/ministries`, as(planner))).body, first.body);

    const second = await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [b.id] }, as(planner));
    assert.equal(second.status, 200);
    assert.deepEqual(second.body.ministries.map((m: { id: number }) => m.id), [b.id]);

    const cleared = await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [] }, as(planner));
    assert.equal(cleared.status, 200);
    assert.deepEqual(cleared.body, { calendarId: calendar, ministries: [] });
  });

  it('answers 400 when the body is not a list or an id is 0, non-numeric or unknown, and changes nothing', async () => {
    const calendar = await newCalendar();
    const ministry = await newMinistry(server);
    await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [ministry.id] }, as(planner));
    for (const body of [{ ministryIds: ministry.id }, { ministryIds: 'all' }, {}, { ministryIds: [0] }, { ministryIds: ['abc'] }, { ministryIds: [ministry.id, 999999] }, { ministryIds: [1.5] }, { ministryIds: [null] },
      { ministryIds: [99999999999] }, { ministryIds: ['99999999999'] }, { ministryIds: [-3] }]) {
      expectError(await server.put(`/api/calendars/${calendar}/ministries`, body, as(planner)), 400, /./);
    }
    const read = await server.get(`/api/calendars/${calendar}/ministries`, as(planner));
    assert.deepEqual(read.body.ministries.map((m: { id: number }) => m.id), [ministry.id]);
  });

  it('answers 404 for an unknown calendar', async () => {
    const ministry = await newMinistry(server);
    expectError(await server.put('/api/calendars/999999/ministries', { ministryIds: [ministry.id] }, as(planner)), 404, 'Calendar not found');
  });

  it('answers 409 for a ministry\'s own calendar and opens nothing', async () => {
    const owner = await newMinistry(server);
    const guest = await newMinistry(server);
    expectError(await server.put(`/api/calendars/${owner.calendarId}/ministries`, { ministryIds: [guest.id] }, as(planner)), 409, 'A ministry\'s own calendar cannot be opened to other ministries');
    assert.deepEqual((await server.get(`/api/calendars/${owner.calendarId}/ministries`, as(planner))).body.ministries, []);
    const pinnable = await server.get('/api/calendars/pinnable', { key: (await newCoordinator(server, guest.id)).apiKey, query: { ministryId: String(guest.id) } });
    assert.ok(!pinnable.body.calendarIds.includes(owner.calendarId));
  });

  it('needs addEvents: a coordinator or a global manager without it gets 403 and nothing changes', async () => {
    const calendar = await newCalendar();
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    expectError(await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [ministry.id] }, { key: coordinator.apiKey }), 403, ADD_EVENTS_REFUSAL);
    expectError(await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [ministry.id] }, as(manager)), 403, ADD_EVENTS_REFUSAL);
    assert.deepEqual((await server.get(`/api/calendars/${calendar}/ministries`, as(planner))).body.ministries, []);
  });
});

describe('GET /api/calendars/pinnable', () => {
  async function calendars() {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const opened = await newCalendar();
    const closed = await newCalendar();
    const openedElsewhere = await newCalendar();
    assert.equal((await server.put(`/api/calendars/${opened}/ministries`, { ministryIds: [ministry.id] }, as(planner))).status, 200);
    assert.equal((await server.put(`/api/calendars/${openedElsewhere}/ministries`, { ministryIds: [other.id] }, as(planner))).status, 200);
    return { ministry, other, opened, closed, openedElsewhere };
  }

  async function allCalendarIds(): Promise<number[]> {
    const answer = await server.get('/api/calendars', as(admin));
    assert.equal(answer.status, 200);
    return (answer.body as Array<{ Id: number }>).map((calendar) => calendar.Id).sort((x, y) => x - y);
  }

  it('gives a caller holding addEvents every calendar, with or without ministryId', async () => {
    const c = await calendars();
    const every = await allCalendarIds();
    const withMinistry = await server.get('/api/calendars/pinnable', { ...as(planner), query: { ministryId: String(c.ministry.id) } });
    assert.equal(withMinistry.status, 200);
    assert.deepEqual(withMinistry.body.ministryId, c.ministry.id);
    assert.deepEqual([...withMinistry.body.calendarIds].sort((x: number, y: number) => x - y), every);
    const without = await server.get('/api/calendars/pinnable', as(planner));
    assert.equal(without.status, 200);
    assert.equal(without.body.ministryId, null);
    assert.deepEqual([...without.body.calendarIds].sort((x: number, y: number) => x - y), every);
    const coordinatorWithAddEvents = await newCoordinator(server, c.other.id, ['manageMyMinistries', 'addEvents']);
    const theirs = await server.get('/api/calendars/pinnable', { key: coordinatorWithAddEvents.apiKey, query: { ministryId: String(c.ministry.id) } });
    assert.deepEqual([...theirs.body.calendarIds].sort((x: number, y: number) => x - y), every);
  });

  it('gives the coordinator of the ministry its own calendar plus the calendars opened to it', async () => {
    const c = await calendars();
    const coordinator = await newCoordinator(server, c.ministry.id);
    const answer = await server.get('/api/calendars/pinnable', { key: coordinator.apiKey, query: { ministryId: String(c.ministry.id) } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { ministryId: c.ministry.id, calendarIds: [c.ministry.calendarId, c.opened].sort((x, y) => x - y) });
  });

  it('gives [] to a coordinator without ministryId, a coordinator of another ministry, a team leader and other staff', async () => {
    const c = await calendars();
    const coordinator = await newCoordinator(server, c.ministry.id);
    const noMinistry = await server.get('/api/calendars/pinnable', { key: coordinator.apiKey });
    assert.equal(noMinistry.status, 200);
    assert.deepEqual(noMinistry.body, { ministryId: null, calendarIds: [] });

    const otherCoordinator = await newCoordinator(server, c.other.id);
    assert.deepEqual((await server.get('/api/calendars/pinnable', { key: otherCoordinator.apiKey, query: { ministryId: String(c.ministry.id) } })).body,
      { ministryId: c.ministry.id, calendarIds: [] });

    const leader = await newUser(server, { roles: ['editRecords'] });
    await grant(leader.personId, 'team', c.ministry.teamId);
    assert.deepEqual((await server.get('/api/calendars/pinnable', { key: leader.apiKey, query: { ministryId: String(c.ministry.id) } })).body,
      { ministryId: c.ministry.id, calendarIds: [] });

    const grantOnly = await newUser(server, { roles: ['finance'] });
    await grant(grantOnly.personId, 'ministry', c.ministry.id);
    assert.deepEqual((await server.get('/api/calendars/pinnable', { key: grantOnly.apiKey, query: { ministryId: String(c.ministry.id) } })).body,
      { ministryId: c.ministry.id, calendarIds: [] }, 'a ministry grant without manageMyMinistries makes no coordinator');

    assert.deepEqual((await server.get('/api/calendars/pinnable', { ...as(finance), query: { ministryId: String(c.ministry.id) } })).body,
      { ministryId: c.ministry.id, calendarIds: [] });
  });

  it('is refused to a self-service login with 403 and answers 401 without a key', async () => {
    const c = await calendars();
    assert.equal((await server.get('/api/calendars/pinnable', { ...as(volunteer), query: { ministryId: String(c.ministry.id) } })).status, 403);
    expectError(await server.get('/api/calendars/pinnable'), 401, 'Invalid API key');
  });
});

describe('Calendars opened to ministries behind the rollout gate', () => {
  it('answers 403 Volunteer Management V2 is not enabled on all three routes while the setting is v1, even to an administrator', async () => {
    const calendar = await newCalendar();
    const ministry = await newMinistry(server);
    await withRollout('v1', async () => {
      expectError(await server.get(`/api/calendars/${calendar}/ministries`, as(admin)), 403, ROLLOUT_CLOSED);
      expectError(await server.put(`/api/calendars/${calendar}/ministries`, { ministryIds: [ministry.id] }, as(admin)), 403, ROLLOUT_CLOSED);
      expectError(await server.get('/api/calendars/pinnable', as(admin)), 403, ROLLOUT_CLOSED);
      expectError(await server.get(`${M}/scopes`, as(admin)), 403, ROLLOUT_CLOSED);
    });
    assert.deepEqual((await server.get(`/api/calendars/${calendar}/ministries`, as(planner))).body.ministries, [], 'the refused write changed nothing');
  });
});
