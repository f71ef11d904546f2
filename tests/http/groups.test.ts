import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DomainEvent } from '../../src/domain/domain-events.js';
import { countRows, newMinistry, newPerson, newUser, expectError, useServer, useUser } from '../kit/index.js';

const server = useServer();
const manager = useUser(server, ['manageGroups']);
const staff = useUser(server, ['editRecords']);
const volunteer = useUser(server);

const asManager = { get key() { return manager.apiKey; } };
const asStaff = { get key() { return staff.apiKey; } };
const asVolunteer = { get key() { return volunteer.apiKey; } };
const MANAGE_GROUPS_REFUSAL = 'User must be an Admin or have ManageGroups permission';

let groupSequence = 0;
async function newGroup(body: Record<string, unknown> = {}) {
  const answer = await server.post('/api/groups/', { groupName: `Group ${++groupSequence}`, ...body }, asManager);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as { Id: number; DefaultRole: number; roles: Array<{ OptionId: number; OptionName: string }> };
}

/** Records the group-membership events published for one group while `work` runs. */
async function membershipEventsDuring(groupId: number, work: () => Promise<void>) {
  const events: DomainEvent[] = [];
  const stop = server.app.services.publisher.subscribe((event) => {
    if ((event.type === 'group-member-added' || event.type === 'group-member-removed') && event.groupId === groupId) events.push(event);
  });
  try {
    await work();
  } finally {
    stop();
  }
  return events;
}

describe('GET /api/groups/', () => {
  it('lists every group with its PascalCase fields, groupType, memberCount and roles', async () => {
    const group = await newGroup({ description: 'Men who meet on Tuesdays' });
    const person = await newPerson(server);
    await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asManager);
    const answer = await server.get('/api/groups/', asStaff);
    assert.equal(answer.status, 200);
    assert.ok(Array.isArray(answer.body));
    const listed = answer.body.find((g: { Id: number }) => g.Id === group.Id);
    assert.deepEqual(listed, {
      Id: group.Id,
      Name: `Group ${groupSequence}`,
      Type: 0,
      Description: 'Men who meet on Tuesdays',
      RoleListId: listed.RoleListId,
      DefaultRole: 1,
      Active: true,
      IncludeInEmailExport: true,
      groupType: 0,
      memberCount: 1,
      roles: [{ OptionId: 1, OptionName: 'Member', OptionSequence: 1 }],
    });
    assert.equal(typeof listed.RoleListId, 'number');
  });

  it('answers the same list without the trailing slash', async () => {
    const group = await newGroup();
    const answer = await server.get('/api/groups', asStaff);
    assert.equal(answer.status, 200);
    assert.ok(answer.body.some((g: { Id: number }) => g.Id === group.Id));
  });

  it('answers 403 to a self-service login and 401 without a key', async () => {
    assert.equal((await server.get('/api/groups/', asVolunteer)).status, 403);
    expectError(await server.get('/api/groups/'), 401, 'Invalid API key');
  });
});

describe('POST /api/groups/', () => {
  it('creates a group with the Member role and answers 200 with the group object', async () => {
    const answer = await server.post('/api/groups/', { groupName: '  Welcome team  ', description: 'Greeters' }, asManager);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.Name, 'Welcome team');
    assert.equal(answer.body.Description, 'Greeters');
    assert.equal(answer.body.Type, 0);
    assert.equal(answer.body.groupType, 0);
    assert.equal(answer.body.memberCount, 0);
    assert.equal(answer.body.Active, true);
    assert.deepEqual(answer.body.roles, [{ OptionId: 1, OptionName: 'Member', OptionSequence: 1 }]);
    assert.equal(answer.body.DefaultRole, 1);
    const read = await server.get(`/api/groups/${answer.body.Id}`, asStaff);
    assert.deepEqual(read.body, answer.body, 'the create answer is the read shape');
  });

  it('makes a Sunday School class of type 4 with the roles Teacher and Student when isSundaySchool is true', async () => {
    const answer = await server.post('/api/groups/', { groupName: 'Grade 3', isSundaySchool: true }, asManager);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.Type, 4);
    assert.equal(answer.body.groupType, 4);
    assert.deepEqual(answer.body.roles.map((r: { OptionName: string }) => r.OptionName), ['Teacher', 'Student']);
    const student = answer.body.roles.find((r: { OptionName: string }) => r.OptionName === 'Student');
    assert.equal(answer.body.DefaultRole, student.OptionId, 'a new class member is a Student');
  });

  it('keeps the groupType sent when the group is not a class', async () => {
    const answer = await server.post('/api/groups/', { groupName: 'Choir', groupType: 2, isSundaySchool: false }, asManager);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.Type, 2);
    assert.equal(answer.body.groupType, 2);
    assert.deepEqual(answer.body.roles.map((r: { OptionName: string }) => r.OptionName), ['Member']);
  });

  it('also creates through the path without the trailing slash', async () => {
    const answer = await server.post('/api/groups', { groupName: 'No slash group' }, asManager);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.Name, 'No slash group');
    assert.equal((await server.get(`/api/groups/${answer.body.Id}`, asStaff)).status, 200);
  });

  it('refuses a missing or blank groupName with 400 naming the field', async () => {
    const missing = await server.post('/api/groups/', { description: 'nameless' }, asManager);
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /groupName/);
    const blank = await server.post('/api/groups/', { groupName: '   ' }, asManager);
    assert.equal(blank.status, 400);
    assert.match(blank.body.message, /groupName/);
  });

  it('is refused with 403 without manageGroups, allowed to an administrator, and 401 without a key', async () => {
    const before = (await server.get('/api/groups/', asStaff)).body.length;
    expectError(await server.post('/api/groups/', { groupName: 'Not mine' }, asStaff), 403, MANAGE_GROUPS_REFUSAL);
    assert.equal((await server.post('/api/groups/', { groupName: 'Not mine' }, asVolunteer)).status, 403);
    expectError(await server.post('/api/groups/', { groupName: 'Not mine' }), 401, 'Invalid API key');
    assert.equal((await server.get('/api/groups/', asStaff)).body.length, before, 'nothing created');
    const admin = await newUser(server, { roles: ['admin'] });
    assert.equal((await server.post('/api/groups/', { groupName: 'Admin made' }, { key: admin.apiKey })).status, 200);
  });
});

describe('GET /api/groups/{groupId}', () => {
  it('answers the group with its member count', async () => {
    const group = await newGroup();
    for (let i = 0; i < 2; i++) await server.post(`/api/groups/${group.Id}/addperson/${(await newPerson(server)).id}`, {}, asManager);
    const answer = await server.get(`/api/groups/${group.Id}`, asStaff);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.Id, group.Id);
    assert.equal(answer.body.memberCount, 2);
  });

  it('answers 404 for an unknown or non-numeric id, and 403 to a self-service login', async () => {
    expectError(await server.get('/api/groups/987654', asStaff), 404, 'Group not found');
    assert.equal((await server.get('/api/groups/abc', asStaff)).status, 404);
    const group = await newGroup();
    assert.equal((await server.get(`/api/groups/${group.Id}`, asVolunteer)).status, 403);
  });
});

describe('GET /api/groups/{groupId}/members', () => {
  it('answers the memberships under Person2group2roleP2g2rs', async () => {
    const group = await newGroup();
    const person = await newPerson(server, { first_name: 'Lydia', last_name: 'Thyatira', email: 'lydia@example.org' });
    await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asManager);
    const answer = await server.get(`/api/groups/${group.Id}/members`, asStaff);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, {
      Person2group2roleP2g2rs: [{
        PersonId: person.id, GroupId: group.Id, RoleId: 1,
        Person: { Id: person.id, FirstName: 'Lydia', LastName: 'Thyatira', Email: 'lydia@example.org' },
      }],
    });
  });

  it('answers an empty list for a group without members and 404 for an unknown group', async () => {
    const group = await newGroup();
    assert.deepEqual((await server.get(`/api/groups/${group.Id}/members`, asStaff)).body, { Person2group2roleP2g2rs: [] });
    expectError(await server.get('/api/groups/987654/members', asStaff), 404, 'Group not found');
  });
});

describe('GET /api/groups/{groupId}/roles', () => {
  it("answers the group's role options; a class has Teacher and Student", async () => {
    const group = await newGroup();
    const plain = await server.get(`/api/groups/${group.Id}/roles`, asStaff);
    assert.equal(plain.status, 200);
    assert.deepEqual(plain.body, [{ OptionId: 1, OptionName: 'Member', OptionSequence: 1 }]);
    const klass = await newGroup({ isSundaySchool: true });
    const roles = await server.get(`/api/groups/${klass.Id}/roles`, asStaff);
    assert.deepEqual(roles.body.map((r: { OptionName: string }) => r.OptionName), ['Teacher', 'Student']);
    for (const role of roles.body) assert.deepEqual(Object.keys(role).sort(), ['OptionId', 'OptionName', 'OptionSequence']);
  });

  it('answers 404 for an unknown group', async () => {
    expectError(await server.get('/api/groups/987654/roles', asStaff), 404, 'Group not found');
  });
});

describe('POST /api/groups/{groupId}/addperson/{personId}', () => {
  it("adds the person in the group's default role and answers their membership records", async () => {
    const klass = await newGroup({ isSundaySchool: true });
    const person = await newPerson(server);
    const answer = await server.post(`/api/groups/${klass.Id}/addperson/${person.id}`, {}, asManager);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, [{ PersonId: person.id, GroupId: klass.Id, RoleId: klass.DefaultRole }]);
  });

  it('adds without any body at all', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    const answer = await server.request('POST', `/api/groups/${group.Id}/addperson/${person.id}`, asManager);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, [{ PersonId: person.id, GroupId: group.Id, RoleId: 1 }]);
  });

  it('uses the RoleID sent', async () => {
    const klass = await newGroup({ isSundaySchool: true });
    const teacher = klass.roles.find((r) => r.OptionName === 'Teacher')!;
    const person = await newPerson(server);
    const answer = await server.post(`/api/groups/${klass.Id}/addperson/${person.id}`, { RoleID: teacher.OptionId }, asManager);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, [{ PersonId: person.id, GroupId: klass.Id, RoleId: teacher.OptionId }]);
  });

  it('refuses a RoleID that is not a role of the group with 400 and adds nobody', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    const answer = await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, { RoleID: 9 }, asManager);
    expectError(answer, 400, 'RoleID is not a role of this group');
    assert.deepEqual((await server.get(`/api/groups/${group.Id}/members`, asStaff)).body.Person2group2roleP2g2rs, []);
  });

  it('fires group-member-added exactly once for a new member, after the membership is committed', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    const visibleWhenPublished: boolean[] = [];
    const events = await membershipEventsDuring(group.Id, async () => {
      const stop = server.app.services.publisher.subscribe(async (event) => {
        if (event.type === 'group-member-added' && event.groupId === group.Id) {
          visibleWhenPublished.push(await countRows(server, 'group_members', { group_id: group.Id, person_id: person.id }) === 1);
        }
      });
      try {
        assert.equal((await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asManager)).status, 200);
      } finally {
        stop();
      }
    });
    assert.deepEqual(events, [{ type: 'group-member-added', groupId: group.Id, personId: person.id }]);
    assert.deepEqual(visibleWhenPublished, [true]);
  });

  it('fires nothing when the person is already a member, and keeps one membership', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asManager);
    const events = await membershipEventsDuring(group.Id, async () => {
      const again = await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asManager);
      assert.equal(again.status, 200);
      assert.deepEqual(again.body, [{ PersonId: person.id, GroupId: group.Id, RoleId: 1 }]);
    });
    assert.deepEqual(events, []);
    assert.equal((await server.get(`/api/groups/${group.Id}`, asStaff)).body.memberCount, 1);
  });

  it('changes the role of an existing member when a RoleID is sent, without an added event', async () => {
    const klass = await newGroup({ isSundaySchool: true });
    const teacher = klass.roles.find((r) => r.OptionName === 'Teacher')!;
    const person = await newPerson(server);
    await server.post(`/api/groups/${klass.Id}/addperson/${person.id}`, {}, asManager);
    const events = await membershipEventsDuring(klass.Id, async () => {
      const again = await server.post(`/api/groups/${klass.Id}/addperson/${person.id}`, { RoleID: teacher.OptionId }, asManager);
      assert.deepEqual(again.body, [{ PersonId: person.id, GroupId: klass.Id, RoleId: teacher.OptionId }]);
    });
    assert.deepEqual(events, []);
  });

  it('fires one event and creates one membership when the same person is added twice at once', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    const events = await membershipEventsDuring(group.Id, async () => {
      const answers = await Promise.all([1, 2].map(() => server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asManager)));
      assert.deepEqual(answers.map((a) => a.status), [200, 200]);
    });
    assert.equal(events.length, 1);
    assert.equal((await server.get(`/api/groups/${group.Id}`, asStaff)).body.memberCount, 1);
  });

  it('answers 404 for an unknown group or person, firing nothing', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    const events = await membershipEventsDuring(group.Id, async () => {
      expectError(await server.post(`/api/groups/987654/addperson/${person.id}`, {}, asManager), 404, 'Group not found');
      expectError(await server.post(`/api/groups/${group.Id}/addperson/987654`, {}, asManager), 404, 'Person not found');
    });
    assert.deepEqual(events, []);
  });

  it('is refused with 403 without manageGroups and 401 without a key', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    expectError(await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asStaff), 403, MANAGE_GROUPS_REFUSAL);
    assert.equal((await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asVolunteer)).status, 403);
    expectError(await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}), 401, 'Invalid API key');
    assert.equal((await server.get(`/api/groups/${group.Id}`, asStaff)).body.memberCount, 0);
  });
});

describe('DELETE /api/groups/{groupId}/removeperson/{personId}', () => {
  it('removes the membership, answers success and fires group-member-removed once', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    const stays = await newPerson(server);
    await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asManager);
    await server.post(`/api/groups/${group.Id}/addperson/${stays.id}`, {}, asManager);
    const events = await membershipEventsDuring(group.Id, async () => {
      const answer = await server.delete(`/api/groups/${group.Id}/removeperson/${person.id}`, asManager);
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, { success: true });
    });
    assert.deepEqual(events, [{ type: 'group-member-removed', groupId: group.Id, personId: person.id }]);
    const members = (await server.get(`/api/groups/${group.Id}/members`, asStaff)).body.Person2group2roleP2g2rs;
    assert.deepEqual(members.map((m: { PersonId: number }) => m.PersonId), [stays.id]);
  });

  it('fires nothing when the person is not a member', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    const events = await membershipEventsDuring(group.Id, async () => {
      const answer = await server.delete(`/api/groups/${group.Id}/removeperson/${person.id}`, asManager);
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, { success: true });
    });
    assert.deepEqual(events, []);
  });

  it('answers 404 for an unknown group', async () => {
    const person = await newPerson(server);
    expectError(await server.delete(`/api/groups/987654/removeperson/${person.id}`, asManager), 404, 'Group not found');
  });

  it('is refused with 403 without manageGroups, leaving the member in place', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asManager);
    expectError(await server.delete(`/api/groups/${group.Id}/removeperson/${person.id}`, asStaff), 403, MANAGE_GROUPS_REFUSAL);
    expectError(await server.delete(`/api/groups/${group.Id}/removeperson/${person.id}`), 401, 'Invalid API key');
    assert.equal((await server.get(`/api/groups/${group.Id}`, asStaff)).body.memberCount, 1);
  });
});

describe('DELETE /api/groups/{groupId}', () => {
  it('deletes the group and its memberships', async () => {
    const group = await newGroup();
    const person = await newPerson(server);
    await server.post(`/api/groups/${group.Id}/addperson/${person.id}`, {}, asManager);
    const answer = await server.delete(`/api/groups/${group.Id}`, asManager);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
    expectError(await server.get(`/api/groups/${group.Id}`, asStaff), 404, 'Group not found');
    assert.equal(await countRows(server, 'group_members', { group_id: group.Id }), 0);
  });

  it('answers 404 for an unknown group', async () => {
    expectError(await server.delete('/api/groups/987654', asManager), 404, 'Group not found');
  });

  it("refuses a ministry's volunteer pool Group with 409 and keeps it", async () => {
    const { poolGroupId } = await newMinistry(server);
    expectError(await server.delete(`/api/groups/${poolGroupId}`, asManager), 409, "This group is a ministry's volunteer pool");
    assert.equal((await server.get(`/api/groups/${poolGroupId}`, asStaff)).status, 200);
  });

  it('is refused with 403 without manageGroups and 401 without a key, keeping the group', async () => {
    const group = await newGroup();
    expectError(await server.delete(`/api/groups/${group.Id}`, asStaff), 403, MANAGE_GROUPS_REFUSAL);
    expectError(await server.delete(`/api/groups/${group.Id}`), 401, 'Invalid API key');
    assert.equal((await server.get(`/api/groups/${group.Id}`, asStaff)).status, 200);
  });
});
