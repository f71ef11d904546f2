import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ICAL from 'ical.js';
import {
  newAdmin, newAssignment, newEvents, newMinistry, newPosition, newStaffedEvent, newUser, otherEventTypeId, qualify, startTestServer, as, setUp, useProcessTimeZone, useServer, useUser,
} from '../kit/index.js';

// The feeds must speak the church's zone whatever the server's own is: this file runs far from both.
useProcessTimeZone('Asia/Tokyo');

const server = useServer();
const admin = useUser(server, ['admin']);
let typeId: number;
let choir: { Id: number; AccessToken: string };
let youth: { Id: number; AccessToken: string };

const setting = (name: string, value: string) => server.post(`/admin/api/system/config/${name}`, { value }, as(admin));

async function newCalendar(name: string) {
  const created = (await server.post('/api/calendars', { Name: name }, as(admin))).body;
  return (await server.post(`/api/calendars/${created.Id}/NewAccessToken`, undefined, as(admin))).body;
}

async function newEvent(title: string, start: string, end: string, calendarId: number) {
  return (await server.post('/api/events', { Title: title, Type: typeId, Start: start, End: end, PinnedCalendars: [calendarId], Desc: '<b>Bring</b> music' }, as(admin))).body.eventId;
}

setUp(async () => {
  typeId = await otherEventTypeId(server, admin.apiKey);
  choir = await newCalendar('Choir');
  youth = await newCalendar('Youth');
  await newEvent('Rehearsal', '2026-03-10 19:00:00', '2026-03-10 21:00:00', choir.Id);
  await newEvent('Concert', '2026-07-04 18:00:00', '2026-07-04 20:00:00', choir.Id);
  await newEvent('Youth night', '2026-03-11 19:00:00', '2026-03-11 21:00:00', youth.Id);
  await setting('bEnableExternalCalendarAPI', '1');
  // The feeds share the public form limit; it has a test of its own, on a server of its own.
  await setting('iPublicFormRateLimitPerMinute', '0');
});

describe('GET /api/public/data/countries', () => {
  it('lists the ISO countries with English names, alphabetically, without a key', async () => {
    const answer = await server.get('/api/public/data/countries/');
    assert.equal(answer.status, 200);
    assert.ok(answer.body.length > 250, `${answer.body.length} entries`);
    assert.deepEqual(answer.body.find((c: { code: string }) => c.code === 'XK'), { name: 'Kosovo', code: 'XK' });
    assert.deepEqual(answer.body.find((c: { code: string }) => c.code === 'US'), { name: 'United States', code: 'US' });
    const names = answer.body.map((c: { name: string }) => c.name);
    assert.deepEqual(names, [...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
  });

  it('answers the subdivisions of a country in either case, {} for one without, 404 for anything else', async () => {
    const us = await server.get('/api/public/data/countries/us/states');
    assert.equal(us.status, 200);
    assert.equal(us.body.AL, 'Alabama');
    assert.equal(us.body.NY, 'New York');
    assert.deepEqual((await server.get('/api/public/data/countries/US/states/')).body, us.body);
    assert.deepEqual((await server.get('/api/public/data/countries/AQ/states')).body, {});
    const kosovo = await server.get('/api/public/data/countries/xk/states');
    assert.equal(kosovo.status, 200);
    assert.deepEqual(kosovo.body, {});
    for (const bad of ['u', 'usa', 'u1', 'u.', 'ZZ', '..%2F..']) {
      const answer = await server.get(`/api/public/data/countries/${bad}/states`);
      assert.equal(answer.status, 404, bad);
      assert.equal(answer.body.message, 'Unknown country code');
      assert.equal(answer.body.success, false);
    }
  });
});

describe('public calendar by token', () => {
  it('serves only the events of the token\'s calendar, with overlap semantics', async () => {
    const all = await server.get(`/api/public/calendar/${choir.AccessToken}/events`);
    assert.equal(all.status, 200);
    assert.deepEqual(all.body.map((e: { Title: string }) => e.Title), ['Rehearsal', 'Concert']);
    const march = await server.get(`/api/public/calendar/${choir.AccessToken}/events`, { query: { start: '2026-03-10T20:00:00', end: '2026-04-01' } });
    assert.deepEqual(march.body.map((e: { Title: string }) => e.Title), ['Rehearsal'], 'an event still running at start is kept');
    const untilMarch = await server.get(`/api/public/calendar/${choir.AccessToken}/events`, { query: { end: '2026-03-10' } });
    assert.deepEqual(untilMarch.body, []);
  });

  it('answers 404 in the canonical shape for a token that tries to leave its path', async () => {
    for (const token of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E']) {
      const answer = await server.get(`/api/public/calendar/${token}/events`);
      assert.equal(answer.status, 404, token);
      assert.equal(answer.body.message, token === '%2E%2E' ? 'Not found' : 'Calendar access token not found');
      assert.equal(answer.body.success, false);
    }
  });

  it('answers 400 for a blank token, 404 for an unknown one, 403 while the external API is off', async () => {
    const blank = await server.get('/api/public/calendar/%20/events');
    assert.equal(blank.status, 400);
    assert.equal(blank.body.message, 'Missing calendar access token');
    const unknown = await server.get(`/api/public/calendar/${'f'.repeat(64)}/events`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, 'Calendar access token not found');
    await setting('bEnableExternalCalendarAPI', '0');
    try {
      const off = await server.get(`/api/public/calendar/${choir.AccessToken}/ics`);
      assert.equal(off.status, 403);
      assert.equal(off.body.message, 'External Calendar API is disabled');
    } finally {
      await setting('bEnableExternalCalendarAPI', '1');
    }
  });

  it('serves iCalendar that a parser reads, with the right headers and wall-clock times', async () => {
    const answer = await server.get(`/api/public/calendar/${choir.AccessToken}/ics`);
    assert.equal(answer.status, 200);
    assert.match(String(answer.headers['content-type']), /^text\/calendar; charset=utf-8/);
    assert.equal(answer.headers['content-disposition'], 'attachment; filename=calendar.ics');
    const calendar = new ICAL.Component(ICAL.parse(answer.text));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    assert.deepEqual(events.map((e) => e.summary), ['Rehearsal', 'Concert']);
    // 19:00 in New York on 10 March 2026 (daylight time) is 23:00 UTC.
    assert.equal(events[0].startDate.toJSDate().toISOString(), '2026-03-10T23:00:00.000Z');
    assert.equal(events[0].description, 'Bring music');
  });

  it('serves FullCalendar objects with the zone offset and no HTML in the description', async () => {
    const answer = await server.get(`/api/public/calendar/${choir.AccessToken}/fullcalendar`, { query: { start: '2026-03-01T00:00:00', end: '2026-03-31T00:00:00' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.length, 1);
    assert.equal(answer.body[0].title, 'Rehearsal');
    assert.equal(answer.body[0].start, '2026-03-10T19:00:00-04:00');
    assert.equal(answer.body[0].allDay, false);
    assert.equal(answer.body[0].extendedProps.description, 'Bring music');
  });

  it('leaves no markup in a FullCalendar description, however the HTML tries to smuggle it', async () => {
    const hostile = await newCalendar('Hostile');
    await server.post('/api/events', {
      Title: 'Hostile', Type: typeId, Start: '2026-03-12 19:00:00', End: '2026-03-12 20:00:00', PinnedCalendars: [hostile.Id],
      Desc: '<p>Hi</p><img src=x onerror="alert(\'>\')"><<img src=x onerror=alert(1)>img src=y onerror=alert(2)>',
    }, as(admin));
    const answer = await server.get(`/api/public/calendar/${hostile.AccessToken}/fullcalendar`, { query: { start: '2026-03-01', end: '2026-03-31' } });
    assert.equal(answer.status, 200);
    const description: string = answer.body[0].extendedProps.description;
    assert.ok(description.startsWith('Hi'), description);
    assert.doesNotMatch(description, /[<>]/);
  });
});

describe('the public iCalendar feed under load', () => {
  const summaries = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);

  it('lists only its window: three months back to eighteen months ahead', async () => {
    const windowed = await newCalendar('Windowed');
    await newEvent('Long ago', '2025-10-01 10:00:00', '2025-10-01 11:00:00', windowed.Id);
    await newEvent('Soon', '2026-04-01 10:00:00', '2026-04-01 11:00:00', windowed.Id);
    await newEvent('Far ahead', '2028-06-01 10:00:00', '2028-06-01 11:00:00', windowed.Id);
    assert.deepEqual(summaries((await server.get(`/api/public/calendar/${windowed.AccessToken}/ics`)).text), ['Soon']);
  });

  it('serves a cached feed until an event of the calendar is edited, added or unpinned', async () => {
    const cached = await newCalendar('Cached');
    const eventId = await newEvent('First title', '2026-04-02 10:00:00', '2026-04-02 11:00:00', cached.Id);
    const path = `/api/public/calendar/${cached.AccessToken}/ics`;
    const first = (await server.get(path)).text;
    assert.equal((await server.get(path)).text, first, 'the same text while nothing changed');
    const edited = await server.post(`/api/events/${eventId}`, { Title: 'Second title' }, as(admin));
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual(summaries((await server.get(path)).text), ['Second title']);
    await newEvent('Added', '2026-04-03 10:00:00', '2026-04-03 11:00:00', cached.Id);
    assert.deepEqual(summaries((await server.get(path)).text), ['Second title', 'Added']);
    assert.equal((await server.delete(`/api/events/${eventId}`, as(admin))).status, 200);
    assert.deepEqual(summaries((await server.get(path)).text), ['Added']);
  });

  it('lists at most 2,000 events, the soonest of its window', async () => {
    const crowded = await newCalendar('Crowded');
    // Made in bulk: 2,001 services through the API would be the slowest part of the suite.
    const slots = Array.from({ length: 2001 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 3, 1) + Math.floor(i / 8) * 86_400_000).toISOString().slice(0, 10);
      const hour = String(8 + (i % 8)).padStart(2, '0');
      return { start: `${day} ${hour}:00:00`, end: `${day} ${hour}:30:00` };
    });
    await newEvents(server, 'Service 1', typeId, slots.slice(0, 1), [crowded.Id]);
    await newEvents(server, 'Service', typeId, slots.slice(1, 2000), [crowded.Id]);
    await newEvents(server, 'Service 2001', typeId, slots.slice(2000), [crowded.Id]);
    const listed = summaries((await server.get(`/api/public/calendar/${crowded.AccessToken}/ics`)).text);
    assert.equal(listed.length, 2000);
    assert.equal(listed[0], 'Service 1');
    assert.ok(!listed.includes('Service 2001'), 'the latest service is the one left out');
  });

  it('limits each feed to iPublicFormRateLimitPerMinute requests a minute per client', async () => {
    const limited = await startTestServer();
    try {
      const limitedAdmin = await newAdmin(limited);
      await limited.post('/admin/api/system/config/bEnableExternalCalendarAPI', { value: '1' }, { key: limitedAdmin.apiKey });
      await limited.post('/admin/api/system/config/iPublicFormRateLimitPerMinute', { value: '2' }, { key: limitedAdmin.apiKey });
      const created = (await limited.post('/api/calendars', { Name: 'Limited' }, { key: limitedAdmin.apiKey })).body;
      const token = (await limited.post(`/api/calendars/${created.Id}/NewAccessToken`, undefined, { key: limitedAdmin.apiKey })).body.AccessToken;
      for (const feed of ['ics', 'fullcalendar', 'events']) {
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await limited.get(`/api/public/calendar/${token}/${feed}`)).status);
        assert.deepEqual(statuses, [200, 200, 429], feed);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('the member calendar feed', () => {
  it('mints an address on the first save, serves the chosen shared calendars, and a reset retires the old address', async () => {
    const member = await newUser(server);
    assert.deepEqual((await server.get('/api/users/current/calendar-feed', as(member))).body, { calendarIds: [], systemCalendarIds: [], token: null, path: null });
    const refused = await server.put('/api/users/current/calendar-feed', { calendarIds: [choir.Id] }, as(member));
    assert.equal(refused.status, 400, 'the administrator shares nothing yet');
    assert.equal(refused.body.message, 'Choose only calendars the church shares with members');

    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: choir.Id }] }, as(admin));
    const saved = await server.put('/api/users/current/calendar-feed', { calendarIds: [choir.Id] }, as(member));
    assert.equal(saved.status, 200);
    assert.match(saved.body.token, /^[0-9a-f]{64}$/);
    assert.equal(saved.body.path, `/api/public/portal-calendar/${saved.body.token}/calendar.ics`);

    const feed = await server.get(saved.body.path);
    assert.equal(feed.status, 200);
    assert.equal(feed.headers['content-disposition'], 'inline; filename="calendar.ics"');
    assert.equal(feed.headers['cache-control'], 'private, no-cache');
    const summaries = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);
    assert.deepEqual(summaries, ['Rehearsal', 'Concert']);

    const reset = await server.post('/api/users/current/calendar-feed/reset', undefined, as(member));
    assert.notEqual(reset.body.token, saved.body.token);
    assert.equal((await server.get(saved.body.path)).status, 404);
    assert.equal((await server.get(reset.body.path)).status, 200);
  });

  it('writes both feeds in the church\'s wall-clock time with its zone and the zone\'s rules', async () => {
    const member = await newUser(server);
    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: choir.Id }] }, as(admin));
    const memberFeed = (await server.put('/api/users/current/calendar-feed', { calendarIds: [choir.Id] }, as(member))).body.path;
    await setting('sTimeZone', 'America/Chicago');
    try {
      for (const path of [`/api/public/calendar/${choir.AccessToken}/ics`, memberFeed]) {
        const text = (await server.get(path)).text;
        assert.match(text, /BEGIN:VTIMEZONE\r\nTZID:America\/Chicago\r\n/, path);
        assert.match(text, /DTSTART;TZID=America\/Chicago:20260310T190000\r\n/, path);
        assert.match(text, /DTEND;TZID=America\/Chicago:20260310T210000\r\n/, path);
        const rehearsal = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)).find((e) => e.summary === 'Rehearsal')!;
        // 19:00 in Chicago on 10 March 2026 (daylight time since the 8th) is 00:00 UTC the next day.
        assert.equal(rehearsal.startDate.toJSDate().toISOString(), '2026-03-11T00:00:00.000Z');
      }
    } finally {
      await setting('sTimeZone', 'America/New_York');
    }
  });

  it('stamps every event of every feed in UTC, as RFC 5545 §3.8.7.2 asks, whatever the church\'s zone', async () => {
    const member = await newUser(server);
    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: choir.Id }] }, as(admin));
    const memberFeed = (await server.put('/api/users/current/calendar-feed', { calendarIds: [choir.Id] }, as(member))).body.path;
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    await qualify(server, position.id, member.personId);
    const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 1 }], { date: '2026-03-15' });
    await newAssignment(server, occurrenceId, position.id, member.personId);
    const scheduleFeed = new URL((await server.get('/api/users/current/schedule-feed', as(member))).body.url).pathname;
    await setting('sTimeZone', 'America/Chicago');
    try {
      for (const path of [`/api/public/calendar/${choir.AccessToken}/ics`, memberFeed, scheduleFeed]) {
        const answer = await server.get(path);
        assert.equal(answer.status, 200, path);
        const events = new ICAL.Component(ICAL.parse(answer.text)).getAllSubcomponents('vevent');
        assert.ok(events.length > 0, path);
        for (const event of events) {
          const stamp = event.getFirstPropertyValue('dtstamp') as ICAL.Time;
          assert.equal(stamp.zone, ICAL.Timezone.utcTimezone, path);
          // The service's clock stands at 2026-03-04 15:00 UTC.
          assert.equal(stamp.toJSDate().toISOString(), '2026-03-04T15:00:00.000Z', path);
        }
        assert.deepEqual(answer.text.match(/^DTSTAMP\b.*$/gm), events.map(() => 'DTSTAMP:20260304T150000Z'), path);
      }
    } finally {
      await setting('sTimeZone', 'America/New_York');
    }
  });

  it('leaves out a chosen calendar once the administrator stops sharing it', async () => {
    const member = await newUser(server);
    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: choir.Id }, { type: 'calendar', id: youth.Id }] }, as(admin));
    const saved = (await server.put('/api/users/current/calendar-feed', { calendarIds: [choir.Id, youth.Id] }, as(member))).body;
    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: youth.Id }] }, as(admin));
    const summaries = new ICAL.Component(ICAL.parse((await server.get(saved.path)).text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);
    assert.deepEqual(summaries, ['Youth night']);
  });

  it('answers a bare 404 for an unknown address', async () => {
    const answer = await server.get(`/api/public/portal-calendar/${'a'.repeat(64)}/calendar.ics`);
    assert.equal(answer.status, 404);
    assert.equal(answer.body.message, 'Not found');
    assert.doesNotMatch(JSON.stringify(answer.body), /user|account/i);
  });

  it('answers the same bare 404 while the member is marked inactive or deceased, and serves again once cleared', async () => {
    const member = await newUser(server);
    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: choir.Id }] }, as(admin));
    const { path } = (await server.put('/api/users/current/calendar-feed', { calendarIds: [choir.Id] }, as(member))).body;
    const unknown = await server.get(`/api/public/portal-calendar/${'a'.repeat(64)}/calendar.ics`);
    const mark = async (fields: Record<string, unknown>) => assert.equal((await server.post(`/api/person/${member.personId}`, fields, as(admin))).status, 200);
    for (const [marked, cleared] of [[{ inactive: true }, { inactive: false }], [{ deceasedDate: '2026-03-01' }, { deceasedDate: '' }]]) {
      await mark(marked);
      const refused = await server.get(path);
      assert.equal(refused.status, 404, JSON.stringify(marked));
      assert.deepEqual(refused.body, unknown.body);
      await mark(cleared);
      assert.equal((await server.get(path)).status, 200, JSON.stringify(cleared));
    }
  });
});

describe('GET /api/users/current/calendars (ours, issue 37 #9)', () => {
  it('lists to any login only the calendars the administrator shares with members, without their tokens', async () => {
    const member = await newUser(server);
    await server.post('/admin/api/member-portal/calendars', { visible: [] }, as(admin));
    assert.deepEqual((await server.get('/api/users/current/calendars', as(member))).body, { calendars: [] });

    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: choir.Id }, { type: 'system', id: 0 }] }, as(admin));
    const answer = await server.get('/api/users/current/calendars', as(member));
    assert.equal(answer.status, 200);
    // Youth is a church calendar the administrator did not share: it stays off the list.
    assert.deepEqual(answer.body, {
      calendars: [
        { type: 'calendar', id: choir.Id, name: 'Choir', colors: { background: answer.body.calendars[0].colors.background, foreground: answer.body.calendars[0].colors.foreground } },
        { type: 'system', id: 0, name: 'Birthdays', colors: { background: '6A1B9A', foreground: 'FFFFFF' } },
      ],
    });
    assert.ok(!JSON.stringify(answer.body).includes(choir.AccessToken), 'no access token');
    assert.equal((await server.get('/api/users/current/calendars')).status, 401);
  });
});
