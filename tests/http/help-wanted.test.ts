import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  storedRows, as, grantScope, newCoordinator, newMinistry, newPerson, newPosition, newTeam, newUser, unique, useServer, useUser, type TestUser,
} from '../kit/index.js';
import type { HelpWantedMinistryView as HelpWantedMinistry } from '../../src/http/schemas/volunteer.schemas.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const V = '/api/ministries';
const NOW = '2026-03-04T15:00:00Z';

async function update(ministryId: number, settings: Record<string, unknown>) {
  const answer = await server.post(`${V}/ministries/${ministryId}`, settings, as(admin));
  assert.equal(answer.status, 200, answer.text);
}

async function helpWanted(user: TestUser, path = '/api/me/help-wanted'): Promise<HelpWantedMinistry[]> {
  const answer = await server.get(path, as(user));
  assert.equal(answer.status, 200, answer.text);
  return answer.body.ministries;
}

const offer = (user: TestUser, ministryId: number) => server.post(`/api/me/help-wanted/${ministryId}`, undefined, as(user));

async function helpOffers(ministryId: number, personId: number) {
  return (await storedRows(server, 'notifications', { type: 'help_offer' })).filter((row) => row.dedupe_key.startsWith(`help_offer:${ministryId}:${personId}:`));
}

describe('GET /api/me/help-wanted (E12)', () => {
  it('lists every active ministry with the switch on or an active recruiting position, alphabetically, on both paths', async () => {
    const tag = unique('T').replace(' ', '');
    const switched = await newMinistry(server, { name: `${tag} Charlie`, helpWanted: true });
    const recruiting = await newMinistry(server, { name: `${tag} alpha` });
    await newPosition(server, recruiting.id, recruiting.teamId, { recruiting: true });
    const both = await newMinistry(server, { name: `${tag} Bravo`, helpWanted: true });
    await newPosition(server, both.id, both.teamId, { recruiting: true });
    const quiet = await newMinistry(server, { name: `${tag} Delta` });
    await newPosition(server, quiet.id, quiet.teamId);
    const retiredRecruiter = await newMinistry(server, { name: `${tag} Echo` });
    const retired = (await newPosition(server, retiredRecruiter.id, retiredRecruiter.teamId, { recruiting: true })).id;
    assert.equal((await server.post(`${V}/positions/${retired}`, { active: false }, as(admin))).status, 200);
    await newMinistry(server, { name: `${tag} Foxtrot`, helpWanted: true, active: false });
    const inactiveRecruiter = await newMinistry(server, { name: `${tag} Golf` });
    await newPosition(server, inactiveRecruiter.id, inactiveRecruiter.teamId, { recruiting: true });
    await update(inactiveRecruiter.id, { active: false });

    const volunteer = await newUser(server);
    for (const path of ['/api/me/help-wanted', `${V}/me/help-wanted`]) {
      const mine = (await helpWanted(volunteer, path)).filter((m) => m.ministryName.startsWith(tag));
      assert.deepEqual(mine.map((m) => m.ministryId), [recruiting.id, both.id, switched.id], path);
    }
  });

  it('answers helpWantedText as a string: the text when set, "" when unset', async () => {
    const plain = await newMinistry(server, { helpWanted: true });
    const worded = await newMinistry(server, { helpWanted: true, helpWantedText: 'We need bakers for Easter' });
    const volunteer = await newUser(server);
    const rows = await helpWanted(volunteer);
    assert.equal(rows.find((m) => m.ministryId === plain.id)?.helpWantedText, '');
    assert.equal(rows.find((m) => m.ministryId === worded.id)?.helpWantedText, 'We need bakers for Easter');
  });

  it('lists active recruiting positions by team name, then position order, then name; [] when there are none', async () => {
    const ministry = await newMinistry(server);
    const zulu = (await newTeam(server, ministry.id, { name: 'Zulu team' })).id;
    const alpha = (await newTeam(server, ministry.id, { name: 'Alpha team' })).id;
    await newPosition(server, ministry.id, zulu, { name: 'Zulu first', recruiting: true, order: 1 });
    await newPosition(server, ministry.id, alpha, { name: 'Second B', recruiting: true, order: 2, description: 'Bring a smile' });
    await newPosition(server, ministry.id, alpha, { name: 'Second A', recruiting: true, order: 2 });
    await newPosition(server, ministry.id, alpha, { name: 'Zed first', recruiting: true, order: 1 });
    await newPosition(server, ministry.id, alpha, { name: 'Not recruiting', order: 0 });
    const retired = (await newPosition(server, ministry.id, alpha, { name: 'Retired', recruiting: true, order: 0 })).id;
    await server.post(`${V}/positions/${retired}`, { active: false }, as(admin));
    const switchOnly = await newMinistry(server, { helpWanted: true });

    const rows = await helpWanted(await newUser(server));
    const listed = rows.find((m) => m.ministryId === ministry.id)!;
    assert.deepEqual(listed.recruitingPositions, [
      { teamName: 'Alpha team', positionName: 'Zed first', description: null },
      { teamName: 'Alpha team', positionName: 'Second A', description: null },
      { teamName: 'Alpha team', positionName: 'Second B', description: 'Bring a smile' },
      { teamName: 'Zulu team', positionName: 'Zulu first', description: null },
    ]);
    assert.deepEqual(rows.find((m) => m.ministryId === switchOnly.id)?.recruitingPositions, []);
  });

  it('says whether the caller is in the pool and does not filter by qualification or pool', async () => {
    const ministry = await newMinistry(server, { helpWanted: true });
    const volunteer = await newUser(server);
    const before = (await helpWanted(volunteer)).find((m) => m.ministryId === ministry.id);
    assert.equal(before?.inPool, false, 'listed although unqualified and outside the pool');
    assert.equal((await server.post(`${V}/ministries/${ministry.id}/pool/${volunteer.personId}`, {}, as(admin))).status, 201);
    assert.equal((await helpWanted(volunteer)).find((m) => m.ministryId === ministry.id)?.inPool, true);
    const stranger = await newUser(server);
    assert.equal((await helpWanted(stranger)).find((m) => m.ministryId === ministry.id)?.inPool, false, 'per caller');
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
    const quiet = await newMinistry(server);
    await newPosition(server, quiet.id, quiet.teamId);
    const retired = (await newPosition(server, quiet.id, quiet.teamId, { recruiting: true })).id;
    await server.post(`${V}/positions/${retired}`, { active: false }, as(admin));
    await newCoordinator(server, quiet.id);
    const volunteer = await newUser(server);
    const answer = await offer(volunteer, quiet.id);
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, 'This ministry is not asking for help right now');
    assert.deepEqual(await helpOffers(quiet.id, volunteer.personId), []);
    const pool = (await server.get(`${V}/ministries/${quiet.id}/pool`, as(admin))).body;
    assert.ok(!JSON.stringify(pool).includes(`"personId":${volunteer.personId},`), 'not added to the pool');
  });

  it('adds the caller to the pool and queues one help_offer per coordinator, keyed by ministry, offerer, day and recipient', async () => {
    const ministry = await newMinistry(server, { helpWanted: true });
    const [first, second] = [await newCoordinator(server, ministry.id), await newCoordinator(server, ministry.id)];
    const grantOnly = await newUser(server);
    await grantScope(server, grantOnly.personId, 'ministry', ministry.id);
    const leader = await newUser(server, { roles: ['manageMyMinistries'] });
    await grantScope(server, leader.personId, 'team', ministry.teamId);
    const volunteer = await newUser(server);

    const answer = await offer(volunteer, ministry.id);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { joinedPool: true, notified: 2 });
    const rows = await helpOffers(ministry.id, volunteer.personId);
    assert.deepEqual(rows.map((r) => [r.person_id, r.dedupe_key, r.status]).sort(), [
      [first.personId, `help_offer:${ministry.id}:${volunteer.personId}:2026-03-04:${first.personId}`, 'pending'],
      [second.personId, `help_offer:${ministry.id}:${volunteer.personId}:2026-03-04:${second.personId}`, 'pending'],
    ].sort());
    assert.ok(rows.every((r) => r.assignment_id === null && r.occurrence_id === null), 'a help offer carries no assignment or occurrence');
    assert.equal((await helpWanted(volunteer)).find((m) => m.ministryId === ministry.id)?.inPool, true);
  });

  it('queues nothing on a second tap the same day, and queues again the next day', async () => {
    const ministry = await newMinistry(server, { helpWanted: true });
    const coordinator = await newCoordinator(server, ministry.id);
    const volunteer = await newUser(server);
    assert.deepEqual((await offer(volunteer, ministry.id)).body, { joinedPool: true, notified: 1 });
    server.clock.set('2026-03-05T04:59:00Z'); // 23:59 the same church day
    try {
      assert.deepEqual((await offer(volunteer, ministry.id)).body, { joinedPool: false, notified: 0 });
      server.clock.set('2026-03-05T05:00:00Z'); // midnight in New York
      const nextDay = await offer(volunteer, ministry.id);
      assert.equal(nextDay.status, 200);
      assert.deepEqual(nextDay.body, { joinedPool: false, notified: 1 });
    } finally {
      server.clock.set(NOW);
    }
    const keys = (await helpOffers(ministry.id, volunteer.personId)).map((r) => r.dedupe_key);
    assert.deepEqual(keys, [
      `help_offer:${ministry.id}:${volunteer.personId}:2026-03-04:${coordinator.personId}`,
      `help_offer:${ministry.id}:${volunteer.personId}:2026-03-05:${coordinator.personId}`,
    ]);
  });

  it('tells each coordinator once per offerer: a second volunteer the same day is told too', async () => {
    const ministry = await newMinistry(server, { helpWanted: true });
    await newCoordinator(server, ministry.id);
    const [one, two] = [await newUser(server), await newUser(server)];
    assert.equal((await offer(one, ministry.id)).body.notified, 1);
    assert.equal((await offer(two, ministry.id)).body.notified, 1);
  });

  it('never tells the caller about their own offer', async () => {
    const ministry = await newMinistry(server, { helpWanted: true });
    const coordinator = await newCoordinator(server, ministry.id);
    const other = await newCoordinator(server, ministry.id);
    const answer = await offer(coordinator, ministry.id);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.notified, 1);
    assert.deepEqual((await helpOffers(ministry.id, coordinator.personId)).map((r) => r.person_id), [other.personId]);
  });

  it('tells the global managers when the ministry has no coordinator, one per manager per day, never the caller', async () => {
    const manager = await newUser(server, { roles: ['manageMinistries'] });
    const ministry = await newMinistry(server, { helpWanted: true });
    const managers = (await storedRows(server, 'users')).filter((user) => user.is_admin || user.manage_ministries).map((user) => user.id);
    assert.ok(managers.includes(manager.personId) && managers.includes(admin.personId));

    const volunteer = await newUser(server);
    const answer = await offer(volunteer, ministry.id);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.notified, managers.length);
    assert.deepEqual((await helpOffers(ministry.id, volunteer.personId)).map((r) => r.person_id).sort((a, b) => a - b), [...managers].sort((a, b) => a - b));
    assert.equal((await offer(volunteer, ministry.id)).body.notified, 0);

    const fromManager = await offer(manager, ministry.id);
    assert.equal(fromManager.body.notified, managers.length - 1);
    assert.ok(!(await helpOffers(ministry.id, manager.personId)).some((r) => r.person_id === manager.personId));
  });

  it('succeeds with notified 0 when there is nobody to tell but the caller', async () => {
    const ministry = await newMinistry(server, { helpWanted: true });
    const coordinator = await newCoordinator(server, ministry.id);
    const answer = await offer(coordinator, ministry.id);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.notified, 0);
    assert.deepEqual(await helpOffers(ministry.id, coordinator.personId), []);
  });

  it('answers joinedPool false for a caller already in the pool, and still tells the coordinators', async () => {
    const ministry = await newMinistry(server, { helpWanted: true });
    await newCoordinator(server, ministry.id);
    const volunteer = await newUser(server);
    await server.post(`${V}/ministries/${ministry.id}/pool/${volunteer.personId}`, {}, as(admin));
    assert.deepEqual((await offer(volunteer, ministry.id)).body, { joinedPool: false, notified: 1 });
  });

  it('accepts an offer to a ministry that only recruits, on both paths', async () => {
    const ministry = await newMinistry(server);
    await newPosition(server, ministry.id, ministry.teamId, { recruiting: true });
    await newCoordinator(server, ministry.id);
    const volunteer = await newUser(server);
    const answer = await server.post(`${V}/me/help-wanted/${ministry.id}`, undefined, as(volunteer));
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { joinedPool: true, notified: 1 });
  });

  it('accepts an offer to an inactive ministry whose switch is on (Open point 18)', async () => {
    const ministry = await newMinistry(server, { helpWanted: true, active: false });
    await newCoordinator(server, ministry.id);
    const volunteer = await newUser(server);
    assert.ok(!(await helpWanted(volunteer)).some((m) => m.ministryId === ministry.id), 'not listed by E12');
    const answer = await offer(volunteer, ministry.id);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { joinedPool: true, notified: 1 });
  });

  it('accepts an offer to every ministry E12 lists', async () => {
    const recruiting = await newMinistry(server);
    await newPosition(server, recruiting.id, recruiting.teamId, { recruiting: true });
    await newMinistry(server, { helpWanted: true });
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
    const ministry = await newMinistry(server, { helpWanted: true });
    assert.equal((await server.post(`/api/me/help-wanted/${ministry.id}`)).status, 401);
    const volunteer = await newUser(server);
    const other = await newPerson(server);
    const answer = await server.post(`/api/me/help-wanted/${ministry.id}`, undefined, { ...as(volunteer), query: { personId: String(other.id) } });
    assert.equal(answer.status, 200);
    assert.equal((await helpOffers(ministry.id, other.id)).length, 0);
    assert.ok((await helpOffers(ministry.id, volunteer.personId)).length > 0);
  });
});
