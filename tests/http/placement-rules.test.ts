import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  as, newAssignment, newCoordinator, newFamily, newMinistry, newPosition, newStaffedEvent, newUser, qualify, useServer, useUser, type TestUser,
} from '../kit/index.js';

/**
 * The placement rules (issue 32), one row per rule through every path: the same fixture, and the rule's code on
 * each. A list marks a person with the code the write it leads to warns with (the eligible list and E14, the
 * substitute list, open spots and E11); auto-fill passes them over with it. The clock stands at 2026-03-04; the
 * place is a 09:00–10:00 shift on Sunday 2026-03-22.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const V = '/api/ministries';
const SUNDAY = '2026-03-22';

interface World {
  ministryId: number;
  teamId: number;
  scheduleId: number;
  positionId: number;
  occurrenceId: number;
  coordinator: TestUser;
  volunteer: TestUser;
  /** A volunteer already serving the place, whose substitutes the list is of. */
  holder: { user: TestUser; assignmentId: number };
}

/** A ministry with a self-assignable position needing three on the Sunday, another position, and a qualified volunteer (not in the pool). */
async function place(person: Record<string, unknown> = {}): Promise<World & { otherPositionId: number }> {
  const ministry = await newMinistry(server);
  const position = await newPosition(server, ministry.id, ministry.teamId, { selfAssignable: true });
  const other = await newPosition(server, ministry.id, ministry.teamId);
  const { occurrenceId, scheduleId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 3 }, { positionId: other.id, minCount: 1 }], { date: SUNDAY });
  const coordinator = await newCoordinator(server, ministry.id);
  const volunteer = await newUser(server, { person: { first_name: 'Vera', last_name: 'Placed', ...person } });
  await qualify(server, position.id, volunteer.personId);
  const holderUser = await newUser(server);
  await qualify(server, position.id, holderUser.personId);
  const held = await newAssignment(server, occurrenceId, position.id, holderUser.personId, { allowOutsidePool: true });
  return { ministryId: ministry.id, teamId: ministry.teamId, scheduleId, positionId: position.id, otherPositionId: other.id, occurrenceId, coordinator, volunteer, holder: { user: holderUser, assignmentId: held.id } };
}

/** Each rule's fixture: a place where the rule holds for the volunteer; `none`, where no rule does. */
const RULES: Record<string, () => Promise<World>> = {
  none: () => place(),
  async blocked_out() {
    const world = await place();
    assert.equal((await server.post('/api/me/blockouts', { startDate: SUNDAY }, as(world.volunteer))).status, 201);
    return world;
  },
  async missing_credential() {
    const world = await place();
    const credential = (await server.post(`${V}/credentials`, { name: `Safeguarding ${world.ministryId}` }, as(admin))).body.credential;
    assert.equal((await server.post(`${V}/ministries/${world.ministryId}/credential-requirements`, { credentialId: credential.id }, as(world.coordinator))).status, 201);
    return world;
  },
  async conflict() {
    const world = await place();
    const elsewhere = await newMinistry(server);
    const position = await newPosition(server, elsewhere.id, elsewhere.teamId, { name: 'Parking' });
    const { occurrenceId } = await newStaffedEvent(server, elsewhere, [{ positionId: position.id, minCount: 1 }], { date: SUNDAY, startTime: '09:30', endTime: '11:00' });
    await qualify(server, position.id, world.volunteer.personId);
    await newAssignment(server, occurrenceId, position.id, world.volunteer.personId, { allowOutsidePool: true });
    return world;
  },
  async over_preference() {
    const world = await place();
    const { occurrenceId } = await newStaffedEvent(server, { id: world.ministryId, teamId: world.teamId }, [{ positionId: world.positionId, minCount: 1 }], { date: '2026-03-08' });
    await newAssignment(server, occurrenceId, world.positionId, world.volunteer.personId, { allowOutsidePool: true });
    assert.equal((await server.put('/api/me/preferences', { maxPerMonth: 1 }, as(world.volunteer))).status, 200);
    return world;
  },
  async household_apart() {
    const { id: familyId } = await newFamily(server, 'Apart family');
    const world = await place({ family_id: familyId });
    const partner = await newUser(server, { person: { first_name: 'Paul', last_name: 'Placed', family_id: familyId } });
    await qualify(server, world.otherPositionId, partner.personId);
    await newAssignment(server, world.occurrenceId, world.otherPositionId, partner.personId, { allowOutsidePool: true });
    assert.equal((await server.post('/api/me/household/rules', { otherPersonId: partner.personId, rule: 'apart' }, as(world.volunteer))).status, 200);
    return world;
  },
};

type Path = (world: World) => Promise<string[]>;

/** What each path says about the volunteer at the place: the codes of its marks, warnings or reason. */
const PATHS: Record<string, Path> = {
  async 'eligible list (marks)'(world) {
    const answer = await server.get(`${V}/occurrences/${world.occurrenceId}/eligible`, { ...as(world.coordinator), query: { positionId: String(world.positionId) } });
    assert.equal(answer.status, 200, answer.text);
    return answer.body.people.find((p: { personId: number }) => p.personId === world.volunteer.personId).marks;
  },
  async 'E14 assign (warnings)'(world) {
    const answer = await server.post(`${V}/occurrences/${world.occurrenceId}/assignments`, { positionId: world.positionId, personId: world.volunteer.personId, allowOutsidePool: true }, as(world.coordinator));
    assert.equal(answer.status, 201, answer.text);
    return answer.body.warnings.map((w: { code: string }) => w.code);
  },
  async 'substitute list (marks)'(world) {
    const answer = await server.get(`/api/me/assignments/${world.holder.assignmentId}/substitutes`, as(world.holder.user));
    assert.equal(answer.status, 200, answer.text);
    return answer.body.people.find((p: { personId: number }) => p.personId === world.volunteer.personId).marks;
  },
  async 'open spots (marks)'(world) {
    const answer = await server.get('/api/me/opportunities', as(world.volunteer));
    assert.equal(answer.status, 200, answer.text);
    const spot = answer.body.opportunities.find((o: { occurrenceId: number; positionId: number }) => o.occurrenceId === world.occurrenceId && o.positionId === world.positionId);
    return spot ? spot.marks : ['not offered'];
  },
  async 'E11 sign-up (warnings)'(world) {
    const answer = await server.post('/api/me/signup', { occurrenceId: world.occurrenceId, positionId: world.positionId }, as(world.volunteer));
    assert.equal(answer.status, 201, answer.text);
    return answer.body.warnings.map((w: { code: string }) => w.code);
  },
  async 'E9 propose a substitute (warnings)'(world) {
    const answer = await server.post(`/api/me/assignments/${world.holder.assignmentId}/propose-substitute`, { personId: world.volunteer.personId }, as(world.holder.user));
    assert.equal(answer.status, 201, answer.text);
    return answer.body.warnings.map((w: { code: string }) => w.code);
  },
  async 'swap approval (warnings)'(world) {
    const proposed = await server.post(`/api/me/assignments/${world.holder.assignmentId}/propose-substitute`, { personId: world.volunteer.personId }, as(world.holder.user));
    const answer = await server.post(`${V}/swaps/${proposed.body.swap.id}/approve`, {}, as(world.coordinator));
    assert.equal(answer.status, 200, answer.text);
    return answer.body.warnings.map((w: { code: string }) => w.code);
  },
  async 'auto-fill preview (reason)'(world) {
    const answer = await server.post(`${V}/auto-fill/preview`, { occurrenceId: world.occurrenceId, allowOutsidePool: true }, as(world.coordinator));
    assert.equal(answer.status, 200, answer.text);
    if (answer.body.proposals.some((p: { personId: number }) => p.personId === world.volunteer.personId)) return ['proposed'];
    const unfilled = answer.body.unfilled.find((u: { positionId: number }) => u.positionId === world.positionId);
    // The holder is passed over too, as already serving the occurrence.
    return Object.keys(unfilled.excluded).filter((reason) => reason !== 'already_serving');
  },
  async 'auto-fill commit of a kept proposal (skip reason)'(world) {
    const preview = await server.post(`${V}/auto-fill/preview`, { occurrenceId: world.occurrenceId, allowOutsidePool: true }, as(world.coordinator));
    const proposals = [{ occurrenceId: world.occurrenceId, positionId: world.positionId, personId: world.volunteer.personId }];
    const answer = await server.post(`${V}/auto-fill/commit`, { token: preview.body.token, proposals }, as(world.coordinator));
    assert.equal(answer.status, 201, answer.text);
    return answer.body.created.length === 1 ? ['created'] : answer.body.skipped.map((s: { reason: string }) => s.reason);
  },
  async 're-fill on decline (placed or not)'(world) {
    assert.equal((await server.post(`${V}/schedules/${world.scheduleId}`, { refillOnDecline: true }, as(world.coordinator))).status, 200);
    assert.equal((await server.post(`/api/me/assignments/${world.holder.assignmentId}/respond`, { response: 'declined' }, as(world.holder.user))).status, 200);
    const staffing = await server.get(`${V}/occurrences/${world.occurrenceId}/staffing`, as(world.coordinator));
    const placed = staffing.body.requirements.some((r: { assignments: Array<{ personId: number }> }) => r.assignments.some((a) => a.personId === world.volunteer.personId));
    return [placed ? 'placed' : 'not placed'];
  },
};

/** What a path answers where no rule holds. */
const FREE: Record<string, string[]> = {
  'auto-fill preview (reason)': ['proposed'],
  'auto-fill commit of a kept proposal (skip reason)': ['created'],
  're-fill on decline (placed or not)': ['placed'],
};

/** Where a path says something else than the rule's code when the rule holds. */
const EXCEPTIONS: Record<string, Record<string, string[]>> = {
  // A shift in my own blockout is not offered (issue 17); E11 by its ids still places me, with the warning.
  blocked_out: { 'open spots (marks)': ['not offered'] },
};
const expectedOf = (rule: string, path: string) => (rule === 'none' ? FREE[path] ?? [] : EXCEPTIONS[rule]?.[path] ?? (path.startsWith('re-fill') ? ['not placed'] : [rule]));

describe('placement rules through every path', () => {
  for (const [rule, arrange] of Object.entries(RULES)) {
    describe(rule, () => {
      for (const [path, ask] of Object.entries(PATHS)) {
        const expected = expectedOf(rule, path);
        it(`${path} says ${expected.join(', ')}`, async () => {
          assert.deepEqual(await ask(await arrange()), expected);
        });
      }
    });
  }
});

describe('the words of a warning', () => {
  const assign = (world: World) => server.post(`${V}/occurrences/${world.occurrenceId}/assignments`, { positionId: world.positionId, personId: world.volunteer.personId, allowOutsidePool: true }, as(world.coordinator));
  const signUp = (world: World) => server.post('/api/me/signup', { occurrenceId: world.occurrenceId, positionId: world.positionId }, as(world.volunteer));

  it('E14 and E11 say who is at their monthly limit, counting what they served before this place', async () => {
    const assigned = await assign(await RULES.over_preference());
    assert.deepEqual(assigned.body.warnings, [{ code: 'over_preference', message: 'Vera Placed is at their monthly limit (1 of at most 1 this month)' }]);
    const signedUp = await signUp(await RULES.over_preference());
    assert.deepEqual(signedUp.body.warnings, [{ code: 'over_preference', message: 'You are at your monthly limit (1 of at most 1 this month)' }]);
  });

  it('E14 and E11 name the household member serving the occurrence whom the person serves apart from', async () => {
    const world = await RULES.household_apart();
    const [partner] = (await server.get('/api/me/household', as(world.volunteer))).body.members;
    const assigned = await assign(world);
    assert.deepEqual(assigned.body.warnings, [{ code: 'household_apart', message: 'Vera Placed serves apart from Paul Placed, who already serves this occurrence', personIds: [partner.personId] }]);
    const again = await RULES.household_apart();
    const signedUp = await signUp(again);
    assert.deepEqual(signedUp.body.warnings.map((w: { message: string }) => w.message), ['You serve apart from Paul Placed, who already serves this occurrence']);
  });

  it('E11 names the overlapping shift the volunteer already serves', async () => {
    const world = await RULES.conflict();
    const signedUp = await signUp(world);
    assert.deepEqual(signedUp.body.warnings.map((w: { code: string; message: string }) => [w.code, w.message]), [['conflict', 'You are already serving as Parking on 2026-03-22, 09:30–11:00, which overlaps this shift']]);
  });
});
