import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newUser, as, expectError, useServer, useUser, unique, newMinistry, newCoordinator, retireGroup, useOtherEventType, setSetting } from '../kit/index.js';
import type { ClassLookupView, EventSeriesLookupView, EventTypeLookupView, UpcomingEventLookupView } from '../../src/http/schemas/ministry-events.schemas.js';

// The test clock stands at 2026-03-04 10:00 in the church's time zone.
const server = useServer();
const admin = useUser(server, ['admin']);
const otherType = useOtherEventType(server);

const V = '/api/ministries';

async function newGroup(body: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const name = unique('Group');
  const answer = await server.post('/api/groups/', { groupName: name, ...body }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return { id: answer.body.Id, name };
}

async function newEventType(body: Record<string, unknown> = {}): Promise<number> {
  const answer = await server.post('/api/events/types', { name: unique('Type'), ...body }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.Id;
}

/** An event through E2 (one or a weekly series), owned by the ministry. */
async function newEvents(ministryId: number, body: Record<string, unknown>): Promise<Array<{ id: number; title: string; start: string }>> {
  const answer = await server.post(`${V}/ministries/${ministryId}/events`, { eventTypeId: otherType.id, startTime: '09:00', endTime: '10:00', ...body }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.events;
}

async function newEvent(ministryId: number, date: string, body: Record<string, unknown> = {}) {
  return (await newEvents(ministryId, { title: unique('Event'), date, ...body }))[0];
}

async function deactivate(ministryId: number, eventId: number) {
  const answer = await server.post(`${V}/ministries/${ministryId}/events/${eventId}`, { active: false }, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

describe('GET /api/ministries/event-types', () => {
  const read = async () => {
    const answer = await server.get(`${V}/event-types`, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as EventTypeLookupView;
  };

  it('lists the active types by name and defaults to Other', async () => {
    const retired = await newEventType({ active: false });
    const answer = await read();
    const names = answer.eventTypes.map((t) => t.name);
    assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    assert.ok(answer.eventTypes.some((t) => t.id === otherType.id && t.name === 'Other'));
    assert.ok(!answer.eventTypes.some((t) => t.id === retired));
    assert.equal(answer.defaultEventTypeId, otherType.id);
  });

  it('defaults to the type named by iVolunteerDefaultEventTypeId while it is active', async () => {
    const chosen = await newEventType();
    const retired = await newEventType({ active: false });
    try {
      await setSetting(server, admin, 'iVolunteerDefaultEventTypeId', String(chosen));
      assert.equal((await read()).defaultEventTypeId, chosen);
      await setSetting(server, admin, 'iVolunteerDefaultEventTypeId', String(retired));
      assert.equal((await read()).defaultEventTypeId, otherType.id);
      await setSetting(server, admin, 'iVolunteerDefaultEventTypeId', '999999');
      assert.equal((await read()).defaultEventTypeId, otherType.id);
    } finally {
      await setSetting(server, admin, 'iVolunteerDefaultEventTypeId', '');
    }
  });

  it('answers null when there is no configured type and no active Other', async () => {
    const updateOther = async (body: Record<string, unknown>) =>
      assert.equal((await server.post(`/api/events/types/${otherType.id}`, body, as(admin))).status, 200);
    try {
      await updateOther({ name: 'Miscellaneous' });
      assert.equal((await read()).defaultEventTypeId, null);
      await updateOther({ name: 'Other', active: false });
      assert.equal((await read()).defaultEventTypeId, null);
    } finally {
      await updateOther({ name: 'Other', active: true });
    }
    assert.equal((await read()).defaultEventTypeId, otherType.id);
  });

  it('refuses a login without coordinator access with 403', async () => {
    const member = await newUser(server);
    assert.equal((await server.get(`${V}/event-types`, as(member))).status, 403);
  });
});

describe('GET /api/ministries/event-series', () => {
  const read = async (query: Record<string, string>) => {
    const answer = await server.get(`${V}/event-series`, { ...as(admin), query });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return (answer.body as EventSeriesLookupView).series;
  };

  it("gives one row per title of the ministry's upcoming active events, ignoring case", async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const choir = unique('Choir');
    await newEvents(ministry.id, { title: choir, recurrence: { type: 'weekly', dow: 'thursday' }, rangeStart: '2026-03-01', rangeEnd: '2026-03-31' });
    await newEvent(ministry.id, '2026-04-02', { title: choir.toUpperCase() });
    const inactive = await newEvent(ministry.id, '2026-04-09', { title: choir });
    await deactivate(ministry.id, inactive.id);
    const band = await newEvent(ministry.id, '2026-05-01', { title: unique('Band') });
    await newEvent(other.id, '2026-03-20', { title: choir });
    const series = await read({ ministryId: String(ministry.id) });
    // Thursdays from today: 5, 12, 19 and 26 March, plus 2 April spelt in capitals.
    assert.equal(series.length, 2);
    const choirRow = series.find((s) => s.title.toLowerCase() === choir.toLowerCase())!;
    assert.equal(choirRow.count, 5);
    assert.match(choirRow.nextStart, /^2026-03-05/);
    const bandRow = series.find((s) => s.title === band.title)!;
    assert.equal(bandRow.count, 1);
    assert.match(bandRow.nextStart, /^2026-05-01/);
  });

  it('leaves out events before today, or before from', async () => {
    const ministry = await newMinistry(server);
    const title = unique('Study');
    await newEvent(ministry.id, '2026-03-01', { title });
    await newEvent(ministry.id, '2026-03-10', { title });
    await newEvent(ministry.id, '2026-04-10', { title });
    assert.deepEqual((await read({ ministryId: String(ministry.id) })).map((s) => s.count), [2]);
    const fromApril = await read({ ministryId: String(ministry.id), from: '2026-04-01' });
    assert.deepEqual(fromApril.map((s) => s.count), [1]);
    assert.match(fromApril[0].nextStart, /^2026-04-10/);
  });

  it('filters by event type', async () => {
    const ministry = await newMinistry(server);
    const typeId = await newEventType();
    const title = unique('Retreat');
    await newEvent(ministry.id, '2026-06-01', { title, eventTypeId: typeId });
    await newEvent(ministry.id, '2026-06-02', { title: unique('Other kind') });
    const series = await read({ eventTypeId: String(typeId) });
    assert.deepEqual(series.map((s) => [s.title, s.count]), [[title, 1]]);
  });

  it('refuses a request without eventTypeId or ministryId with 400', async () => {
    expectError(await server.get(`${V}/event-series`, as(admin)), 400, 'Choose an event type or a ministry');
    expectError(await server.get(`${V}/event-series`, { ...as(admin), query: { from: '2026-04-01' } }), 400, 'Choose an event type or a ministry');
  });

  it('refuses a bad from with 400', async () => {
    const ministry = await newMinistry(server);
    for (const from of ['2026-04-31', '2026-04-01T00:00:00.000Z']) {
      expectError(await server.get(`${V}/event-series`, { ...as(admin), query: { ministryId: String(ministry.id), from } }), 400, 'Dates must be in YYYY-MM-DD form');
    }
  });
});

describe('GET /api/ministries/classes', () => {
  const read = async (query: Record<string, string> = {}) => {
    const answer = await server.get(`${V}/classes`, { ...as(admin), query });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return (answer.body as ClassLookupView).classes;
  };

  it('lists active Sunday School classes, with or without upcoming events', async () => {
    const ministry = await newMinistry(server);
    const quiet = await newGroup({ isSundaySchool: true });
    const busy = await newGroup({ isSundaySchool: true });
    const closed = await newGroup({ isSundaySchool: true });
    await retireGroup(server, closed.id);
    await newEvent(ministry.id, '2026-03-15', { linkedGroupId: busy.id });
    await newEvent(ministry.id, '2026-03-22', { linkedGroupId: busy.id });
    await newEvent(ministry.id, '2026-03-01', { linkedGroupId: busy.id });
    const classes = await read();
    assert.deepEqual(classes.find((c) => c.groupId === quiet.id), { groupId: quiet.id, name: quiet.name, sundaySchool: true, upcomingCount: 0, nextStart: null });
    const listed = classes.find((c) => c.groupId === busy.id)!;
    assert.equal(listed.upcomingCount, 2);
    assert.match(listed.nextStart!, /^2026-03-15/);
    assert.ok(!classes.some((c) => c.groupId === closed.id));
  });

  it('adds any group with upcoming linked events', async () => {
    const ministry = await newMinistry(server);
    const linked = await newGroup();
    const pastOnly = await newGroup();
    const unlinked = await newGroup();
    const inactiveOnly = await newGroup();
    await newEvent(ministry.id, '2026-04-01', { linkedGroupId: linked.id });
    await newEvent(ministry.id, '2026-02-01', { linkedGroupId: pastOnly.id });
    const off = await newEvent(ministry.id, '2026-04-01', { linkedGroupId: inactiveOnly.id });
    await deactivate(ministry.id, off.id);
    const classes = await read();
    const listed = classes.find((c) => c.groupId === linked.id);
    assert.ok(listed, 'the linked group is listed');
    assert.equal(listed.sundaySchool, false);
    assert.equal(listed.upcomingCount, 1);
    for (const group of [pastOnly, unlinked, inactiveOnly]) assert.ok(!classes.some((c) => c.groupId === group.id), group.name);
  });

  it('counts upcoming events from from', async () => {
    const ministry = await newMinistry(server);
    const group = await newGroup();
    await newEvent(ministry.id, '2026-03-10', { linkedGroupId: group.id });
    await newEvent(ministry.id, '2026-05-10', { linkedGroupId: group.id });
    const listed = (await read({ from: '2026-04-01' })).find((c) => c.groupId === group.id)!;
    assert.equal(listed.upcomingCount, 1);
    assert.match(listed.nextStart!, /^2026-05-10/);
  });

  it('refuses a bad date with 400', async () => {
    for (const from of ['2026-02-31', '2026-03-04T00:00:00.000Z']) {
      expectError(await server.get(`${V}/classes`, { ...as(admin), query: { from } }), 400, 'Dates must be in YYYY-MM-DD form');
    }
  });
});

describe('GET /api/ministries/upcoming-events', () => {
  const read = async (query: Record<string, string>, options: { key?: string } = as(admin)) => {
    const answer = await server.get(`${V}/upcoming-events`, { ...options, query });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return (answer.body as UpcomingEventLookupView).events;
  };

  it('lists future active events soonest first', async () => {
    const ministry = await newMinistry(server);
    const word = unique('Vespers');
    const later = await newEvent(ministry.id, '2026-04-10', { title: `${word} late` });
    const sooner = await newEvent(ministry.id, '2026-03-10', { title: `${word} soon` });
    await newEvent(ministry.id, '2026-03-01', { title: `${word} past` });
    const off = await newEvent(ministry.id, '2026-03-20', { title: `${word} off` });
    await deactivate(ministry.id, off.id);
    const events = await read({ q: word });
    assert.deepEqual(events.map((e) => e.id), [sooner.id, later.id]);
    assert.deepEqual(events[0], {
      id: sooner.id, title: sooner.title, start: sooner.start, end: events[0].end, eventTypeId: otherType.id, eventTypeName: 'Other', staffedByTeam: false,
    });
  });

  it('answers at most 50 events', async () => {
    const ministry = await newMinistry(server);
    const title = unique('Weekly prayer');
    const created = await newEvents(ministry.id, { title, recurrence: { type: 'weekly', dow: 'monday' }, rangeStart: '2026-03-05', rangeEnd: '2027-06-30' });
    assert.ok(created.length > 50);
    const events = await read({ q: title });
    assert.equal(events.length, 50);
    assert.deepEqual(events.map((e) => e.id), created.slice(0, 50).map((e) => e.id));
  });

  it('matches q literally as a substring', async () => {
    const ministry = await newMinistry(server);
    const tag = unique('Lit');
    const percent = await newEvent(ministry.id, '2026-03-10', { title: `${tag} 100% Fun` });
    await newEvent(ministry.id, '2026-03-10', { title: `${tag} 1000 Fun` });
    const underscore = await newEvent(ministry.id, '2026-03-10', { title: `${tag} a_b` });
    await newEvent(ministry.id, '2026-03-10', { title: `${tag} axb` });
    const slash = await newEvent(ministry.id, '2026-03-10', { title: `${tag} c\\d` });
    assert.deepEqual((await read({ q: `${tag} 100%` })).map((e) => e.id), [percent.id]);
    assert.deepEqual((await read({ q: `${tag} a_b` })).map((e) => e.id), [underscore.id]);
    assert.deepEqual((await read({ q: `${tag} c\\d` })).map((e) => e.id), [slash.id]);
    assert.deepEqual(await read({ q: `${tag} %` }), []);
  });

  it('keeps to the from and to window and moves a past from to today', async () => {
    const ministry = await newMinistry(server);
    const word = unique('Window');
    const march = await newEvent(ministry.id, '2026-03-10', { title: word });
    const april = await newEvent(ministry.id, '2026-04-10', { title: word });
    await newEvent(ministry.id, '2026-02-10', { title: word });
    assert.deepEqual((await read({ q: word, from: '2026-04-01' })).map((e) => e.id), [april.id]);
    assert.deepEqual((await read({ q: word, to: '2026-03-31' })).map((e) => e.id), [march.id]);
    assert.deepEqual((await read({ q: word, from: '2026-01-01' })).map((e) => e.id), [march.id, april.id]);
  });

  it('refuses a bad date or a window that ends before it starts with 400', async () => {
    const url = `${V}/upcoming-events`;
    expectError(await server.get(url, { ...as(admin), query: { from: '03/10/2026' } }), 400, 'Dates must be in YYYY-MM-DD form');
    expectError(await server.get(url, { ...as(admin), query: { to: '2026-02-29' } }), 400, 'Dates must be in YYYY-MM-DD form');
    expectError(await server.get(url, { ...as(admin), query: { to: '2026-03-31T23:59:59.000Z' } }), 400, 'Dates must be in YYYY-MM-DD form');
    expectError(await server.get(url, { ...as(admin), query: { from: '2026-05-01', to: '2026-04-01' } }), 400, 'The window ends before it starts');
  });

  it('marks the events the team staffs and refuses a team the caller does not manage with 403', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const word = unique('Staffed');
    const staffed = await newEvent(ministry.id, '2026-03-12', { title: word });
    const free = await newEvent(ministry.id, '2026-03-13', { title: word });
    const answer = await server.post(`${V}/ministries/${ministry.id}/staffed-events`, { eventId: staffed.id, teamId: ministry.teamId }, as(admin));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const coordinator = await newCoordinator(server, ministry.id);
    const events = await read({ q: word, teamId: String(ministry.teamId) }, as(coordinator));
    assert.deepEqual(events.map((e) => [e.id, e.staffedByTeam]), [[staffed.id, true], [free.id, false]]);
    expectError(await server.get(`${V}/upcoming-events`, { ...as(coordinator), query: { teamId: String(other.teamId) } }), 403, 'Not authorized for this team');
  });
});
