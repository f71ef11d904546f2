import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  as, expectError, newAssignment, newCoordinator, newFamily, newMinistry, newPosition, newStaffedEvent, newUser, qualify, useServer, useUser, type TestUser,
} from '../kit/index.js';

/** How often I serve, households and credentials (ours, issue 17). The clock stands at 2026-03-04. */
const server = useServer();
const admin = useUser(server, ['admin']);
const V = '/api/ministries';

interface Marks {
  personId: number; servingsThisMonth: number; maxPerMonth: number | null; overPreference: boolean; outsidePreferredWeeks: boolean;
  householdTogetherWith: Array<{ personId: number; displayName: string }>; householdConflictWith: Array<{ personId: number; displayName: string }>;
  missingRequirements: Array<{ credentialId: number; name: string; expiredOn: string | null }>;
}

/** A ministry with one position, and a Sunday occurrence for each date given. */
async function church(dates: string[]) {
  const ministry = await newMinistry(server);
  const position = await newPosition(server, ministry.id, ministry.teamId, { selfAssignable: true });
  const occurrences: number[] = [];
  for (const date of dates) occurrences.push((await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 3 }], { date })).occurrenceId);
  const coordinator = await newCoordinator(server, ministry.id);
  const marksOn = async (occurrenceId: number): Promise<Map<number, Marks>> => {
    const answer = await server.get(`${V}/occurrences/${occurrenceId}/eligible`, { ...as(coordinator), query: { positionId: String(position.id) } });
    assert.equal(answer.status, 200, answer.text);
    return new Map(answer.body.people.map((p: Marks) => [p.personId, p]));
  };
  return { ministry, position, occurrences, coordinator, marksOn };
}

async function qualifiedVolunteer(positionId: number, person: Record<string, unknown> = {}): Promise<TestUser> {
  const volunteer = await newUser(server, { person });
  await qualify(server, positionId, volunteer.personId);
  return volunteer;
}

describe('how often I serve (/api/me/preferences)', () => {
  it('sets, lists and removes my limits, one for every ministry and one per ministry, replacing on a second set', async () => {
    const ministry = await newMinistry(server, { name: 'Hospitality' });
    const volunteer = await newUser(server);
    const general = await server.put('/api/me/preferences', { maxPerMonth: 3 }, as(volunteer));
    assert.equal(general.status, 200, general.text);
    await server.put(`${V}/me/preferences`, { ministryId: ministry.id, maxPerMonth: 1, preferredWeeks: [3, 1] }, as(volunteer));
    const replaced = await server.put('/api/me/preferences', { ministryId: ministry.id, maxPerMonth: 2, preferredWeeks: [1, 3] }, as(volunteer));
    assert.deepEqual(replaced.body.preference, { id: replaced.body.preference.id, ministryId: ministry.id, ministryName: 'Hospitality', maxPerMonth: 2, preferredWeeks: [1, 3] });
    const listed = (await server.get('/api/me/preferences', as(volunteer))).body.preferences;
    assert.deepEqual(listed.map((p: { ministryId: number | null; maxPerMonth: number }) => [p.ministryId, p.maxPerMonth]), [[null, 3], [ministry.id, 2]]);
    assert.deepEqual((await server.delete(`/api/me/preferences/${general.body.preference.id}`, as(volunteer))).body, { success: true });
    assert.equal((await server.get('/api/me/preferences', as(volunteer))).body.preferences.length, 1);
  });

  it('refuses limits and weeks out of range, an unknown ministry, and someone else\'s preference', async () => {
    const [volunteer, other] = [await newUser(server), await newUser(server)];
    expectError(await server.put('/api/me/preferences', { maxPerMonth: 0 }, as(volunteer)), 400, 'maxPerMonth must be a whole number from 1 to 31, or null');
    expectError(await server.put('/api/me/preferences', { preferredWeeks: [6] }, as(volunteer)), 400, 'preferredWeeks must list distinct weeks of the month from 1 to 5');
    expectError(await server.put('/api/me/preferences', { preferredWeeks: [2, 2] }, as(volunteer)), 400, 'preferredWeeks must list distinct weeks of the month from 1 to 5');
    expectError(await server.put('/api/me/preferences', { ministryId: 2147483647, maxPerMonth: 2 }, as(volunteer)), 404, 'Ministry not found');
    const { preference } = (await server.put('/api/me/preferences', { maxPerMonth: 2 }, as(volunteer))).body;
    expectError(await server.delete(`/api/me/preferences/${preference.id}`, as(other)), 403, 'That preference belongs to someone else');
  });

  it('marks on the eligible list who is at their monthly limit and whose preferred weeks the occurrence is not in', async () => {
    // 2026-03-08 is in the 2nd week of March, 2026-03-15 in the 3rd.
    const { ministry, position, occurrences: [second, third], marksOn } = await church(['2026-03-08', '2026-03-15']);
    const once = await qualifiedVolunteer(position.id);
    const free = await qualifiedVolunteer(position.id);
    await server.put('/api/me/preferences', { ministryId: ministry.id, maxPerMonth: 1, preferredWeeks: [1, 3] }, as(once));
    await newAssignment(server, second, position.id, once.personId);
    const marks = await marksOn(third);
    assert.deepEqual(
      [marks.get(once.personId)!.servingsThisMonth, marks.get(once.personId)!.maxPerMonth, marks.get(once.personId)!.overPreference, marks.get(once.personId)!.outsidePreferredWeeks],
      [1, 1, true, false],
    );
    assert.equal((await marksOn(second)).get(once.personId)!.outsidePreferredWeeks, true, 'the 2nd week is not one of the 1st and 3rd');
    assert.deepEqual([marks.get(free.personId)!.overPreference, marks.get(free.personId)!.maxPerMonth], [false, null]);
  });

  it("marks a person against the ministry's own monthly limit, which replaces their general one there and only there", async () => {
    const { ministry, position, occurrences: [first, second, third, fourth], marksOn } = await church(['2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29']);
    const elsewhere = await church(['2026-03-15']);
    const keen = await qualifiedVolunteer(position.id);
    await qualify(server, elsewhere.position.id, keen.personId);
    await server.put('/api/me/preferences', { maxPerMonth: 1 }, as(keen));
    await server.put('/api/me/preferences', { ministryId: ministry.id, maxPerMonth: 3 }, as(keen));
    await newAssignment(server, first, position.id, keen.personId);
    const standing = (marks: Map<number, Marks>) => {
      const mark = marks.get(keen.personId)!;
      return [mark.servingsThisMonth, mark.maxPerMonth, mark.overPreference];
    };
    assert.deepEqual(standing(await marksOn(second)), [1, 3, false]);
    assert.deepEqual(standing(await elsewhere.marksOn(elsewhere.occurrences[0])), [1, 1, true], 'the general limit still holds in every other ministry');
    await newAssignment(server, second, position.id, keen.personId);
    await newAssignment(server, third, position.id, keen.personId);
    assert.deepEqual(standing(await marksOn(fourth)), [3, 3, true]);
  });
});

describe('households (/api/me/household)', () => {
  async function family(names: string[]) {
    const { id } = await newFamily(server, 'Ruth family');
    return names.map((first_name) => ({ first_name, last_name: 'Ruth', family_id: id }));
  }

  it('lists my family and sets, replaces and removes a rule with one of them; refuses people outside it', async () => {
    const [naomiFields, boazFields] = await family(['Naomi', 'Boaz']);
    const [naomi, boaz, stranger] = [await newUser(server, { person: naomiFields }), await newUser(server, { person: boazFields }), await newUser(server)];
    const household = (await server.get('/api/me/household', as(naomi))).body;
    assert.deepEqual(household.members, [{ personId: boaz.personId, displayName: 'Boaz Ruth' }]);
    assert.deepEqual(household.rules, []);

    await server.post('/api/me/household/rules', { otherPersonId: boaz.personId, rule: 'together' }, as(naomi));
    const apart = await server.post(`${V}/me/household/rules`, { otherPersonId: boaz.personId, rule: 'apart' }, as(naomi));
    assert.equal(apart.status, 200, apart.text);
    assert.deepEqual(apart.body.rules.map((r: { otherPersonId: number; rule: string }) => [r.otherPersonId, r.rule]), [[boaz.personId, 'apart']]);
    const seenByBoaz = (await server.get('/api/me/household', as(boaz))).body.rules;
    assert.deepEqual(seenByBoaz.map((r: { otherName: string; rule: string }) => [r.otherName, r.rule]), [['Naomi Ruth', 'apart']]);

    expectError(await server.post('/api/me/household/rules', { otherPersonId: stranger.personId, rule: 'apart' }, as(naomi)), 400, 'That person is not in your family');
    expectError(await server.post('/api/me/household/rules', { otherPersonId: boaz.personId, rule: 'sometimes' }, as(naomi)), 400, 'rule must be together or apart');
    expectError(await server.delete(`/api/me/household/rules/${seenByBoaz[0].id}`, as(stranger)), 403, 'That rule is between other people');
    assert.deepEqual((await server.delete(`/api/me/household/rules/${seenByBoaz[0].id}`, as(boaz))).body.rules, []);
  });

  it('marks family members already serving the occurrence whom a person serves with or apart from', async () => {
    const { position, occurrences: [sunday], marksOn } = await church(['2026-03-22']);
    const [mother, father, child] = await family(['Mara', 'Elim', 'Orpah']);
    const [mara, elim, orpah] = [await qualifiedVolunteer(position.id, mother), await qualifiedVolunteer(position.id, father), await qualifiedVolunteer(position.id, child)];
    await server.post('/api/me/household/rules', { otherPersonId: elim.personId, rule: 'apart' }, as(mara));
    await server.post('/api/me/household/rules', { otherPersonId: orpah.personId, rule: 'together' }, as(mara));
    assert.deepEqual((await marksOn(sunday)).get(mara.personId)!.householdConflictWith, [], 'nobody of the family serves it yet');
    await newAssignment(server, sunday, position.id, elim.personId);
    await newAssignment(server, sunday, position.id, orpah.personId);
    const marks = (await marksOn(sunday)).get(mara.personId)!;
    assert.deepEqual(marks.householdConflictWith, [{ personId: elim.personId, displayName: 'Elim Ruth' }]);
    assert.deepEqual(marks.householdTogetherWith, [{ personId: orpah.personId, displayName: 'Orpah Ruth' }]);
  });
});

describe('credentials that gate serving', () => {
  it('lets a manager name credentials, refuses a coordinator and a duplicate name', async () => {
    const ministry = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const created = await server.post(`${V}/credentials`, { name: 'Background check A', description: 'Renewed every 3 years' }, as(admin));
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.credential, { id: created.body.credential.id, name: 'Background check A', description: 'Renewed every 3 years', active: true });
    expectError(await server.post(`${V}/credentials`, { name: 'background check a' }, as(admin)), 409, 'A credential with this name exists');
    expectError(await server.post(`${V}/credentials`, { name: 'Training' }, as(coordinator)), 403, 'Ministry management access is required');
    const retired = await server.post(`${V}/credentials/${created.body.credential.id}`, { active: false }, as(admin));
    assert.equal(retired.body.credential.active, false);
    assert.ok((await server.get(`${V}/credentials`, as(coordinator))).body.credentials.some((c: { id: number }) => c.id === created.body.credential.id));
  });

  it('marks people who lack or let lapse a credential the ministry or position requires, warns on E14 and lists what expires soon on the dashboard', async () => {
    const { ministry, position, occurrences: [sunday], coordinator, marksOn } = await church(['2026-03-29']);
    const check = (await server.post(`${V}/credentials`, { name: 'Safeguarding B' }, as(admin))).body.credential;
    const training = (await server.post(`${V}/credentials`, { name: 'First aid B' }, as(admin))).body.credential;
    const path = `${V}/ministries/${ministry.id}/credential-requirements`;
    assert.equal((await server.post(path, { credentialId: check.id }, as(coordinator))).status, 201);
    assert.equal((await server.post(path, { credentialId: training.id, positionId: position.id }, as(coordinator))).status, 201);
    expectError(await server.post(path, { credentialId: check.id }, as(coordinator)), 409, 'This credential is already required there');

    const [valid, lapsing, missing] = [await qualifiedVolunteer(position.id), await qualifiedVolunteer(position.id, { first_name: 'Lapsing', last_name: 'Person' }), await qualifiedVolunteer(position.id, { first_name: 'Missing', last_name: 'Person' })];
    const record = (person: TestUser, credentialId: number, expiresOn: string | null) =>
      server.put(`${V}/people/${person.personId}/credentials`, { credentialId, expiresOn }, as(coordinator));
    await record(valid, check.id, null);
    await record(valid, training.id, '2027-01-01');
    await record(lapsing, check.id, '2026-03-20');
    const held = await record(lapsing, training.id, '2026-12-31');
    assert.deepEqual(held.body.credentials, [{ credentialId: training.id, name: 'First aid B', expiresOn: '2026-12-31' }, { credentialId: check.id, name: 'Safeguarding B', expiresOn: '2026-03-20' }]);

    const marks = await marksOn(sunday);
    assert.deepEqual(marks.get(valid.personId)!.missingRequirements, []);
    assert.deepEqual(marks.get(lapsing.personId)!.missingRequirements, [{ credentialId: check.id, name: 'Safeguarding B', expiredOn: '2026-03-20' }]);
    assert.deepEqual(marks.get(missing.personId)!.missingRequirements.map((m) => m.name).sort(), ['First aid B', 'Safeguarding B']);

    const assigned = await server.post(`${V}/occurrences/${sunday}/assignments`, { positionId: position.id, personId: lapsing.personId }, as(coordinator));
    assert.equal(assigned.status, 201, assigned.text);
    assert.deepEqual(assigned.body.warnings.map((w: { message: string }) => w.message), ['Lapsing Person lacks Safeguarding B (expired on 2026-03-20)']);

    const dashboard = (await server.get(`${V}/dashboard`, as(coordinator))).body;
    assert.deepEqual(dashboard.expiringCredentials.map((row: { personId: number; credentialName: string; expiresOn: string }) => [row.personId, row.credentialName, row.expiresOn]),
      [[lapsing.personId, 'Safeguarding B', '2026-03-20']]);
    const other = await newCoordinator(server, (await newMinistry(server)).id);
    assert.deepEqual((await server.get(`${V}/dashboard`, as(other))).body.expiringCredentials, [], 'another ministry\'s coordinator sees none of it');

    expectError(await server.delete(`${V}/people/${missing.personId}/credentials/${check.id}`, as(coordinator)), 404, 'This person holds no such credential');
    assert.deepEqual((await server.delete(`${V}/people/${lapsing.personId}/credentials/${check.id}`, as(coordinator))).body.credentials.map((c: { name: string }) => c.name), ['First aid B']);
    const requirements = (await server.get(path, as(coordinator))).body.requirements;
    assert.deepEqual(requirements.map((r: { credentialName: string; positionId: number | null }) => [r.credentialName, r.positionId]), [['Safeguarding B', null], ['First aid B', position.id]]);
    assert.deepEqual((await server.delete(`${path}/${requirements[0].id}`, as(coordinator))).body, { success: true });
  });

  it('counts a credential as held on the day it expires and as lapsed from the day after, on the eligible list and in E14\'s warnings', async () => {
    const { ministry, position, occurrences: [lastDay, dayAfter], coordinator, marksOn } = await church(['2026-03-21', '2026-03-22']);
    const check = (await server.post(`${V}/credentials`, { name: 'Safeguarding D' }, as(admin))).body.credential;
    assert.equal((await server.post(`${V}/ministries/${ministry.id}/credential-requirements`, { credentialId: check.id }, as(coordinator))).status, 201);
    const volunteer = await qualifiedVolunteer(position.id, { first_name: 'Expiring', last_name: 'Person' });
    const recorded = await server.put(`${V}/people/${volunteer.personId}/credentials`, { credentialId: check.id, expiresOn: '2026-03-21' }, as(coordinator));
    assert.equal(recorded.status, 200, recorded.text);
    const eligible = async (occurrenceId: number) => {
      const marks = (await marksOn(occurrenceId)).get(volunteer.personId) as Marks & { marks: string[] };
      return { marks: marks.marks, missingRequirements: marks.missingRequirements };
    };
    const assign = async (occurrenceId: number) => {
      const answer = await server.post(`${V}/occurrences/${occurrenceId}/assignments`, { positionId: position.id, personId: volunteer.personId }, as(coordinator));
      assert.equal(answer.status, 201, answer.text);
      return answer.body.warnings.map((w: { code: string; message: string }) => [w.code, w.message]);
    };

    assert.deepEqual(await eligible(lastDay), { marks: [], missingRequirements: [] });
    assert.deepEqual(await assign(lastDay), []);
    assert.deepEqual(await eligible(dayAfter), {
      marks: ['missing_credential'], missingRequirements: [{ credentialId: check.id, name: 'Safeguarding D', expiredOn: '2026-03-21' }],
    });
    assert.deepEqual(await assign(dayAfter), [['missing_credential', 'Expiring Person lacks Safeguarding D (expired on 2026-03-21)']]);
  });

  it("refuses a coordinator who reached a person through their own pool a credential only another ministry requires, and lets those who require it and managers keep it", async () => {
    const [children, parking] = [await newMinistry(server), await newMinistry(server)];
    const childPosition = await newPosition(server, children.id, children.teamId);
    const [childCoordinator, parkingCoordinator] = [await newCoordinator(server, children.id), await newCoordinator(server, parking.id)];
    const check = (await server.post(`${V}/credentials`, { name: 'Child safety C' }, as(admin))).body.credential;
    const unrequired = (await server.post(`${V}/credentials`, { name: 'Forklift C' }, as(admin))).body.credential;
    assert.equal((await server.post(`${V}/ministries/${children.id}/credential-requirements`, { credentialId: check.id, positionId: childPosition.id }, as(childCoordinator))).status, 201);
    const volunteer = await qualifiedVolunteer(childPosition.id);
    assert.equal((await server.post(`${V}/ministries/${parking.id}/pool/${volunteer.personId}`, undefined, as(parkingCoordinator))).status, 201);
    const path = `${V}/people/${volunteer.personId}/credentials`;

    expectError(await server.put(path, { credentialId: check.id, expiresOn: '2030-01-01' }, as(parkingCoordinator)), 403, 'This credential is not required by a ministry you manage');
    expectError(await server.put(path, { credentialId: unrequired.id }, as(parkingCoordinator)), 403, 'This credential is not required by a ministry you manage');
    expectError(await server.put(path, { credentialId: 2147483647 }, as(parkingCoordinator)), 404, 'Credential not found');
    assert.deepEqual((await server.get(path, as(admin))).body.credentials, []);

    const recorded = await server.put(path, { credentialId: check.id, expiresOn: '2027-01-01' }, as(childCoordinator));
    assert.equal(recorded.status, 200, recorded.text);
    assert.deepEqual(recorded.body.credentials, [{ credentialId: check.id, name: 'Child safety C', expiresOn: '2027-01-01' }]);
    expectError(await server.delete(`${path}/${check.id}`, as(parkingCoordinator)), 403, 'This credential is not required by a ministry you manage');
    assert.deepEqual((await server.get(path, as(parkingCoordinator))).body.credentials, [{ credentialId: check.id, name: 'Child safety C', expiresOn: '2027-01-01' }]);

    const manager = await newUser(server, { roles: ['manageMinistries'] });
    assert.equal((await server.put(path, { credentialId: unrequired.id }, as(manager))).status, 200);
    assert.deepEqual((await server.delete(`${path}/${unrequired.id}`, as(manager))).body.credentials.map((c: { name: string }) => c.name), ['Child safety C']);
    assert.deepEqual((await server.delete(`${path}/${check.id}`, as(childCoordinator))).body.credentials, []);
  });
});
