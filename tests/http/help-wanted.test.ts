import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newAdmin, newPerson, newUser, type TestUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let admin: TestUser;
const V = '/api/ministries';
const NOW = '2026-03-04T15:00:00Z';
const as = (user: TestUser) => ({ key: user.apiKey });
const db = () => server.database.db;

before(async () => {
  server = await startTestServer();
  admin = await newAdmin(server);
});
after(() => server.close());

let counter = 0;

interface Ministry { ministryId: number; teamId: number; name: string }

async function newMinistry(name = `Ministry ${++counter}`, settings: Record<string, unknown> = {}): Promise<Ministry> {
  const created = await server.post(`${V}/ministries`, { name }, as(admin));
  assert.equal(created.status, 201, created.text);
  const ministryId = created.body.ministry.id;
  const teamId = (await server.get(`${V}/ministries/${ministryId}/teams`, as(admin))).body.teams[0].id;
  if (Object.keys(settings).length > 0) await update(ministryId, settings);
  return { ministryId, teamId, name };
}

async function update(ministryId: number, settings: Record<string, unknown>) {
  const answer = await server.post(`${V}/ministries/${ministryId}`, settings, as(admin));
  assert.equal(answer.status, 200, answer.text);
}

async function newTeam(ministry: Ministry, name: string): Promise<number> {
  const answer = await server.post(`${V}/ministries/${ministry.ministryId}/teams`, { name }, as(admin));
  assert.equal(answer.status, 201, answer.text);
  return answer.body.team.id;
}

async function newPosition(ministry: Ministry, fields: Record<string, unknown> = {}): Promise<number> {
  const answer = await server.post(`${V}/ministries/${ministry.ministryId}/positions`, { name: `Position ${++counter}`, teamId: ministry.teamId, ...fields }, as(admin));
  assert.equal(answer.status, 201, answer.text);
  return answer.body.position.id;
}

async function grant(personId: number, scopeType: 'ministry' | 'team', scopeId: number) {
  const answer = await server.post(`${V}/scopes`, { personId, scopeType, scopeId }, as(admin));
  assert.equal(answer.status, 201, answer.text);
}

/** A coordinator of the ministry: the manageMyMinistries flag plus a ministry grant. */
async function newCoordinator(ministry: Ministry): Promise<TestUser> {
  const coordinator = await newUser(server, { roles: ['manageMyMinistries'] });
  await grant(coordinator.personId, 'ministry', ministry.ministryId);
  return coordinator;
}

interface HelpWantedMinistry {
  ministryId: number; ministryName: string; helpWantedText: string;
  recruitingPositions: Array<{ teamName: string; positionName: string; description: string | null }>; inPool: boolean;
}

async function helpWanted(user: TestUser, path = '/api/me/help-wanted'): Promise<HelpWantedMinistry[]> {
  const answer = await server.get(path, as(user));
  assert.equal(answer.status, 200, answer.text);
  return answer.body.ministries;
}

const offer = (user: TestUser, ministryId: number) => server.post(`/api/me/help-wanted/${ministryId}`, undefined, as(user));

async function helpOffers(ministryId: number, personId: number) {
  return db().selectFrom('notifications').selectAll().where('type', '=', 'help_offer')
    .where('dedupe_key', 'like', `help_offer:${ministryId}:${personId}:%`).orderBy('id').execute();
}

describe('GET /api/me/help-wanted (E12)', () => {
  it('lists every active ministry with the switch on or an active recruiting position, alphabetically, on both paths', async () => {
    const tag = `T${++counter}`;
    const switched = await newMinistry(`${tag} Charlie`, { helpWanted: true });
    const recruiting = await newMinistry(`${tag} alpha`);
    await newPosition(recruiting, { recruiting: true });
    const both = await newMinistry(`${tag} Bravo`, { helpWanted: true });
    await newPosition(both, { recruiting: true });
    const quiet = await newMinistry(`${tag} Delta`);
    await newPosition(quiet);
    const retiredRecruiter = await newMinistry(`${tag} Echo`);
    const retired = await newPosition(retiredRecruiter, { recruiting: true });
    assert.equal((await server.post(`${V}/positions/${retired}`, { active: false }, as(admin))).status, 200);
    await newMinistry(`${tag} Foxtrot`, { helpWanted: true, active: false });
    const inactiveRecruiter = await newMinistry(`${tag} Golf`);
    await newPosition(inactiveRecruiter, { recruiting: true });
    await update(inactiveRecruiter.ministryId, { active: false });

    const volunteer = await newUser(server);
    for (const path of ['/api/me/help-wanted', `${V}/me/help-wanted`]) {
      const mine = (await helpWanted(volunteer, path)).filter((m) => m.ministryName.startsWith(tag));
      assert.deepEqual(mine.map((m) => m.ministryId), [recruiting.ministryId, both.ministryId, switched.ministryId], path);
    }
  });

  it('answers helpWantedText as a string: the text when set, "" when unset', async () => {
    const plain = await newMinistry(undefined, { helpWanted: true });
    const worded = await newMinistry(undefined, { helpWanted: true, helpWantedText: 'We need bakers for Easter' });
    const volunteer = await newUser(server);
    const rows = await helpWanted(volunteer);
    assert.equal(rows.find((m) => m.ministryId === plain.ministryId)?.helpWantedText, '');
    assert.equal(rows.find((m) => m.ministryId === worded.ministryId)?.helpWantedText, 'We need bakers for Easter');
  });

  it('lists active recruiting positions by team name, then position order, then name; [] when there are none', async () => {
    const ministry = await newMinistry();
    const zulu = await newTeam(ministry, 'Zulu team');
    const alpha = await newTeam(ministry, 'Alpha team');
    await newPosition(ministry, { name: 'Zulu first', teamId: zulu, recruiting: true, order: 1 });
    await newPosition(ministry, { name: 'Second B', teamId: alpha, recruiting: true, order: 2, description: 'Bring a smile' });
    await newPosition(ministry, { name: 'Second A', teamId: alpha, recruiting: true, order: 2 });
    await newPosition(ministry, { name: 'Zed first', teamId: alpha, recruiting: true, order: 1 });
    await newPosition(ministry, { name: 'Not recruiting', teamId: alpha, order: 0 });
    const retired = await newPosition(ministry, { name: 'Retired', teamId: alpha, recruiting: true, order: 0 });
    await server.post(`${V}/positions/${retired}`, { active: false }, as(admin));
    const switchOnly = await newMinistry(undefined, { helpWanted: true });

    const rows = await helpWanted(await newUser(server));
    const listed = rows.find((m) => m.ministryId === ministry.ministryId)!;
    assert.deepEqual(listed.recruitingPositions, [
      { teamName: 'Alpha team', positionName: 'Zed first', description: null },
      { teamName: 'Alpha team', positionName: 'Second A', description: null },
      { teamName: 'Alpha team', positionName: 'Second B', description: 'Bring a smile' },
      { teamName: 'Zulu team', positionName: 'Zulu first', description: null },
    ]);
    assert.deepEqual(rows.find((m) => m.ministryId === switchOnly.ministryId)?.recruitingPositions, []);
  });

  it('says whether the caller is in the pool and does not filter by qualification or pool', async () => {
    const ministry = await newMinistry(undefined, { helpWanted: true });
    const volunteer = await newUser(server);
    const before = (await helpWanted(volunteer)).find((m) => m.ministryId === ministry.ministryId);
    assert.equal(before?.inPool, false, 'listed although unqualified and outside the pool');
    assert.equal((await server.post(`${V}/ministries/${ministry.ministryId}/pool/${volunteer.personId}`, {}, as(admin))).status, 201);
    assert.equal((await helpWanted(volunteer)).find((m) => m.ministryId === ministry.ministryId)?.inPool, true);
    const stranger = await newUser(server);
    assert.equal((await helpWanted(stranger)).find((m) => m.ministryId === ministry.ministryId)?.inPool, false, 'per caller');
  });

  it('answers 401 without a login', async () => {
    assert.equal((await server.get('/api/me/help-wanted')).status, 401);
  });
});

describe('POST /api/me/help-wanted/{ministryId} (E13)', () => {
  it('answers 404 Ministry not found for an unknown ministry', async () => {
    const answer = await offer(await newUser(server), 999999);
    assert.equal(answer.status, 404);
    assert.equal(answer.body.message, 'Ministry not found');
  });

  it('answers 403 when the ministry advertises in neither way, and writes nothing', async () => {
    const quiet = await newMinistry();
    await newPosition(quiet);
    const retired = await newPosition(quiet, { recruiting: true });
    await server.post(`${V}/positions/${retired}`, { active: false }, as(admin));
    await newCoordinator(quiet);
    const volunteer = await newUser(server);
    const answer = await offer(volunteer, quiet.ministryId);
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, 'This ministry is not asking for help right now');
    assert.deepEqual(await helpOffers(quiet.ministryId, volunteer.personId), []);
    const pool = (await server.get(`${V}/ministries/${quiet.ministryId}/pool`, as(admin))).body;
    assert.ok(!JSON.stringify(pool).includes(`"personId":${volunteer.personId},`), 'not added to the pool');
  });

  it('adds the caller to the pool and queues one help_offer per coordinator, keyed by ministry, offerer, day and recipient', async () => {
    const ministry = await newMinistry(undefined, { helpWanted: true });
    const [first, second] = [await newCoordinator(ministry), await newCoordinator(ministry)];
    const grantOnly = await newUser(server);
    await grant(grantOnly.personId, 'ministry', ministry.ministryId);
    const leader = await newUser(server, { roles: ['manageMyMinistries'] });
    await grant(leader.personId, 'team', ministry.teamId);
    const volunteer = await newUser(server);

    const answer = await offer(volunteer, ministry.ministryId);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { joinedPool: true, notified: 2 });
    const rows = await helpOffers(ministry.ministryId, volunteer.personId);
    assert.deepEqual(rows.map((r) => [r.person_id, r.dedupe_key, r.status]).sort(), [
      [first.personId, `help_offer:${ministry.ministryId}:${volunteer.personId}:2026-03-04:${first.personId}`, 'pending'],
      [second.personId, `help_offer:${ministry.ministryId}:${volunteer.personId}:2026-03-04:${second.personId}`, 'pending'],
    ].sort());
    assert.ok(rows.every((r) => r.assignment_id === null && r.occurrence_id === null), 'a help offer carries no assignment or occurrence');
    assert.equal((await helpWanted(volunteer)).find((m) => m.ministryId === ministry.ministryId)?.inPool, true);
  });

  it('queues nothing on a second tap the same day, and queues again the next day', async () => {
    const ministry = await newMinistry(undefined, { helpWanted: true });
    const coordinator = await newCoordinator(ministry);
    const volunteer = await newUser(server);
    assert.deepEqual((await offer(volunteer, ministry.ministryId)).body, { joinedPool: true, notified: 1 });
    server.clock.set('2026-03-05T04:59:00Z'); // 23:59 the same church day
    try {
      assert.deepEqual((await offer(volunteer, ministry.ministryId)).body, { joinedPool: false, notified: 0 });
      server.clock.set('2026-03-05T05:00:00Z'); // midnight in New York
      const nextDay = await offer(volunteer, ministry.ministryId);
      assert.equal(nextDay.status, 200);
      assert.deepEqual(nextDay.body, { joinedPool: false, notified: 1 });
    } finally {
      server.clock.set(NOW);
    }
    const keys = (await helpOffers(ministry.ministryId, volunteer.personId)).map((r) => r.dedupe_key);
    assert.deepEqual(keys, [
      `help_offer:${ministry.ministryId}:${volunteer.personId}:2026-03-04:${coordinator.personId}`,
      `help_offer:${ministry.ministryId}:${volunteer.personId}:2026-03-05:${coordinator.personId}`,
    ]);
  });

  it('tells each coordinator once per offerer: a second volunteer the same day is told too', async () => {
    const ministry = await newMinistry(undefined, { helpWanted: true });
    await newCoordinator(ministry);
    const [one, two] = [await newUser(server), await newUser(server)];
    assert.equal((await offer(one, ministry.ministryId)).body.notified, 1);
    assert.equal((await offer(two, ministry.ministryId)).body.notified, 1);
  });

  it('never tells the caller about their own offer', async () => {
    const ministry = await newMinistry(undefined, { helpWanted: true });
    const coordinator = await newCoordinator(ministry);
    const other = await newCoordinator(ministry);
    const answer = await offer(coordinator, ministry.ministryId);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.notified, 1);
    assert.deepEqual((await helpOffers(ministry.ministryId, coordinator.personId)).map((r) => r.person_id), [other.personId]);
  });

  it('tells the global managers when the ministry has no coordinator, one per manager per day, never the caller', async () => {
    const manager = await newUser(server, { roles: ['manageMinistries'] });
    const ministry = await newMinistry(undefined, { helpWanted: true });
    const managers = (await db().selectFrom('users').select('id')
      .where((eb) => eb.or([eb('is_admin', '=', true), eb('manage_ministries', '=', true)])).execute()).map((u) => u.id);
    assert.ok(managers.includes(manager.personId) && managers.includes(admin.personId));

    const volunteer = await newUser(server);
    const answer = await offer(volunteer, ministry.ministryId);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.notified, managers.length);
    assert.deepEqual((await helpOffers(ministry.ministryId, volunteer.personId)).map((r) => r.person_id).sort((a, b) => a - b), [...managers].sort((a, b) => a - b));
    assert.equal((await offer(volunteer, ministry.ministryId)).body.notified, 0);

    const fromManager = await offer(manager, ministry.ministryId);
    assert.equal(fromManager.body.notified, managers.length - 1);
    assert.ok(!(await helpOffers(ministry.ministryId, manager.personId)).some((r) => r.person_id === manager.personId));
  });

  it('succeeds with notified 0 when there is nobody to tell but the caller', async () => {
    const ministry = await newMinistry(undefined, { helpWanted: true });
    const coordinator = await newCoordinator(ministry);
    const answer = await offer(coordinator, ministry.ministryId);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.notified, 0);
    assert.deepEqual(await helpOffers(ministry.ministryId, coordinator.personId), []);
  });

  it('answers joinedPool false for a caller already in the pool, and still tells the coordinators', async () => {
    const ministry = await newMinistry(undefined, { helpWanted: true });
    await newCoordinator(ministry);
    const volunteer = await newUser(server);
    await server.post(`${V}/ministries/${ministry.ministryId}/pool/${volunteer.personId}`, {}, as(admin));
    assert.deepEqual((await offer(volunteer, ministry.ministryId)).body, { joinedPool: false, notified: 1 });
  });

  it('accepts an offer to a ministry that only recruits, on both paths', async () => {
    const ministry = await newMinistry();
    await newPosition(ministry, { recruiting: true });
    await newCoordinator(ministry);
    const volunteer = await newUser(server);
    const answer = await server.post(`${V}/me/help-wanted/${ministry.ministryId}`, undefined, as(volunteer));
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { joinedPool: true, notified: 1 });
  });

  it('accepts an offer to an inactive ministry whose switch is on (Open point 18)', async () => {
    const ministry = await newMinistry(undefined, { helpWanted: true, active: false });
    await newCoordinator(ministry);
    const volunteer = await newUser(server);
    assert.ok(!(await helpWanted(volunteer)).some((m) => m.ministryId === ministry.ministryId), 'not listed by E12');
    const answer = await offer(volunteer, ministry.ministryId);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { joinedPool: true, notified: 1 });
  });

  it('accepts an offer to every ministry E12 lists', async () => {
    const recruiting = await newMinistry();
    await newPosition(recruiting, { recruiting: true });
    await newMinistry(undefined, { helpWanted: true });
    const volunteer = await newUser(server);
    const listed = await helpWanted(volunteer);
    assert.ok(listed.length >= 2);
    const refused: string[] = [];
    for (const ministry of listed) {
      const answer = await offer(volunteer, ministry.ministryId);
      if (answer.status !== 200) refused.push(`${ministry.ministryName}: ${answer.status}`);
    }
    assert.deepEqual(refused, []);
    assert.ok((await helpWanted(volunteer)).every((m) => m.inPool), 'now in every pool');
  });

  it('answers 401 without a login and ignores a personId in the query', async () => {
    const ministry = await newMinistry(undefined, { helpWanted: true });
    assert.equal((await server.post(`/api/me/help-wanted/${ministry.ministryId}`)).status, 401);
    const volunteer = await newUser(server);
    const other = await newPerson(server);
    const answer = await server.post(`/api/me/help-wanted/${ministry.ministryId}`, undefined, { ...as(volunteer), query: { personId: String(other.id) } });
    assert.equal(answer.status, 200);
    assert.equal((await helpOffers(ministry.ministryId, other.id)).length, 0);
    assert.ok((await helpOffers(ministry.ministryId, volunteer.personId)).length > 0);
  });
});
