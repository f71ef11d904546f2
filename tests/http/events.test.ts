import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assignToKiosk, checkIn, countRows, newPerson, as, expectError, useServer, useUser } from '../kit/index.js';
import type { EventTypeView, EventView } from '../../src/http/schemas/core.schemas.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const planner = useUser(server, ['addEvents']);
const staff = useUser(server, ['finance']);
const groupManager = useUser(server, ['manageGroups']);
const volunteer = useUser(server);

const ADD_EVENTS_REFUSAL = 'User must be an Admin or have AddEvents permission';

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}`;

async function newCalendar(): Promise<{ Id: number; Name: string }> {
  const answer = await server.post('/api/calendars', { Name: unique('Calendar') }, as(planner));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}

async function newGroup(): Promise<{ Id: number; Name: string }> {
  const answer = await server.post('/api/groups/', { groupName: unique('Group') }, as(groupManager));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}

async function newEventType(fields: Record<string, unknown> = {}): Promise<{ Id: number; Name: string }> {
  const answer = await server.post('/api/events/types', { name: unique('Type'), ...fields }, as(planner));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body;
}

let otherTypeId: number;
async function otherType(): Promise<number> {
  if (otherTypeId === undefined) {
    const types = (await server.get('/api/events/types', as(planner))).body as EventTypeView[];
    otherTypeId = types.find((type) => type.Name === 'Other')!.Id;
  }
  return otherTypeId;
}

async function eventBody(fields: Record<string, unknown> = {}) {
  return { Title: unique('Service'), Type: await otherType(), Start: '2026-05-03 10:00:00', End: '2026-05-03 11:30:00', PinnedCalendars: [], ...fields };
}

async function newEvent(fields: Record<string, unknown> = {}): Promise<number> {
  const answer = await server.post('/api/events', await eventBody(fields), as(planner));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.eventId;
}

async function readEvent(id: number) {
  const answer = await server.get(`/api/events/${id}`, as(staff));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}

/** The starts of the listed events of the title overlapping [from, to), soonest first, over every page. */
async function startsTitled(title: string, from: string, to: string): Promise<string[]> {
  const starts: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const answer = await server.get('/api/events', { ...as(staff), query: { start: from, end: to, limit: '1000', offset: String(offset) } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const events = answer.body.Events as EventView[];
    starts.push(...events.filter((event) => event.Title === title).map((event) => event.Start));
    if (events.length < 1000) return starts;
  }
}

async function repeatBody(fields: Record<string, unknown> = {}) {
  return {
    Title: unique('Series'),
    Type: await otherType(),
    StartTime: '09:00',
    EndTime: '10:30',
    RecurType: 'weekly',
    RecurDOW: 'Sunday',
    RangeStart: '2027-01-01',
    RangeEnd: '2027-01-31',
    ...fields,
  };
}

describe('GET /api/events/types', () => {
  it('lists every event type by name with the contract fields, the seeded Other included', async () => {
    const zeta = await newEventType({ name: unique('Zeta type') });
    const alpha = await newEventType({ name: unique('Alpha type'), defStartTime: '09:30' });
    const answer = await server.get('/api/events/types', as(staff));
    assert.equal(answer.status, 200);
    const names = answer.body.map((type: { Name: string }) => type.Name);
    const positions = [alpha.Name, 'Other', zeta.Name].map((name) => names.indexOf(name));
    assert.ok(positions.every((position) => position >= 0), JSON.stringify(names));
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b), JSON.stringify(names));
    const listed = answer.body.find((type: { Id: number }) => type.Id === alpha.Id);
    assert.deepEqual(Object.keys(listed).sort(), ['Active', 'DefRecurType', 'DefStartTime', 'Id', 'Name']);
    assert.equal(listed.Active, true);
    assert.match(listed.DefStartTime, /^09:30(:00)?$/);
  });

  it('refuses a self-service login with 403 and a missing key with 401', async () => {
    expectError(await server.get('/api/events/types', as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.get('/api/events/types'), 401, 'Invalid API key');
  });
});

describe('POST /api/events/types', () => {
  it('creates an active type with 201 and the object the list shows', async () => {
    const name = unique('Youth night');
    const answer = await server.post('/api/events/types', { name, defStartTime: '18:45' }, as(planner));
    assert.equal(answer.status, 201);
    assert.equal(answer.body.Name, name);
    assert.equal(answer.body.Active, true);
    assert.match(answer.body.DefStartTime, /^18:45(:00)?$/);
    const listed = (await server.get('/api/events/types', as(staff))).body.find((type: { Id: number }) => type.Id === answer.body.Id);
    assert.deepEqual(listed, answer.body);
  });

  it('creates an inactive type when active is false, and lets an administrator create one', async () => {
    const answer = await server.post('/api/events/types', { name: unique('Retired'), active: false }, as(admin));
    assert.equal(answer.status, 201);
    assert.equal(answer.body.Active, false);
  });

  it('refuses a name already taken, ignoring case, with 409 and writes nothing', async () => {
    const before = await countRows(server, 'event_types');
    expectError(await server.post('/api/events/types', { name: 'OTHER' }, as(planner)), 409, 'An event type of that name already exists');
    const existing = await newEventType();
    expectError(await server.post('/api/events/types', { name: existing.Name.toLowerCase() }, as(planner)), 409, 'An event type of that name already exists');
    assert.equal(await countRows(server, 'event_types'), before + 1);
  });

  it('answers one 201 and 409 for the rest, never 500, when the same name is created concurrently', async () => {
    const name = unique('Rush');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => server.post('/api/events/types', { name: i % 2 ? name : name.toUpperCase() }, as(planner))),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expectError(answer, 409, 'An event type of that name already exists');
  });

  it('refuses a default start time that is not a time of day with 400', async () => {
    expectError(await server.post('/api/events/types', { name: unique('Late'), defStartTime: '25:00' }, as(planner)), 400, 'defStartTime must be a time of day as HH:MM');
  });

  it('refuses a caller without AddEvents with 403 and a missing key with 401', async () => {
    expectError(await server.post('/api/events/types', { name: unique('Nope') }, as(staff)), 403, ADD_EVENTS_REFUSAL);
    expectError(await server.post('/api/events/types', { name: unique('Nope') }), 401, 'Invalid API key');
  });
});

describe('POST /api/events', () => {
  it('creates an event with 200 {success, eventId} and GET /api/events/{id} answers every contract field', async () => {
    const calendar = await newCalendar();
    const type = await newEventType();
    const answer = await server.post('/api/events', {
      Title: 'Easter service', Type: type.Id, Start: '2026-04-05 10:00:00', End: '2026-04-05 11:30:00',
      PinnedCalendars: [calendar.Id], Desc: 'Sunrise', Text: 'Bring a friend',
    }, as(planner));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.success, true);
    assert.equal(typeof answer.body.eventId, 'number');
    const event = await readEvent(answer.body.eventId);
    assert.equal(event.Id, answer.body.eventId);
    assert.equal(event.Title, 'Easter service');
    assert.equal(event.Desc, 'Sunrise');
    assert.equal(event.Text, 'Bring a friend');
    assert.equal(event.Start, '2026-04-05 10:00:00');
    assert.equal(event.End, '2026-04-05 11:30:00');
    assert.equal(event.Type, type.Id);
    assert.equal(event.InActive, false);
    assert.equal(event.LinkedGroupId, 0);
    assert.equal(event.MinistryId, null);
    assert.ok('MinistryName' in event);
    assert.deepEqual(event.AttendanceCounts, []);
    assert.deepEqual(event.PinnedCalendars, [calendar.Id]);
  });

  it('takes a T in Start and End as a space and stores seconds', async () => {
    const id = await newEvent({ Start: '2026-06-07T09:15:00', End: '2026-06-07T10:00' });
    const event = await readEvent(id);
    assert.equal(event.Start, '2026-06-07 09:15:00');
    assert.equal(event.End, '2026-06-07 10:00:00');
  });

  it('creates an inactive event when InActive is true', async () => {
    assert.equal((await readEvent(await newEvent({ InActive: true }))).InActive, true);
  });

  it('links the event to its LinkedGroupId', async () => {
    const group = await newGroup();
    const id = await newEvent({ LinkedGroupId: group.Id });
    assert.equal((await readEvent(id)).LinkedGroupId, group.Id);
  });

  it('accepts MinistryId 0 or null as no ministry', async () => {
    assert.equal((await readEvent(await newEvent({ MinistryId: 0 }))).MinistryId, null);
    assert.equal((await readEvent(await newEvent({ MinistryId: null }))).MinistryId, null);
  });

  it('refuses an unknown event type with 400 invalid event type id', async () => {
    const before = await countRows(server, 'events');
    expectError(await server.post('/api/events', await eventBody({ Type: 987654 }), as(planner)), 400, 'invalid event type id');
    assert.equal(await countRows(server, 'events'), before);
  });

  it('refuses one good and one unknown pinned calendar with 400 invalid calendar pinning, writing no event and no pin', async () => {
    const calendar = await newCalendar();
    const [events, pins] = [await countRows(server, 'events'), await countRows(server, 'calendar_events')];
    const answer = await server.post('/api/events', await eventBody({ PinnedCalendars: [calendar.Id, 987654] }), as(planner));
    expectError(answer, 400, 'invalid calendar pinning');
    assert.equal(await countRows(server, 'events'), events);
    assert.equal(await countRows(server, 'calendar_events'), pins);
  });

  it('refuses an unknown LinkedGroupId with 400 and writes nothing', async () => {
    const calendar = await newCalendar();
    const [events, pins, links] = [await countRows(server, 'events'), await countRows(server, 'calendar_events'), await countRows(server, 'event_audience')];
    expectError(await server.post('/api/events', await eventBody({ LinkedGroupId: 987654, PinnedCalendars: [calendar.Id] }), as(planner)), 400, 'The class does not exist');
    assert.equal(await countRows(server, 'events'), events);
    assert.equal(await countRows(server, 'calendar_events'), pins);
    assert.equal(await countRows(server, 'event_audience'), links);
  });

  it('refuses an unknown MinistryId with 400 Unknown volunteer ministry', async () => {
    const before = await countRows(server, 'events');
    expectError(await server.post('/api/events', await eventBody({ MinistryId: 5 }), as(planner)), 400, 'Unknown volunteer ministry');
    assert.equal(await countRows(server, 'events'), before);
  });

  for (const [field, value] of [
    ['Start', '2026-13-01 10:00:00'],
    ['Start', '2026-02-30 10:00:00'],
    ['Start', '2026-05-03 25:00:00'],
    ['Start', 'soon'],
    ['End', '2026-05-03 11:60:00'],
    ['End', '2026-05-03'],
    ['Start', '0000-01-01 10:00:00'],
  ] as const) {
    it(`refuses ${field} "${value}" with 400 naming the field`, async () => {
      const answer = await server.post('/api/events', await eventBody({ [field]: value }), as(planner));
      expectError(answer, 400, new RegExp(field));
    });
  }

  it('refuses an End before the Start with 400', async () => {
    const before = await countRows(server, 'events');
    expectError(await server.post('/api/events', await eventBody({ Start: '2026-05-03 10:00:00', End: '2026-05-03 09:59:59' }), as(planner)), 400, 'The event must end after it starts');
    assert.equal(await countRows(server, 'events'), before);
  });

  it('refuses a missing Title with 400 naming the field', async () => {
    const { Title: _title, ...body } = await eventBody();
    expectError(await server.post('/api/events', body, as(planner)), 400, /Title/);
  });

  it('refuses a caller without AddEvents with 403, a self-service login with 403, and a missing key with 401', async () => {
    const body = await eventBody();
    expectError(await server.post('/api/events', body, as(staff)), 403, ADD_EVENTS_REFUSAL);
    expectError(await server.post('/api/events', body, as(volunteer)), 403, ADD_EVENTS_REFUSAL);
    expectError(await server.post('/api/events', body), 401, 'Invalid API key');
  });

  it('lets an administrator create an event', async () => {
    const answer = await server.post('/api/events', await eventBody(), as(admin));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.success, true);
  });
});

describe('GET /api/events', () => {
  it('lists events with their Groups as {Id, Name} for any staff login', async () => {
    const group = await newGroup();
    const linked = await newEvent({ LinkedGroupId: group.Id });
    const plain = await newEvent();
    const answer = await server.get('/api/events', as(staff));
    assert.equal(answer.status, 200);
    assert.ok(Array.isArray(answer.body.Events));
    const byId = new Map(answer.body.Events.map((event: { Id: number }) => [event.Id, event]));
    const found: any = byId.get(linked);
    assert.deepEqual(found.Groups, [{ Id: group.Id, Name: group.Name }]);
    assert.equal(found.LinkedGroupId, group.Id);
    assert.deepEqual((byId.get(plain) as any).Groups, []);
    assert.equal(found.Start, '2026-05-03 10:00:00');
  });

  it('answers a window of events a page at a time, with X-Total-Count', async () => {
    const ids = [];
    for (const day of ['2031-01-05', '2031-01-06', '2031-01-07']) ids.push(await newEvent({ Start: `${day} 10:00:00`, End: `${day} 11:00:00` }));
    const window = { start: '2031-01-01', end: '2031-02-01' };
    const all = await server.get('/api/events', { ...as(staff), query: window });
    assert.deepEqual(all.body.Events.map((e: { Id: number }) => e.Id), ids);
    assert.equal(all.headers['x-total-count'], '3');
    const second = await server.get('/api/events', { ...as(staff), query: { ...window, limit: '2', offset: '2' } });
    assert.deepEqual(second.body.Events.map((e: { Id: number }) => e.Id), [ids[2]]);
    assert.equal(second.headers['x-total-count'], '3');
    expectError(await server.get('/api/events', { ...as(staff), query: { limit: '1001' } }), 400, 'limit must be <= 1000');
    expectError(await server.get('/api/events', { ...as(staff), query: { start: '2031-13-01' } }), 400, 'start and end must be dates in YYYY-MM-DD form');
  });

  it('refuses a self-service login with 403 and a missing key with 401', async () => {
    expectError(await server.get('/api/events', as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.get('/api/events'), 401, 'Invalid API key');
  });
});

describe('GET /api/events/{id}', () => {
  it('answers 404 for an unknown event and for a non-numeric id', async () => {
    expectError(await server.get('/api/events/987654', as(staff)), 404, 'Event not found');
    expectError(await server.get('/api/events/abc', as(staff)), 404, 'Not found', { request: { method: 'GET', path: '/api/events/abc' } });
  });

  it('refuses a self-service login with 403 and a missing key with 401', async () => {
    const id = await newEvent();
    expectError(await server.get(`/api/events/${id}`, as(volunteer)), 403, 'This account may only use the volunteer and profile routes');
    expectError(await server.get(`/api/events/${id}`), 401, 'Invalid API key');
  });
});

describe('POST /api/events/{id}', () => {
  it('changes only the fields sent', async () => {
    const calendar = await newCalendar();
    const id = await newEvent({ Title: 'Before', Desc: 'Kept', PinnedCalendars: [calendar.Id] });
    const answer = await server.post(`/api/events/${id}`, { Title: 'After', End: '2026-05-03T12:00:00' }, as(planner));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
    const event = await readEvent(id);
    assert.equal(event.Title, 'After');
    assert.equal(event.Desc, 'Kept');
    assert.equal(event.Start, '2026-05-03 10:00:00');
    assert.equal(event.End, '2026-05-03 12:00:00');
    assert.deepEqual(event.PinnedCalendars, [calendar.Id]);
  });

  it('replaces the pins when PinnedCalendars is given, and clears them with []', async () => {
    const [first, second, third] = [await newCalendar(), await newCalendar(), await newCalendar()];
    const id = await newEvent({ PinnedCalendars: [first.Id, second.Id] });
    assert.equal((await server.post(`/api/events/${id}`, { PinnedCalendars: [third.Id] }, as(planner))).status, 200);
    assert.deepEqual((await readEvent(id)).PinnedCalendars, [third.Id]);
    assert.equal((await server.post(`/api/events/${id}`, { PinnedCalendars: [] }, as(planner))).status, 200);
    assert.deepEqual((await readEvent(id)).PinnedCalendars, []);
  });

  it('changes the type and the LinkedGroupId, and clears the link with 0', async () => {
    const [type, group] = [await newEventType(), await newGroup()];
    const id = await newEvent();
    assert.equal((await server.post(`/api/events/${id}`, { Type: type.Id, LinkedGroupId: group.Id }, as(planner))).status, 200);
    let event = await readEvent(id);
    assert.equal(event.Type, type.Id);
    assert.equal(event.LinkedGroupId, group.Id);
    assert.equal((await server.post(`/api/events/${id}`, { LinkedGroupId: 0 }, as(planner))).status, 200);
    event = await readEvent(id);
    assert.equal(event.LinkedGroupId, 0);
  });

  it('refuses an unknown pinned calendar with 400 and leaves the pins unchanged', async () => {
    const calendar = await newCalendar();
    const id = await newEvent({ PinnedCalendars: [calendar.Id] });
    expectError(await server.post(`/api/events/${id}`, { PinnedCalendars: [987654] }, as(planner)), 400, 'invalid calendar pinning');
    assert.deepEqual((await readEvent(id)).PinnedCalendars, [calendar.Id]);
  });

  it('refuses an unknown type, a bad date and an End before the stored Start with 400, changing nothing', async () => {
    const id = await newEvent({ Title: 'Unchanged' });
    expectError(await server.post(`/api/events/${id}`, { Title: 'Changed', Type: 987654 }, as(planner)), 400, 'invalid event type id');
    expectError(await server.post(`/api/events/${id}`, { Title: 'Changed', Start: '2026-13-01 10:00:00' }, as(planner)), 400, /Start/);
    expectError(await server.post(`/api/events/${id}`, { Title: 'Changed', End: '2026-05-03 09:00:00' }, as(planner)), 400, 'The event must end after it starts');
    const event = await readEvent(id);
    assert.equal(event.Title, 'Unchanged');
    assert.equal(event.End, '2026-05-03 11:30:00');
  });

  it('refuses an unknown MinistryId with 400 Unknown volunteer ministry', async () => {
    const id = await newEvent();
    expectError(await server.post(`/api/events/${id}`, { MinistryId: 3 }, as(planner)), 400, 'Unknown volunteer ministry');
  });

  it('answers 404 for an unknown event', async () => {
    expectError(await server.post('/api/events/987654', { Title: 'Ghost' }, as(planner)), 404, 'Event not found');
  });

  it('refuses a caller without AddEvents with 403 and a missing key with 401', async () => {
    const id = await newEvent({ Title: 'Kept title' });
    expectError(await server.post(`/api/events/${id}`, { Title: 'Taken over' }, as(staff)), 403, ADD_EVENTS_REFUSAL);
    expectError(await server.post(`/api/events/${id}`, { Title: 'Taken over' }), 401, 'Invalid API key');
    assert.equal((await readEvent(id)).Title, 'Kept title');
  });
});

describe('POST /api/events/{id}/status', () => {
  it('makes an event inactive and active again; InActive follows', async () => {
    const id = await newEvent();
    const answer = await server.post(`/api/events/${id}/status`, { active: false }, as(planner));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
    assert.equal((await readEvent(id)).InActive, true);
    assert.equal((await server.post(`/api/events/${id}/status`, { active: '1' }, as(planner))).status, 200);
    assert.equal((await readEvent(id)).InActive, false);
  });

  it('answers 404 for an unknown event', async () => {
    expectError(await server.post('/api/events/987654/status', { active: true }, as(planner)), 404, 'Event not found');
  });

  it('refuses a caller without AddEvents with 403 and a missing key with 401', async () => {
    const id = await newEvent();
    expectError(await server.post(`/api/events/${id}/status`, { active: false }, as(staff)), 403, ADD_EVENTS_REFUSAL);
    expectError(await server.post(`/api/events/${id}/status`, { active: false }), 401, 'Invalid API key');
    assert.equal((await readEvent(id)).InActive, false);
  });
});

describe('DELETE /api/events/{id}', () => {
  async function attend(eventId: number, checkoutAt: string | null = null) {
    const person = await newPerson(server);
    await checkIn(server, [{ eventId, personId: person.id, checkinAt: '2026-05-03 09:55:00', checkoutAt }]);
  }

  it('deletes the event with its pins, links and counts', async () => {
    const [calendar, group] = [await newCalendar(), await newGroup()];
    const id = await newEvent({ PinnedCalendars: [calendar.Id], LinkedGroupId: group.Id });
    assert.equal((await server.put(`/api/events/${id}/attendance-counts`, { counts: [{ name: 'Adults', count: 3 }] }, as(planner))).status, 200);
    const answer = await server.delete(`/api/events/${id}`, as(planner));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
    expectError(await server.get(`/api/events/${id}`, as(staff)), 404, 'Event not found');
    for (const table of ['calendar_events', 'event_audience', 'event_counts'] as const) assert.equal(await countRows(server, table, { event_id: id }), 0, table);
  });

  it('refuses with 409 naming how many people are checked in, and deletes nothing', async () => {
    const calendar = await newCalendar();
    const id = await newEvent({ PinnedCalendars: [calendar.Id] });
    await attend(id);
    await attend(id);
    await attend(id, '2026-05-03 11:00:00');
    expectError(await server.delete(`/api/events/${id}`, as(planner)), 409, 'Cannot delete event: 2 people are currently checked in.', { eventId: id });
    const event = await readEvent(id);
    assert.deepEqual(event.PinnedCalendars, [calendar.Id]);
  });

  it('deletes an event whose attendees have all checked out', async () => {
    const id = await newEvent();
    await attend(id, '2026-05-03 11:00:00');
    assert.equal((await server.delete(`/api/events/${id}`, as(planner))).status, 200);
    expectError(await server.get(`/api/events/${id}`, as(staff)), 404, 'Event not found');
  });

  it('refuses with 409 while a kiosk is assigned to the event, and deletes nothing', async () => {
    const id = await newEvent();
    await assignToKiosk(server, id, unique('Kiosk'));
    expectError(await server.delete(`/api/events/${id}`, as(planner)), 409, 'Cannot delete event: event is currently assigned to a kiosk.', { eventId: id });
    assert.equal((await readEvent(id)).Id, id);
  });

  it('answers 404 for an unknown event', async () => {
    expectError(await server.delete('/api/events/987654', as(planner)), 404, 'Event not found');
  });

  it('refuses a caller without AddEvents with 403 and a missing key with 401, deleting nothing', async () => {
    const id = await newEvent();
    expectError(await server.delete(`/api/events/${id}`, as(staff)), 403, ADD_EVENTS_REFUSAL);
    expectError(await server.delete(`/api/events/${id}`), 401, 'Invalid API key');
    assert.equal((await readEvent(id)).Id, id);
  });
});

describe('PUT /api/events/{id}/attendance-counts', () => {
  it('replaces the counts and answers {eventId, AttendanceCounts}; GET shows them', async () => {
    const id = await newEvent();
    const first = await server.put(`/api/events/${id}/attendance-counts`, {
      counts: [{ name: 'Adults', count: 40, notes: 'Full room' }, { name: 'Children', count: 12 }],
    }, as(planner));
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, {
      eventId: id,
      AttendanceCounts: [
        { id: 1, name: 'Adults', count: 40, notes: 'Full room' },
        { id: 2, name: 'Children', count: 12, notes: null },
      ],
    });
    const second = await server.put(`/api/events/${id}/attendance-counts`, { counts: [{ name: 'Everyone', count: 0 }] }, as(planner));
    assert.equal(second.status, 200);
    assert.deepEqual(second.body.AttendanceCounts.map((c: { name: string; count: number }) => [c.name, c.count]), [['Everyone', 0]]);
    assert.deepEqual((await readEvent(id)).AttendanceCounts, second.body.AttendanceCounts);
  });

  it('clears the counts with []', async () => {
    const id = await newEvent();
    await server.put(`/api/events/${id}/attendance-counts`, { counts: [{ name: 'Adults', count: 5 }] }, as(planner));
    const answer = await server.put(`/api/events/${id}/attendance-counts`, { counts: [] }, as(planner));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { eventId: id, AttendanceCounts: [] });
    assert.deepEqual((await readEvent(id)).AttendanceCounts, []);
  });

  for (const count of [-1, 2.5, '7']) {
    it(`refuses a count of ${JSON.stringify(count)} with 400 and keeps the stored counts`, async () => {
      const id = await newEvent();
      await server.put(`/api/events/${id}/attendance-counts`, { counts: [{ name: 'Adults', count: 5 }] }, as(planner));
      expectError(await server.put(`/api/events/${id}/attendance-counts`, { counts: [{ name: 'Adults', count }] }, as(planner)), 400, 'Each count must be a whole number of 0 or more');
      assert.deepEqual((await readEvent(id)).AttendanceCounts.map((c: { count: number }) => c.count), [5]);
    });
  }

  it('answers 404 for an unknown event', async () => {
    expectError(await server.put('/api/events/987654/attendance-counts', { counts: [] }, as(planner)), 404, 'Event not found');
  });

  it('refuses a caller without AddEvents with 403 and a missing key with 401', async () => {
    const id = await newEvent();
    expectError(await server.put(`/api/events/${id}/attendance-counts`, { counts: [{ name: 'Adults', count: 1 }] }, as(staff)), 403, ADD_EVENTS_REFUSAL);
    expectError(await server.put(`/api/events/${id}/attendance-counts`, { counts: [{ name: 'Adults', count: 1 }] }), 401, 'Invalid API key');
    assert.deepEqual((await readEvent(id)).AttendanceCounts, []);
  });
});

describe('POST /api/events/repeat', () => {
  it('creates a weekly series on the given weekday with its pins and link, answering {success, count, skipped, eventIds}', async () => {
    const [calendar, group] = [await newCalendar(), await newGroup()];
    const body = await repeatBody({ PinnedCalendars: [calendar.Id], LinkedGroupId: group.Id, Desc: 'Weekly' });
    const answer = await server.post('/api/events/repeat', body, as(planner));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.success, true);
    assert.equal(answer.body.count, 5);
    assert.equal(answer.body.skipped, 0);
    assert.equal(answer.body.eventIds.length, 5);
    const events = await Promise.all(answer.body.eventIds.map(readEvent));
    assert.deepEqual(events.map((event) => event.Start), ['03', '10', '17', '24', '31'].map((day) => `2027-01-${day} 09:00:00`));
    assert.deepEqual(events.map((event) => event.End), ['03', '10', '17', '24', '31'].map((day) => `2027-01-${day} 10:30:00`));
    for (const event of events) {
      assert.equal(event.Title, body.Title);
      assert.equal(event.Desc, 'Weekly');
      assert.equal(event.InActive, false);
      assert.deepEqual(event.PinnedCalendars, [calendar.Id]);
      assert.equal(event.LinkedGroupId, group.Id);
    }
  });

  it('lands a monthly day 31 on the last day of each shorter month', async () => {
    const body = await repeatBody({ RecurType: 'monthly', RecurDOW: undefined, RecurDOM: 31, RangeStart: '2027-01-01', RangeEnd: '2027-06-30' });
    const answer = await server.post('/api/events/repeat', body, as(planner));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const starts = await startsTitled(body.Title, '2027-01-01', '2027-07-01');
    assert.deepEqual(starts.map((start) => start.slice(0, 10)), ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30']);
  });

  it('creates a yearly series on RecurDOY', async () => {
    const body = await repeatBody({ RecurType: 'yearly', RecurDOW: undefined, RecurDOY: '12-25', RangeStart: '2027-01-01', RangeEnd: '2029-12-31' });
    const answer = await server.post('/api/events/repeat', body, as(planner));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.count, 3);
    assert.deepEqual(await startsTitled(body.Title, '2027-01-01', '2030-01-01'), ['2027-12-25 09:00:00', '2028-12-25 09:00:00', '2029-12-25 09:00:00']);
  });

  it('creates inactive events when Inactive is true', async () => {
    const answer = await server.post('/api/events/repeat', await repeatBody({ Inactive: true }), as(planner));
    assert.equal(answer.status, 200);
    for (const id of answer.body.eventIds) assert.equal((await readEvent(id)).InActive, true);
  });

  it('skips, with SkipExisting, the dates that already have an active event of the type', async () => {
    const [type, otherTypeOfDay] = [await newEventType(), await newEventType()];
    await newEvent({ Type: type.Id, Start: '2027-01-10 18:00:00', End: '2027-01-10 19:00:00' });
    await newEvent({ Type: type.Id, Start: '2027-01-17 18:00:00', End: '2027-01-17 19:00:00', InActive: true });
    await newEvent({ Type: otherTypeOfDay.Id, Start: '2027-01-24 18:00:00', End: '2027-01-24 19:00:00' });
    const body = await repeatBody({ Type: type.Id, SkipExisting: true });
    const answer = await server.post('/api/events/repeat', body, as(planner));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.count, 4);
    assert.equal(answer.body.skipped, 1);
    const starts = await startsTitled(body.Title, '2027-01-01', '2027-02-01');
    assert.deepEqual(starts.map((start) => start.slice(0, 10)), ['2027-01-03', '2027-01-17', '2027-01-24', '2027-01-31']);
  });

  it('creates every date without SkipExisting, even where an event of the type exists', async () => {
    const type = await newEventType();
    await newEvent({ Type: type.Id, Start: '2027-01-10 18:00:00', End: '2027-01-10 19:00:00' });
    const answer = await server.post('/api/events/repeat', await repeatBody({ Type: type.Id }), as(planner));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.count, 5);
    assert.equal(answer.body.skipped, 0);
  });

  it('accepts a series of exactly 366 events', async () => {
    const last = new Date(Date.UTC(2027, 0, 3 + 365 * 7)).toISOString().slice(0, 10);
    const answer = await server.post('/api/events/repeat', await repeatBody({ RangeStart: '2027-01-03', RangeEnd: last }), as(planner));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.count, 366);
  });

  it('pins a series of 366 events to 90 calendars (more pins than one statement may carry as parameters)', async () => {
    const calendarIds: number[] = [];
    for (let i = 0; i < 90; i++) calendarIds.push((await newCalendar()).Id);
    const last = new Date(Date.UTC(2027, 0, 3 + 365 * 7)).toISOString().slice(0, 10);
    const answer = await server.post('/api/events/repeat', await repeatBody({ RangeStart: '2027-01-03', RangeEnd: last, PinnedCalendars: calendarIds }), as(planner));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.count, 366);
    assert.equal(await countRows(server, 'calendar_events', { event_id: answer.body.eventIds }), 366 * 90);
    assert.deepEqual([...(await readEvent(answer.body.eventIds[365])).PinnedCalendars].sort((a, b) => a - b), calendarIds);
  });

  it('refuses a series of 367 events with 400 naming the cap of 366, writing nothing', async () => {
    const last = new Date(Date.UTC(2027, 0, 3 + 366 * 7)).toISOString().slice(0, 10);
    const before = await countRows(server, 'events');
    const answer = await server.post('/api/events/repeat', await repeatBody({ RangeStart: '2027-01-03', RangeEnd: last }), as(planner));
    expectError(answer, 400, /366/);
    assert.equal(await countRows(server, 'events'), before);
  });

  it('refuses a series with an unknown pinned calendar with 400, writing no event and no pin', async () => {
    const calendar = await newCalendar();
    const [events, pins] = [await countRows(server, 'events'), await countRows(server, 'calendar_events')];
    const answer = await server.post('/api/events/repeat', await repeatBody({ PinnedCalendars: [calendar.Id, 987654] }), as(planner));
    expectError(answer, 400, 'invalid calendar pinning');
    assert.equal(await countRows(server, 'events'), events);
    assert.equal(await countRows(server, 'calendar_events'), pins);
  });

  it('refuses an unknown LinkedGroupId and an unknown type with 400, writing nothing', async () => {
    const before = await countRows(server, 'events');
    expectError(await server.post('/api/events/repeat', await repeatBody({ LinkedGroupId: 987654 }), as(planner)), 400, 'The class does not exist');
    expectError(await server.post('/api/events/repeat', await repeatBody({ Type: 987654 }), as(planner)), 400, 'invalid event type id');
    assert.equal(await countRows(server, 'events'), before);
  });

  for (const field of ['Title', 'Type', 'StartTime', 'EndTime', 'RecurType', 'RangeStart', 'RangeEnd']) {
    it(`refuses a missing ${field} with 400 Missing required field: ${field}`, async () => {
      const body: Record<string, unknown> = await repeatBody();
      delete body[field];
      expectError(await server.post('/api/events/repeat', body, as(planner)), 400, `Missing required field: ${field}`);
    });
  }

  it('refuses a RangeEnd before the RangeStart with 400', async () => {
    const answer = await server.post('/api/events/repeat', await repeatBody({ RangeStart: '2027-02-01', RangeEnd: '2027-01-31' }), as(planner));
    expectError(answer, 400, 'RangeEnd must be on or after RangeStart');
  });

  it('refuses an unknown recurrence type such as daily with 400, writing nothing', async () => {
    const before = await countRows(server, 'events');
    expectError(await server.post('/api/events/repeat', await repeatBody({ RecurType: 'daily' }), as(planner)), 400, 'Unknown recurrence type: daily; use weekly, monthly or yearly');
    assert.equal(await countRows(server, 'events'), before);
  });

  for (const [field, value] of [['RangeStart', '2027-13-01'], ['RangeStart', '0000-01-01'], ['RangeEnd', '2027-02-30'], ['StartTime', '25:00'], ['EndTime', '10:60']] as const) {
    it(`refuses ${field} "${value}" with 400`, async () => {
      expectError(await server.post('/api/events/repeat', await repeatBody({ [field]: value }), as(planner)), 400, new RegExp(field));
    });
  }

  it('refuses a caller without AddEvents with 403 and a missing key with 401, writing nothing', async () => {
    const before = await countRows(server, 'events');
    expectError(await server.post('/api/events/repeat', await repeatBody(), as(staff)), 403, ADD_EVENTS_REFUSAL);
    expectError(await server.post('/api/events/repeat', await repeatBody()), 401, 'Invalid API key');
    assert.equal(await countRows(server, 'events'), before);
  });
});
