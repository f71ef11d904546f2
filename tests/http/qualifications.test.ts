import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DomainEvent } from '../../src/domain/domain-events.js';
import type { QualificationView } from '../../src/http/schemas/volunteer.schemas.js';
import {
  as, countRows, expectError, newCoordinator, newMinistry, newPerson, newPosition, newTeam, newTeamLeader, newUser, qualify,
  revokeQualification, storedRows, unique, useServer, useUser,
} from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const volunteer = useUser(server);

const V = '/api/ministries';
const TEACHER = 1;
const STUDENT = 2;

/** A Sunday School ministry with a team linked to a fresh class. */
async function newClassTeam() {
  const ministry = await newMinistry(server, { sundaySchool: true });
  const answer = await server.post('/api/groups/', { groupName: unique('Class'), isSundaySchool: true }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const classId: number = answer.body.Id;
  const teamId = (await newTeam(server, ministry.id, { classGroupId: classId })).id;
  return { ministry, classId, teamId };
}

/** The act of most tests here: a grant over the route (§18: 201 for a new qualification, 200 when it already stood or comes back). */
async function grant(positionId: number, personId: number, options: { key?: string } = as(admin), status: 200 | 201 = 201): Promise<QualificationView> {
  const answer = await server.post(`${V}/positions/${positionId}/qualifications`, { personId }, options);
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  return answer.body.qualification;
}

async function revoke(qualificationId: number) {
  const answer = await server.delete(`${V}/qualifications/${qualificationId}`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

async function qualificationsOf(positionId: number, query: Record<string, string> = {}): Promise<QualificationView[]> {
  const answer = await server.get(`${V}/positions/${positionId}/qualifications`, { ...as(admin), query });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.qualifications;
}

/** The role each person holds in a group, as stored. */
async function rolesIn(groupId: number): Promise<Map<number, number>> {
  return new Map((await storedRows(server, 'group_members', { group_id: groupId })).map((member) => [member.person_id, member.role_id]));
}

async function poolMemberIds(ministryId: number): Promise<number[]> {
  const answer = await server.get(`${V}/ministries/${ministryId}/pool`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.members.map((m: { personId: number }) => m.personId);
}

/** Records the group-member-added events published while `work` runs. */
async function additionsDuring(work: () => Promise<void>) {
  const events: DomainEvent[] = [];
  const stop = server.app.services.publisher.subscribe((event) => {
    if (event.type === 'group-member-added') events.push(event);
  });
  try {
    await work();
  } finally {
    stop();
  }
  return events;
}

describe('GET /api/ministries/positions/{positionId}/qualifications', () => {
  it('lists revoked rows too, only active ones with active=1 and only revoked ones with active=0', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const kept = await qualify(server, position.id, (await newPerson(server)).id);
    const revoked = await qualify(server, position.id, (await newPerson(server)).id);
    await revokeQualification(server, revoked.id);
    const all = await qualificationsOf(position.id);
    assert.deepEqual(all.map((q) => [q.id, q.active]).sort(), [[kept.id, true], [revoked.id, false]].sort());
    assert.deepEqual((await qualificationsOf(position.id, { active: '1' })).map((q) => q.id), [kept.id]);
    assert.deepEqual((await qualificationsOf(position.id, { active: '0' })).map((q) => q.id), [revoked.id]);
    assert.equal((await qualificationsOf(position.id, { active: '' })).length, 2);
  });

  it('answers 404 for an unknown position and 403 to a leader of another team', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, (await newTeam(server, ministry.id)).id);
    expectError(await server.get(`${V}/positions/999999/qualifications`, as(leader)), 404, 'Position not found');
    expectError(await server.get(`${V}/positions/${position.id}/qualifications`, as(leader)), 403, 'Not authorized for this position');
  });
});

describe('POST /api/ministries/positions/{positionId}/qualifications', () => {
  const url = (positionId: number) => `${V}/positions/${positionId}/qualifications`;

  it('answers 201 with the new qualification in the contract shape', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const person = await newPerson(server, { first_name: 'Nora', last_name: 'Quill' });
    const answer = await server.post(url(position.id), { personId: person.id, notes: '  Trained in March  ' }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const { qualification } = answer.body;
    assert.deepEqual(qualification, {
      id: qualification.id,
      personId: person.id,
      displayName: 'Nora Quill',
      positionId: position.id,
      positionName: position.name,
      ministryId: ministry.id,
      teamId: ministry.teamId,
      active: true,
      grantedDate: qualification.grantedDate,
      grantedByPersonId: admin.personId,
      notes: 'Trained in March',
    });
    assert.match(qualification.grantedDate, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers 200 with the same row when the person is already qualified', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const person = await newPerson(server);
    const first = await server.post(url(position.id), { personId: person.id }, as(admin));
    const second = await server.post(url(position.id), { personId: person.id }, as(admin));
    assert.equal(first.status, 201);
    assert.equal(second.status, 200);
    assert.equal(second.body.qualification.id, first.body.qualification.id);
    assert.equal((await qualificationsOf(position.id)).length, 1);
  });

  it('reactivates a revoked qualification with the same id and answers 200', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const person = await newPerson(server);
    const granted = await qualify(server, position.id, person.id);
    await revokeQualification(server, granted.id);
    const answer = await server.post(url(position.id), { personId: person.id }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.qualification.id, granted.id);
    assert.equal(answer.body.qualification.active, true);
    assert.deepEqual((await qualificationsOf(position.id)).map((q) => [q.id, q.active]), [[granted.id, true]]);
  });

  it('puts the person in the ministry pool and fires group-member-added once', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const second = await newPosition(server, ministry.id, ministry.teamId);
    const person = await newPerson(server);
    const events = await additionsDuring(async () => {
      await grant(position.id, person.id);
      await grant(position.id, person.id, as(admin), 200);
      await grant(second.id, person.id);
    });
    assert.deepEqual(events, [{ type: 'group-member-added', groupId: ministry.poolGroupId, personId: person.id }]);
    assert.ok((await poolMemberIds(ministry.id)).includes(person.id));
    assert.equal(await countRows(server, 'group_members', { group_id: ministry.poolGroupId, person_id: person.id }), 1);
  });

  it('fires no group-member-added for someone already in the pool', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const person = await newPerson(server);
    assert.equal((await server.post(`${V}/ministries/${ministry.id}/pool/${person.id}`, {}, as(admin))).status, 201);
    const events = await additionsDuring(async () => { await grant(position.id, person.id); });
    assert.deepEqual(events, []);
  });

  it('gives the class Teacher role on a class-linked team', async () => {
    const { ministry, classId, teamId } = await newClassTeam();
    const position = await newPosition(server, ministry.id, teamId);
    const person = await newPerson(server);
    const events = await additionsDuring(async () => { await grant(position.id, person.id); });
    assert.equal((await rolesIn(classId)).get(person.id), TEACHER);
    assert.deepEqual(events.map((e) => (e as { groupId: number }).groupId).sort((a, b) => a - b), [ministry.poolGroupId, classId].sort((a, b) => a - b));
  });

  it('refuses with 409 a person who is in the class under another role, changing nothing', async () => {
    const { ministry, classId, teamId } = await newClassTeam();
    const position = await newPosition(server, ministry.id, teamId);
    const student = await newPerson(server);
    assert.equal((await server.post(`/api/groups/${classId}/addperson/${student.id}`, { RoleID: STUDENT }, as(admin))).status, 200);
    const answer = await server.post(url(position.id), { personId: student.id }, as(admin));
    assert.equal(answer.status, 409, JSON.stringify(answer.body));
    assert.equal((await rolesIn(classId)).get(student.id), STUDENT);
    assert.deepEqual(await qualificationsOf(position.id), []);
    assert.equal((await poolMemberIds(ministry.id)).includes(student.id), false);
  });

  it('refuses a missing personId with 400 and an unknown person with 404', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    assert.equal((await server.post(url(position.id), {}, as(admin))).status, 400);
    assert.equal((await server.post(url(position.id), { notes: 'no one' }, as(admin))).status, 400);
    expectError(await server.post(url(position.id), { personId: 999999 }, as(admin)), 404, 'Person not found');
    assert.deepEqual(await qualificationsOf(position.id), []);
  });

  it('answers 404 for an unknown position, then 403 out of scope even with a bad body', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, (await newTeam(server, ministry.id)).id);
    expectError(await server.post(url(999999), {}, as(leader)), 404, 'Position not found');
    expectError(await server.post(url(position.id), {}, as(leader)), 403, 'Not authorized for this position');
  });

  it('lets the leader of the position\'s team qualify someone, recorded as the granter', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const leader = await newTeamLeader(server, ministry.teamId);
    const person = await newPerson(server);
    const answer = await server.post(url(position.id), { personId: person.id }, as(leader));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.qualification.grantedByPersonId, leader.personId);
  });
});

describe('DELETE /api/ministries/qualifications/{qualificationId}', () => {
  it('revokes the qualification, keeps the row and answers {qualification}', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const person = await newPerson(server);
    const granted = await qualify(server, position.id, person.id);
    const answer = await server.delete(`${V}/qualifications/${granted.id}`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { qualification: { ...granted, active: false } });
    assert.deepEqual(await qualificationsOf(position.id), [{ ...granted, active: false }]);
  });

  it('leaves the person in the pool', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const person = await newPerson(server);
    await revoke((await qualify(server, position.id, person.id)).id);
    assert.ok((await poolMemberIds(ministry.id)).includes(person.id));
  });

  it('ends the class Teacher role with the last active qualification in a class-linked team', async () => {
    const { ministry, classId, teamId } = await newClassTeam();
    const first = await newPosition(server, ministry.id, teamId);
    const second = await newPosition(server, ministry.id, teamId);
    const person = await newPerson(server);
    const a = await qualify(server, first.id, person.id);
    const b = await qualify(server, second.id, person.id);
    await revoke(a.id);
    assert.equal((await rolesIn(classId)).get(person.id), TEACHER, 'still qualified for the second position');
    await revoke(b.id);
    assert.equal((await rolesIn(classId)).has(person.id), false);
  });

  it('answers 404 Qualification not found, then 403 to a leader of another team', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const granted = await qualify(server, position.id, (await newPerson(server)).id);
    const leader = await newTeamLeader(server, (await newTeam(server, ministry.id)).id);
    expectError(await server.delete(`${V}/qualifications/999999`, as(leader)), 404, 'Qualification not found');
    expectError(await server.delete(`${V}/qualifications/${granted.id}`, as(leader)), 403, 'Not authorized for this qualification');
    assert.equal((await qualificationsOf(position.id))[0].active, true);
  });
});

describe('GET /api/ministries/people/{personId}/qualifications', () => {
  it('shows a global manager every qualification of the person', async () => {
    const first = await newMinistry(server);
    const second = await newMinistry(server);
    const person = await newPerson(server);
    const a = await qualify(server, (await newPosition(server, first.id, first.teamId)).id, person.id);
    const b = await qualify(server, (await newPosition(server, second.id, second.teamId)).id, person.id);
    const manager = await newUser(server, { roles: ['manageMinistries'] });
    const answer = await server.get(`${V}/people/${person.id}/qualifications`, as(manager));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.qualifications.map((q: QualificationView) => q.id).sort((x: number, y: number) => x - y), [a.id, b.id]);
    assert.deepEqual(answer.body.qualifications.find((q: QualificationView) => q.id === a.id), a);
  });

  it('shows a coordinator only the qualifications in ministries they coordinate', async () => {
    const mine = await newMinistry(server);
    const theirs = await newMinistry(server);
    const person = await newPerson(server);
    const visible = await qualify(server, (await newPosition(server, mine.id, mine.teamId)).id, person.id);
    await qualify(server, (await newPosition(server, theirs.id, theirs.teamId)).id, person.id);
    const coordinator = await newCoordinator(server, mine.id);
    const answer = await server.get(`${V}/people/${person.id}/qualifications`, as(coordinator));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.qualifications.map((q: QualificationView) => q.id), [visible.id]);
  });

  it('refuses a volunteer with the coordinator gate', async () => {
    expectError(await server.get(`${V}/people/${volunteer.personId}/qualifications`, as(volunteer)), 403,
      'Manage My Ministries access, with a ministry or team to manage, is required');
  });
});
