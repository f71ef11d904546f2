import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storedRows, countRows, newPerson, newUser, as, expectError, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const editor = useUser(server, ['editRecords']);
const deleter = useUser(server, ['deleteRecords']);
const staff = useUser(server, ['finance']);
const volunteer = useUser(server);

const personRow = async (id: number) => (await storedRows(server, 'persons', { id }))[0];
const countPersonsNamed = (lastName: string) => countRows(server, 'persons', { last_name: lastName });
const countFamiliesNamed = (name: string) => countRows(server, 'families', { name });

async function newFamily(name = `Family${Math.random().toString(36).slice(2, 8)}`): Promise<number> {
  const answer = await server.post('/api/families', { name }, as(editor));
  assert.equal(answer.status, 201);
  return answer.body.Id;
}

describe('POST /api/persons', () => {
  it('creates a person from every documented field and answers 201 with the PascalCase person object', async () => {
    const familyId = await newFamily('Jesse');
    const answer = await server.post('/api/persons', {
      firstName: ' David ', lastName: ' Jesse ', email: 'david@example.org', gender: 1, familyId, familyRoleId: 3,
      birthDate: '1990-02-28', cellPhone: '555-0101', homePhone: '555-0102', workPhone: '555-0103',
      deceasedDate: '2025-12-31', inactive: 'yes', doNotEmail: 1,
    }, as(editor));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const id = answer.body.Id;
    assert.equal(typeof id, 'number');
    assert.deepEqual(answer.body, {
      Id: id, Title: null, FirstName: 'David', MiddleName: null, LastName: 'Jesse', Suffix: null, Gender: 1,
      Email: 'david@example.org', WorkEmail: null, CellPhone: '555-0101', HomePhone: '555-0102', WorkPhone: '555-0103',
      BirthMonth: 2, BirthDay: 28, BirthYear: 1990, HideAge: false, FamId: familyId, FmrId: 3, NeedsReview: false,
      DateEntered: '2026-03-04 10:00:00', EnteredBy: editor.personId, DeceasedDate: '2025-12-31', Inactive: true, DoNotEmail: true,
    });
    const read = await server.get(`/api/person/${id}`, as(staff));
    assert.deepEqual(read.body, answer.body);
    const row = await personRow(id);
    assert.equal(row?.first_name, 'David');
    assert.equal(row?.family_id, familyId);
  });

  it('needs only the two names, and stores blank optional text as null', async () => {
    const answer = await server.post('/api/persons', { firstName: 'Ruth', lastName: 'Moab', email: '  ', cellPhone: '' }, as(editor));
    assert.equal(answer.status, 201);
    assert.equal(answer.body.Email, null);
    assert.equal(answer.body.CellPhone, null);
    assert.equal(answer.body.Gender, 0);
    assert.equal(answer.body.FamId, 0);
    assert.equal(answer.body.BirthYear, null);
    assert.equal(answer.body.Inactive, false);
  });

  it('refuses a missing or blank first or last name with 400 naming the field, and writes nothing', async () => {
    expectError(await server.post('/api/persons', { lastName: 'Nameless1' }, as(editor)), 400, /firstName/);
    expectError(await server.post('/api/persons', { firstName: 'Anon' }, as(editor)), 400, /lastName/);
    expectError(await server.post('/api/persons', { firstName: '   ', lastName: 'Nameless1' }, as(editor)), 400, /firstName/);
    expectError(await server.post('/api/persons', { firstName: 'Anon', lastName: '  ' }, as(editor)), 400, /lastName/);
    expectError(await server.post('/api/persons', undefined, as(editor)), 400, 'firstName is required');
    assert.equal(await countPersonsNamed('Nameless1'), 0);
  });

  it('refuses a birth or deceased date that is not a real YYYY-MM-DD day with 400, and writes nothing', async () => {
    for (const birthDate of ['2026-13-01', '2026-02-30', 'soon', '1990-1-5', '01/05/1990']) {
      expectError(await server.post('/api/persons', { firstName: 'Bad', lastName: 'Dated1', birthDate }, as(editor)), 400, /birthDate/);
    }
    expectError(await server.post('/api/persons', { firstName: 'Bad', lastName: 'Dated1', deceasedDate: '2026-13-01' }, as(editor)), 400, /deceasedDate/);
    assert.equal(await countPersonsNamed('Dated1'), 0);
  });

  it('refuses fields of the wrong type with 400, and writes nothing', async () => {
    const bodies = [
      { firstName: 42, lastName: 'Typed1' },
      { firstName: 'T', lastName: 'Typed1', gender: 3 },
      { firstName: 'T', lastName: 'Typed1', gender: 'male' },
      { firstName: 'T', lastName: 'Typed1', familyId: 'abc' },
      { firstName: 'T', lastName: 'Typed1', familyRoleId: 1.5 },
      { firstName: 'T', lastName: 'Typed1', email: ['a@b.c'] },
      { firstName: 'T', lastName: 'Typed1', birthDate: 19900101 },
      { firstName: 'x'.repeat(51), lastName: 'Typed1' },
    ];
    for (const body of bodies) expectError(await server.post('/api/persons', body, as(editor)), 400, /./);
    assert.equal(await countPersonsNamed('Typed1'), 0);
  });

  it('answers 404 for an unknown family, and writes nothing', async () => {
    expectError(await server.post('/api/persons', { firstName: 'Lost', lastName: 'Orphan1', familyId: 999999 }, as(editor)), 404, 'Family not found');
    assert.equal(await countPersonsNamed('Orphan1'), 0);
  });

  it('is refused with 403 to a login without editRecords, and writes nothing', async () => {
    for (const user of [deleter, staff, volunteer]) {
      const answer = await server.post('/api/persons', { firstName: 'No', lastName: 'Permit1' }, as(user));
      expectError(answer, 403, 'User must be an Admin or have EditRecords permission');
    }
    assert.equal(await countPersonsNamed('Permit1'), 0);
    assert.equal((await server.post('/api/persons', { firstName: 'Yes', lastName: 'Permit1' }, as(admin))).status, 201);
  });

  it('answers 401 without a key or with an unknown key, and writes nothing', async () => {
    expectError(await server.post('/api/persons', { firstName: 'No', lastName: 'Key1' }), 401, 'Invalid API key');
    expectError(await server.post('/api/persons', { firstName: 'No', lastName: 'Key1' }, { key: 'not-a-key' }), 401, 'Invalid API key');
    assert.equal(await countPersonsNamed('Key1'), 0);
  });
});

describe('POST /api/person/{personId}', () => {
  it('changes only the fields sent and answers 200 with the whole person', async () => {
    const person = await newPerson(server, { first_name: 'Naomi', last_name: 'Elimelech', cell_phone: '555-0001', birth_year: 1950, birth_month: 6, birth_day: 1 });
    const answer = await server.post(`/api/person/${person.id}`, { cellPhone: '555-9999' }, as(editor));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.Id, person.id);
    assert.equal(answer.body.CellPhone, '555-9999');
    assert.equal(answer.body.FirstName, 'Naomi');
    assert.equal(answer.body.LastName, 'Elimelech');
    assert.equal(answer.body.Email, person.email);
    assert.equal(answer.body.BirthYear, 1950);
    assert.equal(answer.body.DateEntered, '2026-01-01 09:00:00', 'the entry date is kept');
    const row = await personRow(person.id);
    assert.equal(row?.cell_phone, '555-9999');
    assert.equal(row?.first_name, 'Naomi');
  });

  it('renames, moves to a family, marks inactive and clears the birth date with null', async () => {
    const familyId = await newFamily();
    const person = await newPerson(server, { birth_year: 1980, birth_month: 1, birth_day: 2 });
    const answer = await server.post(`/api/person/${person.id}`, {
      firstName: ' Mara ', familyId, familyRoleId: 1, birthDate: null, inactive: true, doNotEmail: 'on', gender: 2,
    }, as(editor));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.FirstName, 'Mara');
    assert.equal(answer.body.FamId, familyId);
    assert.equal(answer.body.FmrId, 1);
    assert.equal(answer.body.Gender, 2);
    assert.deepEqual([answer.body.BirthYear, answer.body.BirthMonth, answer.body.BirthDay], [null, null, null]);
    assert.equal(answer.body.Inactive, true);
    assert.equal(answer.body.DoNotEmail, true);
    const family = await server.get(`/api/family/${familyId}`, as(staff));
    assert.deepEqual(family.body.MemberIds, [person.id]);
  });

  it('answers 200 with the person unchanged for an empty body', async () => {
    const person = await newPerson(server);
    const answer = await server.post(`/api/person/${person.id}`, {}, as(editor));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.FirstName, person.first_name);
  });

  it('refuses a blank name, a bad date or a wrong type with 400, and leaves the row unchanged', async () => {
    const person = await newPerson(server, { cell_phone: '555-1111' });
    const bodies = [
      { firstName: '  ', cellPhone: '1' },
      { lastName: '', cellPhone: '1' },
      { firstName: null, cellPhone: '1' },
      { birthDate: '2026-13-01', cellPhone: '1' },
      { deceasedDate: '2026-02-29', cellPhone: '1' },
      { gender: 7, cellPhone: '1' },
      { familyId: 'x', cellPhone: '1' },
    ];
    for (const body of bodies) expectError(await server.post(`/api/person/${person.id}`, body, as(editor)), 400, /./);
    assert.deepEqual(await personRow(person.id), person);
  });

  it('answers 404 for an unknown family, and leaves the row unchanged', async () => {
    const person = await newPerson(server);
    expectError(await server.post(`/api/person/${person.id}`, { familyId: 999999, cellPhone: '1' }, as(editor)), 404, 'Family not found');
    assert.deepEqual(await personRow(person.id), person);
  });

  it('answers 404 for an unknown or non-numeric person', async () => {
    expectError(await server.post('/api/person/999999', { cellPhone: '1' }, as(editor)), 404, 'Person not found');
    expectError(await server.post('/api/person/abc', { cellPhone: '1' }, as(editor)), 404, 'Not found', { request: { method: 'POST', path: '/api/person/abc' } });
  });

  it('is refused with 403 to a login without editRecords, and leaves the row unchanged', async () => {
    const person = await newPerson(server);
    expectError(await server.post(`/api/person/${person.id}`, { firstName: 'Hijacked' }, as(deleter)), 403, 'User must be an Admin or have EditRecords permission');
    expectError(await server.post(`/api/person/${person.id}`, { firstName: 'Hijacked' }, as(volunteer)), 403, 'User must be an Admin or have EditRecords permission');
    expectError(await server.post(`/api/person/${person.id}`, { firstName: 'Hijacked' }), 401, 'Invalid API key');
    assert.deepEqual(await personRow(person.id), person);
  });
});

describe('GET /api/person/{personId}', () => {
  it('answers the person to any staff login', async () => {
    const person = await newPerson(server, { first_name: 'Boaz', last_name: 'Bethlehem', deceased_date: '2020-05-17' });
    for (const user of [staff, editor, deleter, admin]) {
      const answer = await server.get(`/api/person/${person.id}`, as(user));
      assert.equal(answer.status, 200);
      assert.equal(answer.body.Id, person.id);
      assert.equal(answer.body.FirstName, 'Boaz');
      assert.equal(answer.body.LastName, 'Bethlehem');
      assert.equal(answer.body.DeceasedDate, '2020-05-17');
    }
  });

  it('is refused with 403 to a self-service login and 401 without a key', async () => {
    const person = await newPerson(server);
    expectError(await server.get(`/api/person/${person.id}`, as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.get(`/api/person/${person.id}`), 401, 'Invalid API key');
  });

  it('answers 404 for an unknown or non-numeric person', async () => {
    expectError(await server.get('/api/person/999999', as(staff)), 404, 'Person not found');
    expectError(await server.get('/api/person/abc', as(staff)), 404, 'Not found', { request: { method: 'GET', path: '/api/person/abc' } });
  });
});

describe('DELETE /api/person/{personId}', () => {
  it('removes the person row and answers {success:true}', async () => {
    const person = await newPerson(server);
    const answer = await server.delete(`/api/person/${person.id}`, as(deleter));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
    assert.equal(await personRow(person.id), undefined);
    expectError(await server.get(`/api/person/${person.id}`, as(staff)), 404, 'Person not found');
  });

  it("removes a person's login with the person when an administrator deletes them, so its key stops working", async () => {
    const user = await newUser(server, { roles: ['finance'] });
    assert.equal((await server.delete(`/api/person/${user.personId}`, as(admin))).status, 200);
    expectError(await server.get('/api/cart/', as(user)), 401, 'Invalid API key');
  });

  it("refuses with 403 \"Can't delete yourself\" and keeps the row", async () => {
    expectError(await server.delete(`/api/person/${deleter.personId}`, as(deleter)), 403, "Can't delete yourself");
    expectError(await server.delete(`/api/person/${admin.personId}`, as(admin)), 403, "Can't delete yourself");
    assert.notEqual(await personRow(deleter.personId), undefined);
  });

  it('is refused with 403 to a login without deleteRecords, and keeps the row', async () => {
    const person = await newPerson(server);
    expectError(await server.delete(`/api/person/${person.id}`, as(editor)), 403, 'User must be an Admin or have DeleteRecords permission');
    expectError(await server.delete(`/api/person/${person.id}`, as(volunteer)), 403, 'User must be an Admin or have DeleteRecords permission');
    expectError(await server.delete(`/api/person/${person.id}`), 401, 'Invalid API key');
    assert.deepEqual(await personRow(person.id), person);
    assert.equal((await server.delete(`/api/person/${person.id}`, as(admin))).status, 200);
  });

  it('answers 404 for an unknown or non-numeric person', async () => {
    expectError(await server.delete('/api/person/999999', as(deleter)), 404, 'Person not found');
    expectError(await server.delete('/api/person/abc', as(deleter)), 404, 'Not found', { request: { method: 'DELETE', path: '/api/person/abc' } });
  });
});

describe('GET /api/persons/search/{query}', () => {
  it('matches first name, last name or e-mail, ignoring case, and answers {id, objid, text, uri}', async () => {
    const byFirst = await newPerson(server, { first_name: 'Quintillian', last_name: 'Able', email: 'a1@example.org' });
    const byLast = await newPerson(server, { first_name: 'Bart', last_name: 'Quintillianson', email: 'b1@example.org' });
    const byEmail = await newPerson(server, { first_name: 'Carl', last_name: 'Cane', email: 'QUINTILLIAN@example.org' });
    const other = await newPerson(server, { first_name: 'Dora', last_name: 'Dane', email: 'dora@example.org' });
    const answer = await server.get('/api/persons/search/quintillian', as(staff));
    assert.equal(answer.status, 200);
    const ids = answer.body.map((hit: { objid: number }) => hit.objid).sort((a: number, b: number) => a - b);
    assert.deepEqual(ids, [byFirst.id, byLast.id, byEmail.id].sort((a, b) => a - b));
    assert.ok(!ids.includes(other.id));
    const hit = answer.body.find((h: { objid: number }) => h.objid === byLast.id);
    // The contract's four fields, and ours (issue 37 #2) that tell namesakes apart: the family's name and the e-mail's first letters.
    assert.deepEqual(Object.keys(hit).sort(), ['emailHint', 'familyName', 'id', 'objid', 'text', 'uri']);
    assert.equal(hit.emailHint, 'b1…@');
    assert.equal(hit.familyName, null);
    assert.equal(hit.text, 'Bart Quintillianson');
    assert.equal(hit.uri, `/api/person/${byLast.id}`);
    assert.deepEqual(answer.body.map((h: { id: number }) => h.id), [1, 2, 3], 'id is the row number');
  });

  it('answers at most 15 people', async () => {
    for (let i = 0; i < 20; i++) await newPerson(server, { last_name: `Multitude${i}` });
    const answer = await server.get('/api/persons/search/multitude', as(staff));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.length, 15);
    assert.equal(new Set(answer.body.map((h: { objid: number }) => h.objid)).size, 15);
  });

  it('answers an empty list when nobody matches, and treats % and _ literally', async () => {
    assert.deepEqual((await server.get('/api/persons/search/nobodyhasthisname', as(staff))).body, []);
    assert.deepEqual((await server.get('/api/persons/search/%25', as(staff))).body, []);
    assert.deepEqual((await server.get('/api/persons/search/_', as(staff))).body, []);
  });

  it('is refused with 403 to a self-service login and 401 without a key', async () => {
    expectError(await server.get('/api/persons/search/a', as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.get('/api/persons/search/a'), 401, 'Invalid API key');
  });
});

describe('GET /api/persons/roles', () => {
  it('answers the family-role options to any staff login', async () => {
    const answer = await server.get('/api/persons/roles', as(staff));
    assert.equal(answer.status, 200);
    assert.ok(answer.body.length > 0);
    for (const option of answer.body) assert.deepEqual(Object.keys(option).sort(), ['OptionId', 'OptionName', 'OptionSequence']);
    assert.ok(answer.body.some((option: { OptionName: string }) => option.OptionName === 'Head of Household'));
  });

  it('is refused with 403 to a self-service login and 401 without a key', async () => {
    expectError(await server.get('/api/persons/roles', as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.get('/api/persons/roles'), 401, 'Invalid API key');
  });
});

describe('POST /api/families', () => {
  it('creates a family and answers 201 with the family object that GET /api/family/{id} answers', async () => {
    const answer = await server.post('/api/families', {
      name: ' Naphtali ', address1: '1 Hill Rd', address2: 'Apt 2', city: 'Kedesh', state: 'GA', zip: '30301', country: 'US',
      homePhone: '555-0200', email: 'naphtali@example.org',
    }, as(editor));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const id = answer.body.Id;
    assert.equal(typeof id, 'number');
    assert.deepEqual(answer.body, {
      Id: id, Name: 'Naphtali', Address1: '1 Hill Rd', Address2: 'Apt 2', City: 'Kedesh', State: 'GA', Zip: '30301', Country: 'US',
      HomePhone: '555-0200', WorkPhone: null, CellPhone: null, Email: 'naphtali@example.org', DateEntered: '2026-03-04 10:00:00',
      EnteredBy: editor.personId, NeedsReview: false, MemberIds: [],
    });
    const read = await server.get(`/api/family/${id}`, as(staff));
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, answer.body);
    assert.equal(await countFamiliesNamed('Naphtali'), 1);
  });

  it('takes null or blank for an optional field as no value', async () => {
    const answer = await server.post('/api/families', { name: 'Nullfam1', address1: null, city: '  ', email: null }, as(editor));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.Address1, null);
    assert.equal(answer.body.City, null);
    assert.equal(answer.body.Email, null);
  });

  it('refuses a missing or blank name, or a field of the wrong type, with 400, and writes nothing', async () => {
    expectError(await server.post('/api/families', { city: 'Nowhere' }, as(editor)), 400, /name/);
    expectError(await server.post('/api/families', { name: '   ' }, as(editor)), 400, /name/);
    expectError(await server.post('/api/families', { name: 'Typedfam1', city: 5 }, as(editor)), 400, /city/);
    expectError(await server.post('/api/families', { name: 7 }, as(editor)), 400, /name/);
    assert.equal(await countFamiliesNamed('Typedfam1'), 0);
    assert.equal(await countFamiliesNamed(''), 0);
  });

  it('is refused with 403 to a login without editRecords and 401 without a key, and writes nothing', async () => {
    expectError(await server.post('/api/families', { name: 'Refusedfam1' }, as(deleter)), 403, 'User must be an Admin or have EditRecords permission');
    expectError(await server.post('/api/families', { name: 'Refusedfam1' }, as(volunteer)), 403, 'User must be an Admin or have EditRecords permission');
    expectError(await server.post('/api/families', { name: 'Refusedfam1' }), 401, 'Invalid API key');
    assert.equal(await countFamiliesNamed('Refusedfam1'), 0);
  });
});

describe('GET /api/family/{familyId}', () => {
  it('lists the ids of the people in the family', async () => {
    const familyId = await newFamily();
    const one = await server.post('/api/persons', { firstName: 'Abe', lastName: 'Household', familyId }, as(editor));
    const two = await server.post('/api/persons', { firstName: 'Sara', lastName: 'Household', familyId }, as(editor));
    const answer = await server.get(`/api/family/${familyId}`, as(staff));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.MemberIds, [one.body.Id, two.body.Id]);
  });

  it('answers 404 for an unknown or non-numeric family', async () => {
    expectError(await server.get('/api/family/999999', as(staff)), 404, 'Family not found');
    expectError(await server.get('/api/family/abc', as(staff)), 404, 'Not found', { request: { method: 'GET', path: '/api/family/abc' } });
  });

  it('is refused with 403 to a self-service login and 401 without a key', async () => {
    const familyId = await newFamily();
    expectError(await server.get(`/api/family/${familyId}`, as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.get(`/api/family/${familyId}`), 401, 'Invalid API key');
  });
});

describe('people who have a user account', () => {
  it('answers 403 when a user with only editRecords changes the e-mail, inactive or deceased state of an account holder', async () => {
    const holder = await newUser(server, { roles: ['admin'] });
    const before = await personRow(holder.personId);
    for (const change of [{ email: 'attacker@example.org' }, { inactive: true }, { deceasedDate: '2026-01-01' }]) {
      expectError(await server.post(`/api/person/${holder.personId}`, change, as(editor)), 403,
        'Only an administrator may change the e-mail address, inactive or deceased state of a person who has a user account');
    }
    assert.deepEqual(await personRow(holder.personId), before);
  });

  it('lets a user with editRecords change the other fields of an account holder, and resend the same e-mail', async () => {
    const holder = await newUser(server);
    const { email } = (await personRow(holder.personId))!;
    const answer = await server.post(`/api/person/${holder.personId}`, { cellPhone: '555-0199', email }, as(editor));
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.CellPhone, '555-0199');
  });

  it('lets an administrator change an account holder\'s e-mail and queues a message to the old address', async () => {
    const holder = await newUser(server);
    const oldEmail = (await personRow(holder.personId))!.email;
    const answer = await server.post(`/api/person/${holder.personId}`, { email: 'new.address@example.org' }, as(admin));
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.Email, 'new.address@example.org');
    const told = await storedRows(server, 'notifications', { person_id: holder.personId });
    assert.deepEqual(told.map((row) => [row.type, JSON.parse(row.context!).previousEmail]), [['email_changed', oldEmail]]);
  });

  it('answers 403 when a user with only deleteRecords deletes a person who has a user account, and keeps both', async () => {
    const holder = await newUser(server, { roles: ['admin'] });
    expectError(await server.delete(`/api/person/${holder.personId}`, as(deleter)), 403, 'Only an administrator may delete a person who has a user account');
    assert.ok(await personRow(holder.personId));
    assert.equal((await server.get('/api/users/current', as(holder))).status, 200);
  });

  it('still lets a user with deleteRecords delete a person without a user account', async () => {
    const person = await newPerson(server);
    assert.equal((await server.delete(`/api/person/${person.id}`, as(deleter))).status, 200);
    assert.equal(await personRow(person.id), undefined);
  });
});

describe('one e-mail address per person and family', () => {
  const lists = ['a@example.org, b@example.org', '"x" <a@example.org>\r\nBcc: z@evil.example', 'a@example.org\nBcc: z@evil.example', 'Name <a@example.org>', 'not-an-address'];

  it('answers 400 for a list, a display name or header syntax in a person\'s e-mail, on create and on change', async () => {
    const person = await newPerson(server);
    for (const email of lists) {
      expectError(await server.post('/api/persons', { firstName: 'Mail', lastName: 'Tester', email }, as(editor)), 400, 'email must be one e-mail address, such as name@example.org');
      expectError(await server.post(`/api/person/${person.id}`, { email }, as(editor)), 400, 'email must be one e-mail address, such as name@example.org');
    }
    assert.equal(await countPersonsNamed('Tester'), 0);
  });

  it('answers 400 for a list or header syntax in a family\'s e-mail', async () => {
    for (const email of lists) {
      expectError(await server.post('/api/families', { name: 'Listed', email }, as(editor)), 400, 'email must be one e-mail address, such as name@example.org');
    }
    assert.equal(await countFamiliesNamed('Listed'), 0);
  });

  it('accepts a single address, international ones included', async () => {
    const answer = await server.post('/api/persons', { firstName: 'José', lastName: 'Núñez', email: 'josé@exemple.fr' }, as(editor));
    assert.equal(answer.status, 201, answer.text);
    assert.equal(answer.body.Email, 'josé@exemple.fr');
  });
});
