import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countRows, as, expectError, newPerson, useServer, useUser } from '../kit/index.js';

const server = useServer();
const editor = useUser(server, ['editRecords']);
const staff = useUser(server, ['finance']);
const volunteer = useUser(server);

async function newFamily(fields: Record<string, unknown>): Promise<number> {
  const answer = await server.post('/api/families', fields, as(editor));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.Id;
}

const names = (rows: Array<{ FirstName: string; LastName: string }>) => rows.map((row) => `${row.FirstName} ${row.LastName}`);

describe('GET /api/persons', () => {
  it('lists people by last name, then first name, with their e-mail and family', async () => {
    const familyId = await newFamily({ name: 'Zebulun Household' });
    const ada = await newPerson(server, { first_name: 'Ada', last_name: 'zebulunson', email: 'ada@zeb.example', family_id: familyId });
    await newPerson(server, { first_name: 'Zed', last_name: 'Zebulunsen', email: null });
    await newPerson(server, { first_name: 'Abe', last_name: 'Zebulunsen', email: 'abe@zeb.example' });
    const answer = await server.get('/api/persons', { ...as(staff), query: { q: 'zebulun' } });
    assert.equal(answer.status, 200);
    assert.deepEqual(names(answer.body), ['Abe Zebulunsen', 'Zed Zebulunsen', 'Ada zebulunson']);
    assert.deepEqual(answer.body[2], { Id: ada.id, FirstName: 'Ada', LastName: 'zebulunson', Email: 'ada@zeb.example', FamilyId: familyId, FamilyName: 'Zebulun Household' });
    assert.deepEqual(answer.body[1], { Id: answer.body[1].Id, FirstName: 'Zed', LastName: 'Zebulunsen', Email: null, FamilyId: null, FamilyName: null });
  });

  it('pages with offset and limit, telling the total in X-Total-Count', async () => {
    for (const first of ['Pa', 'Pb', 'Pc', 'Pd', 'Pe']) await newPerson(server, { first_name: first, last_name: 'Pagerly' });
    const first = await server.get('/api/persons', { ...as(staff), query: { q: 'pagerly', limit: '2' } });
    assert.deepEqual(names(first.body), ['Pa Pagerly', 'Pb Pagerly']);
    assert.equal(first.headers['x-total-count'], '5');
    const last = await server.get('/api/persons', { ...as(staff), query: { q: 'pagerly', limit: '2', offset: '4' } });
    assert.deepEqual(names(last.body), ['Pe Pagerly']);
    assert.equal(last.headers['x-total-count'], '5');
    const beyond = await server.get('/api/persons', { ...as(staff), query: { q: 'pagerly', offset: '10' } });
    assert.deepEqual(beyond.body, []);
    assert.equal(beyond.headers['x-total-count'], '5');
  });

  it('answers 50 a page by default, and everyone when no q is given', async () => {
    for (let n = 0; n < 55; n += 1) await newPerson(server, { first_name: `Many${n}`, last_name: 'Multitude' });
    const everyone = await server.get('/api/persons', as(staff));
    assert.equal(everyone.body.length, 50);
    const total = Number(everyone.headers['x-total-count']);
    assert.equal(total, await countRows(server, 'persons'));
    const filtered = await server.get('/api/persons', { ...as(staff), query: { q: 'Multitude' } });
    assert.equal(filtered.headers['x-total-count'], '55');
    assert.equal(filtered.body.length, 50);
  });

  it('matches the e-mail and the full name, and treats % and _ literally', async () => {
    await newPerson(server, { first_name: 'Mailed', last_name: 'Matchford', email: 'unique.box@mailmatch.example' });
    const byMail = await server.get('/api/persons', { ...as(staff), query: { q: 'MAILMATCH.example' } });
    assert.deepEqual(names(byMail.body), ['Mailed Matchford']);
    const byFullName = await server.get('/api/persons', { ...as(staff), query: { q: 'mailed matchf' } });
    assert.deepEqual(names(byFullName.body), ['Mailed Matchford']);
    const wildcard = await server.get('/api/persons', { ...as(staff), query: { q: 'Matchf%rd' } });
    assert.deepEqual(wildcard.body, []);
  });

  it('refuses a limit above 200 or a negative offset with 400', async () => {
    expectError(await server.get('/api/persons', { ...as(staff), query: { limit: '201' } }), 400, 'limit must be <= 200');
    expectError(await server.get('/api/persons', { ...as(staff), query: { offset: '-1' } }), 400, 'offset must be >= 0');
  });

  it('is refused with 403 to a self-service login and 401 without a key', async () => {
    expectError(await server.get('/api/persons', as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.get('/api/persons'), 401, 'Invalid API key');
  });
});

describe('GET /api/families', () => {
  it('lists families by name with their member counts, a page at a time with X-Total-Count', async () => {
    const bravo = await newFamily({ name: 'bravo Tallyfam', email: 'bravo@tally.example', city: 'Springfield', homePhone: '555-0199' });
    const alpha = await newFamily({ name: 'Alpha Tallyfam' });
    const charlie = await newFamily({ name: 'Charlie Tallyfam' });
    await newPerson(server, { family_id: bravo });
    await newPerson(server, { family_id: bravo });
    await newPerson(server, { family_id: charlie });
    const all = await server.get('/api/families', { ...as(staff), query: { q: 'tallyfam' } });
    assert.equal(all.status, 200);
    assert.deepEqual(all.body, [
      { Id: alpha, Name: 'Alpha Tallyfam', Email: null, HomePhone: null, City: null, MemberCount: 0 },
      { Id: bravo, Name: 'bravo Tallyfam', Email: 'bravo@tally.example', HomePhone: '555-0199', City: 'Springfield', MemberCount: 2 },
      { Id: charlie, Name: 'Charlie Tallyfam', Email: null, HomePhone: null, City: null, MemberCount: 1 },
    ]);
    assert.equal(all.headers['x-total-count'], '3');
    const second = await server.get('/api/families', { ...as(staff), query: { q: 'tallyfam', limit: '1', offset: '1' } });
    assert.deepEqual(second.body.map((row: { Id: number }) => row.Id), [bravo]);
    assert.equal(second.headers['x-total-count'], '3');
  });

  it('matches the family e-mail too', async () => {
    const id = await newFamily({ name: 'Postbox', email: 'home@postfam.example' });
    const answer = await server.get('/api/families', { ...as(staff), query: { q: 'POSTFAM' } });
    assert.deepEqual(answer.body.map((row: { Id: number }) => row.Id), [id]);
  });

  it('is refused with 403 to a self-service login and 401 without a key', async () => {
    expectError(await server.get('/api/families', as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.get('/api/families'), 401, 'Invalid API key');
  });
});

describe('POST /api/family/{familyId}', () => {
  it('changes only the fields sent and answers the family as GET /api/family/{id} does', async () => {
    const id = await newFamily({ name: 'Before', city: 'Oldtown', zip: '11111', email: 'before@example.org' });
    const member = await newPerson(server, { family_id: id });
    const answer = await server.post(`/api/family/${id}`, { name: ' After ', city: 'Newtown', zip: '', homePhone: '555-0142' }, as(editor));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.Name, 'After');
    assert.equal(answer.body.City, 'Newtown');
    assert.equal(answer.body.Zip, null);
    assert.equal(answer.body.HomePhone, '555-0142');
    assert.equal(answer.body.Email, 'before@example.org');
    assert.deepEqual(answer.body.MemberIds, [member.id]);
    const read = await server.get(`/api/family/${id}`, as(staff));
    assert.deepEqual(read.body, answer.body);
  });

  it('answers 404 for an unknown family', async () => {
    expectError(await server.post('/api/family/999999', { name: 'Ghosts' }, as(editor)), 404, 'Family not found');
  });

  it('refuses a blank name, a bad e-mail or a field of the wrong type with 400, and leaves the family unchanged', async () => {
    const id = await newFamily({ name: 'Steady', email: 'steady@example.org' });
    expectError(await server.post(`/api/family/${id}`, { name: '  ' }, as(editor)), 400, 'name must not be empty');
    expectError(await server.post(`/api/family/${id}`, { email: 'not an address' }, as(editor)), 400, /email/);
    expectError(await server.post(`/api/family/${id}`, { city: 42 }, as(editor)), 400, /city/);
    const read = await server.get(`/api/family/${id}`, as(staff));
    assert.equal(read.body.Name, 'Steady');
    assert.equal(read.body.Email, 'steady@example.org');
  });

  it('is refused with 403 without editRecords and 401 without a key, and leaves the family unchanged', async () => {
    const id = await newFamily({ name: 'Guarded' });
    expectError(await server.post(`/api/family/${id}`, { name: 'Taken' }, as(staff)), 403, 'User must be an Admin or have EditRecords permission');
    expectError(await server.post(`/api/family/${id}`, { name: 'Taken' }), 401, 'Invalid API key');
    const read = await server.get(`/api/family/${id}`, as(staff));
    assert.equal(read.body.Name, 'Guarded');
  });
});
