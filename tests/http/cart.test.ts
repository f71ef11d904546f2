import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storedRows, countRows, newPerson, newUser, type TestUser, as, expectError, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const volunteer = useUser(server);

const newStaff = () => newUser(server, { roles: ['finance'] });

/** The cart as stored, read back from the table. */
async function storedCart(user: TestUser): Promise<number[]> {
  return (await storedRows(server, 'carts', { user_id: user.userId })).map((row) => row.person_id).sort((a, b) => a - b);
}

async function cartOf(user: TestUser): Promise<number[]> {
  const answer = await server.get('/api/cart/', as(user));
  assert.equal(answer.status, 200);
  return answer.body.PeopleCart;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function newFamilyWith(memberCount: number): Promise<{ familyId: number; memberIds: number[] }> {
  const family = await server.post('/api/families', { name: 'Cartfamily' }, as(admin));
  assert.equal(family.status, 201);
  const memberIds: number[] = [];
  for (let i = 0; i < memberCount; i++) memberIds.push((await newPerson(server, { family_id: family.body.Id })).id);
  return { familyId: family.body.Id, memberIds };
}

async function newGroupWith(memberIds: number[]): Promise<number> {
  const group = await server.post('/api/groups/', { groupName: `Cartgroup${Math.random().toString(36).slice(2, 8)}` }, as(admin));
  assert.equal(group.status, 200, JSON.stringify(group.body));
  for (const personId of memberIds) {
    assert.equal((await server.post(`/api/groups/${group.body.Id}/addperson/${personId}`, {}, as(admin))).status, 200);
  }
  return group.body.Id;
}

describe('GET /api/cart/', () => {
  it('answers an empty PeopleCart for a user who has added nobody', async () => {
    const user = await newStaff();
    const answer = await server.get('/api/cart/', as(user));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { PeopleCart: [] });
  });

  it('answers the same cart without the trailing slash', async () => {
    const user = await newStaff();
    const person = await newPerson(server);
    await server.post('/api/cart/', { Persons: [person.id] }, as(user));
    const answer = await server.get('/api/cart', as(user));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { PeopleCart: [person.id] });
  });

  it('is refused with 403 to a self-service login and 401 without a key', async () => {
    expectError(await server.get('/api/cart/', as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.get('/api/cart/'), 401, 'Invalid API key');
  });
});

describe('POST /api/cart/', () => {
  it('adds the people listed, answers which were added and which were already there, and keeps the cart across requests', async () => {
    const user = await newStaff();
    const [a, b, c] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    const first = await server.post('/api/cart/', { Persons: [a.id, b.id] }, as(user));
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, { added: [a.id, b.id], duplicate: [] });
    const second = await server.post('/api/cart/', { Persons: [b.id, c.id] }, as(user));
    assert.equal(second.status, 200);
    assert.deepEqual(second.body, { added: [c.id], duplicate: [b.id] });
    assert.deepEqual(sorted(await cartOf(user)), sorted([a.id, b.id, c.id]));
    assert.deepEqual(await storedCart(user), sorted([a.id, b.id, c.id]));
  });

  it('works without the trailing slash', async () => {
    const user = await newStaff();
    const person = await newPerson(server);
    const answer = await server.post('/api/cart', { Persons: [person.id] }, as(user));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { added: [person.id], duplicate: [] });
    assert.deepEqual(await storedCart(user), [person.id]);
  });

  it('accepts ids written as digit strings', async () => {
    const user = await newStaff();
    const person = await newPerson(server);
    const answer = await server.post('/api/cart/', { Persons: [String(person.id)] }, as(user));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { added: [person.id], duplicate: [] });
    assert.deepEqual(await storedCart(user), [person.id]);
  });

  it('adds every member of a family', async () => {
    const user = await newStaff();
    const { familyId, memberIds } = await newFamilyWith(3);
    await server.post('/api/cart/', { Persons: [memberIds[0]] }, as(user));
    const answer = await server.post('/api/cart/', { Family: familyId }, as(user));
    assert.equal(answer.status, 200);
    assert.deepEqual(sorted(answer.body.added), sorted(memberIds.slice(1)));
    assert.deepEqual(answer.body.duplicate, [memberIds[0]]);
    assert.deepEqual(await storedCart(user), sorted(memberIds));
    const again = await server.post('/api/cart/', { Family: String(familyId) }, as(user));
    assert.equal(again.status, 200);
    assert.deepEqual(await storedCart(user), sorted(memberIds));
  });

  it('adds every member of a group', async () => {
    const user = await newStaff();
    const members = [await newPerson(server), await newPerson(server)].map((p) => p.id);
    const outsider = await newPerson(server);
    const groupId = await newGroupWith(members);
    const answer = await server.post('/api/cart/', { Group: groupId }, as(user));
    assert.equal(answer.status, 200);
    assert.deepEqual(sorted(answer.body.added), sorted(members));
    assert.deepEqual(answer.body.duplicate, []);
    assert.deepEqual(await storedCart(user), sorted(members));
    assert.ok(!(await storedCart(user)).includes(outsider.id));
  });

  it('answers 404 for an unknown person, family or group, and adds nobody', async () => {
    const user = await newStaff();
    const person = await newPerson(server);
    expectError(await server.post('/api/cart/', { Persons: [person.id, 999999] }, as(user)), 404, /Person not found/);
    expectError(await server.post('/api/cart/', { Family: 999999 }, as(user)), 404, 'Family not found');
    expectError(await server.post('/api/cart/', { Group: 999999 }, as(user)), 404, 'Group not found');
    assert.deepEqual(await storedCart(user), []);
  });

  it('refuses a body naming no people, family or group with 400 and the reference message', async () => {
    const user = await newStaff();
    for (const body of [{}, { Other: [1] }, undefined]) {
      expectError(await server.post('/api/cart/', body, as(user)), 400, 'POST to cart requires a Persons array, FamilyID, or GroupID');
    }
  });

  it('refuses a non-numeric id with 400, and adds nobody', async () => {
    const user = await newStaff();
    const person = await newPerson(server);
    const bodies = [
      { Persons: [person.id, 'abc'] },
      { Persons: [person.id, 1.5] },
      { Persons: [person.id, -1] },
      { Persons: String(person.id) },
      { Family: 'abc' },
      { Family: true },
      { Group: 'x' },
      { Group: [1] },
    ];
    for (const body of bodies) expectError(await server.post('/api/cart/', body, as(user)), 400, /./);
    expectError(await server.post('/api/cart/', { Persons: ['abc'] }, as(user)), 400, 'Persons must be a list of person ids');
    expectError(await server.post('/api/cart/', { Family: 'abc' }, as(user)), 400, 'Family must be a family id');
    expectError(await server.post('/api/cart/', { Group: 'x' }, as(user)), 400, 'Group must be a group id');
    assert.deepEqual(await storedCart(user), []);
  });

  it("keeps each user's cart to that user, under every key of theirs", async () => {
    const one = await newStaff();
    const two = await newStaff();
    const [a, b] = [await newPerson(server), await newPerson(server)];
    await server.post('/api/cart/', { Persons: [a.id] }, as(one));
    const answer = await server.post('/api/cart/', { Persons: [a.id, b.id] }, as(two));
    assert.deepEqual(answer.body, { added: [a.id, b.id], duplicate: [] }, "another user's cart does not make a duplicate");
    assert.deepEqual(await cartOf(one), [a.id]);
    assert.deepEqual(sorted(await cartOf(two)), sorted([a.id, b.id]));
    const minted = await server.post('/api/users/current/api-keys', { label: 'second' }, as(one));
    assert.equal(minted.status, 201);
    assert.deepEqual((await server.get('/api/cart/', { key: minted.body.apiKey })).body, { PeopleCart: [a.id] });
  });

  it('drops a deleted person from every cart', async () => {
    const user = await newStaff();
    const [keep, gone] = [await newPerson(server), await newPerson(server)];
    await server.post('/api/cart/', { Persons: [keep.id, gone.id] }, as(user));
    assert.equal((await server.delete(`/api/person/${gone.id}`, as(admin))).status, 200);
    assert.deepEqual(await cartOf(user), [keep.id]);
  });

  it('is refused with 403 to a self-service login and 401 without a key, and adds nobody', async () => {
    const person = await newPerson(server);
    expectError(await server.post('/api/cart/', { Persons: [person.id] }, as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.post('/api/cart/', { Persons: [person.id] }), 401, 'Invalid API key');
    assert.deepEqual(await storedCart(volunteer), []);
    assert.equal(await countRows(server, 'carts', { person_id: person.id }), 0);
  });
});

describe('DELETE /api/cart/', () => {
  it('empties the cart without a body, and says so; an empty cart answers "Your cart is empty"', async () => {
    const user = await newStaff();
    const [a, b] = [await newPerson(server), await newPerson(server)];
    await server.post('/api/cart/', { Persons: [a.id, b.id] }, as(user));
    const emptied = await server.delete('/api/cart/', as(user));
    assert.equal(emptied.status, 200);
    assert.deepEqual(emptied.body, { status: 'success', message: 'Your cart has been successfully emptied' });
    assert.deepEqual(await storedCart(user), []);
    const again = await server.delete('/api/cart/', as(user));
    assert.deepEqual(again.body, { status: 'success', message: 'Your cart is empty' });
  });

  it('removes only the people listed', async () => {
    const user = await newStaff();
    const [a, b, c] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    await server.post('/api/cart/', { Persons: [a.id, b.id, c.id] }, as(user));
    const answer = await server.delete('/api/cart/', { ...as(user), body: { Persons: [a.id, String(c.id)] } });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.status, 'success');
    assert.equal(typeof answer.body.message, 'string');
    assert.deepEqual(await cartOf(user), [b.id]);
  });

  it('works without the trailing slash', async () => {
    const user = await newStaff();
    const person = await newPerson(server);
    await server.post('/api/cart/', { Persons: [person.id] }, as(user));
    const answer = await server.delete('/api/cart', as(user));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { status: 'success', message: 'Your cart has been successfully emptied' });
    assert.deepEqual(await storedCart(user), []);
  });

  it("empties only the caller's cart", async () => {
    const one = await newStaff();
    const two = await newStaff();
    const person = await newPerson(server);
    await server.post('/api/cart/', { Persons: [person.id] }, as(one));
    await server.post('/api/cart/', { Persons: [person.id] }, as(two));
    await server.delete('/api/cart/', as(one));
    assert.deepEqual(await storedCart(one), []);
    assert.deepEqual(await storedCart(two), [person.id]);
  });

  it('refuses a non-numeric id with 400, and removes nobody', async () => {
    const user = await newStaff();
    const person = await newPerson(server);
    await server.post('/api/cart/', { Persons: [person.id] }, as(user));
    expectError(await server.delete('/api/cart/', { ...as(user), body: { Persons: [person.id, 'abc'] } }), 400, 'Persons must be a list of person ids');
    expectError(await server.delete('/api/cart/', { ...as(user), body: { Persons: 'all' } }), 400, 'Persons must be a list of person ids');
    assert.deepEqual(await storedCart(user), [person.id]);
  });

  it('is refused with 403 to a self-service login and 401 without a key, and removes nobody', async () => {
    const user = await newStaff();
    const person = await newPerson(server);
    await server.post('/api/cart/', { Persons: [person.id] }, as(user));
    expectError(await server.delete('/api/cart/', as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.delete('/api/cart/'), 401, 'Invalid API key');
    assert.deepEqual(await storedCart(user), [person.id]);
  });
});
