import assert from 'node:assert/strict';
import { after, beforeEach, describe, it } from 'node:test';
import { newAdmin, newUser, otherEventTypeId, type TestUser, startTestServer, type TestServer, as } from '../kit/index.js';
import type { EventTypeView } from '../../src/http/schemas/core.schemas.js';
import type { EventTypeLookupView } from '../../src/http/schemas/ministry-events.schemas.js';

// Each test starts from a new install: one event type, `Other`.
let server: TestServer | undefined;
let admin: TestUser;
let planner: TestUser;
beforeEach(async () => {
  await server?.close();
  server = await startTestServer();
  admin = await newAdmin(server);
  planner = await newUser(server, { roles: ['addEvents'] });
});
after(() => server?.close());

const s = () => server!;
const lookup = async () => (await s().get('/api/ministries/event-types', as(admin))).body as EventTypeLookupView;
const setting = (name: string, value: string | number) => s().post(`/admin/api/system/config/${name}`, { value }, as(admin));

async function newType(name: string): Promise<number> {
  const answer = await s().post('/api/events/types', { name }, as(planner));
  assert.equal(answer.status, 201, answer.text);
  return answer.body.Id;
}

describe('POST /api/events/types/{typeId} (ours)', () => {
  it('renames a type, sets its default start time and retires it, for a user with addEvents', async () => {
    const id = await newType('Choir practice');
    const renamed = await s().post(`/api/events/types/${id}`, { name: 'Choir rehearsal', defStartTime: '19:30' }, as(planner));
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.body.Name, 'Choir rehearsal');
    const retired = await s().post(`/api/events/types/${id}`, { active: false }, as(planner));
    assert.equal(retired.body.Name, 'Choir rehearsal');
    assert.equal(retired.body.Active, false);
    assert.ok(!(await lookup()).eventTypes.some((type) => type.id === id), 'a retired type is offered to no editor');
  });

  it('answers 409 for a name another type holds, 404 for an unknown type, 403 without addEvents', async () => {
    const id = await newType('Youth night');
    const taken = await s().post(`/api/events/types/${id}`, { name: 'other' }, as(planner));
    assert.equal(taken.status, 409);
    assert.equal(taken.body.message, 'An event type of that name already exists');
    assert.equal((await s().post(`/api/events/types/${id}`, { name: 'YOUTH NIGHT' }, as(planner))).status, 200, 'its own name in another case');
    assert.equal((await s().post('/api/events/types/999999', { name: 'X' }, as(planner))).status, 404);
    assert.equal((await s().post(`/api/events/types/${id}`, { name: 'X' }, as(await newUser(s(), { roles: ['editRecords'] })))).status, 403);
  });

  it('makes a renamed Other no default any more, and keeps a retired Other from being replaced by a switch to v2', async () => {
    const other = await otherEventTypeId(s(), admin.apiKey);
    assert.equal((await lookup()).defaultEventTypeId, other);
    assert.equal((await s().post(`/api/events/types/${other}`, { name: 'General' }, as(admin))).status, 200);
    assert.equal((await lookup()).defaultEventTypeId, null);
    assert.equal((await s().post(`/api/events/types/${other}`, { name: 'Other', active: false }, as(admin))).status, 200);
    await setting('sVolunteerVersion', 'v1');
    await setting('sVolunteerVersion', 'v2');
    const types = (await s().get('/api/events/types', as(admin))).body as EventTypeView[];
    assert.deepEqual(types.filter((type) => type.Name.toLowerCase() === 'other').map((type) => type.Active), [false]);
    assert.equal((await lookup()).defaultEventTypeId, null);
  });

  it('gives a church that renamed Other no second Other on the next switch to v2, but seeds it again once deleted', async () => {
    const other = await otherEventTypeId(s(), admin.apiKey);
    assert.equal((await s().post(`/api/events/types/${other}`, { name: 'General' }, as(admin))).status, 200);
    await setting('sVolunteerVersion', 'v1');
    await setting('sVolunteerVersion', 'v2');
    const names = async () => ((await s().get('/api/events/types', as(admin))).body as EventTypeView[]).map((type) => [type.Id, type.Name]);
    assert.deepEqual(await names(), [[other, 'General']]);
    assert.equal((await lookup()).defaultEventTypeId, null);

    assert.equal((await s().delete(`/api/events/types/${other}`, as(admin))).status, 200);
    await setting('sVolunteerVersion', 'v1');
    await setting('sVolunteerVersion', 'both');
    const seeded = await names();
    assert.deepEqual(seeded.map(([, name]) => name), ['Other'], 'no type of that name, and none seeded before: §1.9 seeds it');
    assert.equal((await lookup()).defaultEventTypeId, seeded[0][0]);
  });

  it('falls back to Other when the configured default is retired', async () => {
    const other = await otherEventTypeId(s(), admin.apiKey);
    const preferred = await newType('Sunday service');
    await setting('iVolunteerDefaultEventTypeId', preferred);
    assert.equal((await lookup()).defaultEventTypeId, preferred);
    await s().post(`/api/events/types/${preferred}`, { active: false }, as(admin));
    assert.equal((await lookup()).defaultEventTypeId, other);
  });
});

describe('DELETE /api/events/types/{typeId} (ours)', () => {
  it('deletes a type no event uses, and refuses (409) one that events use', async () => {
    const unused = await newType('Retreat');
    const used = await newType('Picnic');
    const event = await s().post('/api/events', { Title: 'Picnic', Type: used, Start: '2026-06-01 12:00:00', End: '2026-06-01 15:00:00' }, as(planner));
    assert.equal(event.status, 200, event.text);
    assert.equal((await s().delete(`/api/events/types/${unused}`, as(planner))).status, 200);
    const refused = await s().delete(`/api/events/types/${used}`, as(planner));
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'Events use this event type: retire it instead (active: false)');
    const names = ((await s().get('/api/events/types', as(admin))).body as EventTypeView[]).map((type) => type.Name);
    assert.deepEqual(names.filter((name) => name === 'Retreat' || name === 'Picnic'), ['Picnic']);
    assert.equal((await s().delete(`/api/events/types/${unused}`, as(planner))).status, 404);
  });
});
