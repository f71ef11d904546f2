import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { as, expectError, grantScope, newCoordinator, newMinistry, newTeamLeader, newUser, type TestUser, unique } from '../kit/index.js';
import { COORDINATOR_GATE, MANAGER_GATE, OUT_OF_SCOPE, ROLLOUT_REFUSAL, STRICT_SUNDAY_SCHOOL, useMinistries } from './support/ministries.js';

const { server, admin, manager, volunteer, createMinistry, defaultTeamId, addTeam, setRollout } = useMinistries();

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
    const coordinator = await newCoordinator(server, ministry.id);
    await grantScope(server, coordinator.personId, 'team', ledTeam);
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
    const leader = await newTeamLeader(server, team);
    assert.deepEqual(await permissionsOf(leader), { ...nothing, isTeamLeader: true, managedTeamIds: [team] });
  });

  it('lists a ministry grant without manageMyMinistries, with its teams, but makes no coordinator of it nor of the flag alone', async () => {
    const { ministry } = await createMinistry();
    const teams = [await defaultTeamId(ministry.id), (await addTeam(ministry.id)).id].sort((a, b) => a - b);
    const grantOnly = await newUser(server);
    await grantScope(server, grantOnly.personId, 'ministry', ministry.id);
    assert.deepEqual(await permissionsOf(grantOnly), { ...nothing, managedMinistryIds: [ministry.id], managedTeamIds: teams });
    const flagOnly = await newUser(server, { roles: ['manageMyMinistries'] });
    assert.deepEqual(await permissionsOf(flagOnly), nothing);
  });

  it('refuses with 401 without an API key', async () => {
    for (const path of paths) expectError(await server.get(path), 401, 'Invalid API key');
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
    coordinator = await newCoordinator(server, ministryId);
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
            expectError(answer, 403, ROLLOUT_REFUSAL);
          }
        }
      } finally {
        await setRollout('v2');
      }
      const open = await server.get(`/api/ministries/ministries/${ministryId}`, as(manager));
      assert.equal(open.body.ministry.helpWanted, false);
      assert.equal((await server.get(`/api/ministries/ministries/${inactiveId}`, as(manager))).status, 200);
    });
  }

  it('answers 401 before the rollout 403 when the key is missing', async () => {
    await setRollout('v1');
    try {
      for (const [method, url, body] of gated()) {
        expectError(await server.request(method as 'GET', url, { body }), 401, 'Invalid API key');
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

  /** The event types named `other` in any case, as the types route lists them. */
  const others = async () => {
    const listed = await server.get('/api/events/types', as(admin));
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    return (listed.body as Array<{ Id: number; Name: string; Active: boolean }>).filter((type) => type.Name.toLowerCase() === 'other');
  };
  const changeOther = async (body: Record<string, unknown>) => {
    const [type] = await others();
    const answer = await server.post(`/api/events/types/${type.Id}`, body, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  };

  it('adds an active event type `Other` when switching to v2 or both and none of that name exists', async () => {
    for (const value of ['v2', 'both']) {
      await setRollout('v1');
      const [other] = await others();
      assert.equal((await server.delete(`/api/events/types/${other.Id}`, as(admin))).status, 200);
      await setRollout(value);
      assert.deepEqual((await others()).map(({ Name, Active }) => ({ Name, Active })), [{ Name: 'Other', Active: true }], value);
    }
  });

  it('keeps an existing `Other`, even an inactive one, rather than adding a second', async () => {
    await changeOther({ active: false });
    await setRollout('v1');
    await setRollout('v2');
    assert.deepEqual((await others()).map(({ Name, Active }) => ({ Name, Active })), [{ Name: 'Other', Active: false }]);
    await changeOther({ active: true });
  });

  it('keeps an existing type named `other` in another case rather than failing the switch', async () => {
    await changeOther({ name: 'OTHER' });
    try {
      await setRollout('v1');
      const answer = await server.post('/admin/api/system/config/sVolunteerVersion', { value: 'v2' }, as(admin));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual((await others()).map(({ Name }) => Name), ['OTHER']);
    } finally {
      await setRollout('v2').catch(() => undefined);
      await changeOther({ name: 'Other' });
      await setRollout('v2');
    }
  });
});

describe('check order on the ministry routes (contract §1.5)', () => {
  let ministryId: number;
  let coordinator: TestUser, outsider: TestUser;
  before(async () => {
    ministryId = (await newMinistry(server)).id;
    [coordinator, outsider] = [await newCoordinator(server, ministryId), await newCoordinator(server, (await newMinistry(server)).id)];
  });

  it('answers 401, then the rollout 403, then the gate 403, then 404, then the scope 403, then 400', async () => {
    const url = (id: number) => `/api/ministries/ministries/${id}`;
    const badBody = { sundaySchool: 'yes' };
    await setRollout('v1');
    try {
      expectError(await server.post(url(987654), badBody), 401, 'Invalid API key');
      expectError(await server.post(url(987654), badBody, as(volunteer)), 403, ROLLOUT_REFUSAL);
    } finally {
      await setRollout('v2');
    }
    expectError(await server.post(url(987654), badBody, as(volunteer)), 403, COORDINATOR_GATE);
    expectError(await server.post(url(987654), badBody, as(outsider)), 404, 'Ministry not found');
    expectError(await server.post(url(ministryId), badBody, as(outsider)), 403, OUT_OF_SCOPE);
    expectError(await server.post(url(ministryId), badBody, as(coordinator)), 400, STRICT_SUNDAY_SCHOOL);
  });

  it('answers the manager gate 403 on POST /ministries before reading the body', async () => {
    expectError(await server.post('/api/ministries/ministries', { sundaySchool: 'yes' }, as(coordinator)), 403, MANAGER_GATE);
    expectError(await server.post('/api/ministries/ministries', { sundaySchool: 'yes' }, as(volunteer)), 403, COORDINATOR_GATE);
  });
});
