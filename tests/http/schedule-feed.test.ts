import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ICAL from 'ical.js';
import {
  as, expectError, newAssignment, newMinistry, newPosition, newStaffedEvent, newUser, qualify, setUp, useProcessTimeZone, useServer, useUser, type TestUser,
} from '../kit/index.js';

/**
 * The volunteer's schedule feed (ours, issue 17). The clock stands at 2026-03-04 15:00 UTC; the feed reaches from
 * 30 days back to the eight-week horizon (2026-04-29). The server runs in a zone of neither church.
 */
useProcessTimeZone('Asia/Tokyo');

const server = useServer();
const admin = useUser(server, ['admin']);
const setting = (name: string, value: string) => server.post(`/admin/api/system/config/${name}`, { value }, as(admin));

setUp(async () => {
  await setting('iPublicFormRateLimitPerMinute', '0');
});

/** The feed's address as a path this server answers. */
async function feedPathOf(user: TestUser): Promise<string> {
  const answer = await server.get('/api/users/current/schedule-feed', as(user));
  assert.equal(answer.status, 200, answer.text);
  return new URL(answer.body.url).pathname;
}

async function eventsOf(path: string) {
  const answer = await server.get(path);
  assert.equal(answer.status, 200, answer.text);
  return new ICAL.Component(ICAL.parse(answer.text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

/** A volunteer qualified for one position of a new ministry, and a way to schedule them on a day. */
async function volunteerWithPosition(positionName = 'Usher') {
  const ministry = await newMinistry(server, { name: `Hospitality ${Math.random().toString(36).slice(2, 8)}` });
  const position = await newPosition(server, ministry.id, ministry.teamId, { name: positionName });
  const volunteer = await newUser(server);
  await qualify(server, position.id, volunteer.personId);
  const serve = async (date: string, person = volunteer) => {
    const staffed = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 1, maxCount: 3 }], { date, title: `Service on ${date}` });
    const assignment = await newAssignment(server, staffed.occurrenceId, position.id, person.personId);
    return { ...staffed, assignmentId: assignment.id };
  };
  return { ministry, position, volunteer, serve };
}

describe('managing my schedule feed (/api/users/current/schedule-feed)', () => {
  it('answers 401 without a key', async () => {
    expectError(await server.get('/api/users/current/schedule-feed'), 401, 'Invalid API key');
    expectError(await server.post('/api/users/current/schedule-feed/reset'), 401, 'Invalid API key');
  });

  it('makes the feed on the first ask and shows its address only then', async () => {
    const volunteer = await newUser(server);
    const first = await server.get('/api/users/current/schedule-feed', as(volunteer));
    assert.equal(first.body.hasFeed, true);
    assert.match(first.body.url, /^http:\/\/[^/]+\/api\/public\/my-schedule\/[0-9a-f]{64}\/schedule\.ics$/);
    assert.deepEqual((await server.get('/api/users/current/schedule-feed', as(volunteer))).body, { url: null, hasFeed: true });
    assert.equal((await server.get(new URL(first.body.url).pathname)).status, 200, 'the address shown once keeps working');
  });

  it('answers the address under sServiceURL when the church set it', async () => {
    const volunteer = await newUser(server);
    await setting('sServiceURL', 'https://serve.example.org/');
    try {
      const { url } = (await server.get('/api/users/current/schedule-feed', as(volunteer))).body;
      assert.match(url, /^https:\/\/serve\.example\.org\/api\/public\/my-schedule\/[0-9a-f]{64}\/schedule\.ics$/);
    } finally {
      await setting('sServiceURL', '');
    }
  });

  it('replaces the address on reset: the old one answers 404, the new one my schedule', async () => {
    const { volunteer, serve } = await volunteerWithPosition();
    await serve('2026-03-10');
    const old = await feedPathOf(volunteer);
    const reset = await server.post('/api/users/current/schedule-feed/reset', undefined, as(volunteer));
    assert.equal(reset.status, 200, reset.text);
    assert.equal(reset.body.hasFeed, true);
    const current = new URL(reset.body.url).pathname;
    assert.notEqual(current, old);
    expectError(await server.get(old), 404, 'This schedule feed does not exist; it may have been replaced by a new address');
    assert.equal((await eventsOf(current)).length, 1);
  });

  it('answers 404 for an address that never existed', async () => {
    expectError(await server.get(`/api/public/my-schedule/${'a'.repeat(64)}/schedule.ics`), 404, 'This schedule feed does not exist; it may have been replaced by a new address');
    expectError(await server.get('/api/public/my-schedule/not-a-token/schedule.ics'), 404, 'This schedule feed does not exist; it may have been replaced by a new address');
  });
});

describe('GET /api/public/my-schedule/{token}/schedule.ics', () => {
  it('lists my assignments from 30 days back to the horizon with their status, leaving out cancelled ones', async () => {
    const { ministry, volunteer, serve } = await volunteerWithPosition('Greeter');
    const accepted = await serve('2026-03-10');
    const pending = await serve('2026-03-12');
    const declined = await serve('2026-03-14');
    const cancelled = await serve('2026-03-16');
    const cancelledOccurrence = await serve('2026-03-18');
    const beyondHorizon = await serve('2026-06-10');
    const now = server.clock.now().toISOString();
    server.clock.set('2026-02-19T15:00:00Z');
    const served = await serve('2026-02-20').finally(() => server.clock.set(now));
    assert.equal((await server.post(`/api/me/assignments/${accepted.assignmentId}/respond`, { response: 'accepted' }, as(volunteer))).status, 200);
    assert.equal((await server.post(`/api/me/assignments/${declined.assignmentId}/respond`, { response: 'declined' }, as(volunteer))).status, 200);
    assert.equal((await server.post(`/api/ministries/assignments/${cancelled.assignmentId}/status`, { status: 'cancelled' }, as(admin))).status, 200);
    assert.equal((await server.post(`/api/ministries/occurrences/${cancelledOccurrence.occurrenceId}/status`, { status: 'cancelled' }, as(admin))).status, 200);

    // The timer job that marks ended shifts served.
    await server.app.services.assignments.completeEnded();

    const events = await eventsOf(await feedPathOf(volunteer));
    const team = `${ministry.name} (`;
    assert.deepEqual(events.map((e) => [e.uid, e.component.getFirstPropertyValue('status')]), [
      [`assignment-${served.assignmentId}`, 'CONFIRMED'],
      [`assignment-${accepted.assignmentId}`, 'CONFIRMED'],
      [`assignment-${pending.assignmentId}`, 'TENTATIVE'],
      [`assignment-${declined.assignmentId}`, 'CANCELLED'],
    ]);
    assert.ok(!events.some((e) => e.uid === `assignment-${beyondHorizon.assignmentId}`), 'past the horizon');
    assert.ok(events.every((e) => e.summary.startsWith(`Greeter · ${team}`)), events.map((e) => e.summary).join(', '));
    assert.deepEqual(events.map((e) => e.summary.slice(e.summary.indexOf(')') + 1)), ['', '', ' (waiting for your answer)', ' (declined)']);
    assert.equal(events[1].description.split('\n')[0], 'Service on 2026-03-10');
    assert.equal(events[3].component.getFirstPropertyValue('transp'), 'TRANSPARENT', 'a declined shift does not block my time');
  });

  it('answers as for an unknown address while the person is marked inactive or deceased, as their keys stop', async () => {
    const { volunteer, serve } = await volunteerWithPosition();
    await serve('2026-03-10');
    const path = await feedPathOf(volunteer);
    const mark = async (fields: Record<string, unknown>) => assert.equal((await server.post(`/api/person/${volunteer.personId}`, fields, as(admin))).status, 200);
    for (const [marked, cleared] of [[{ inactive: true }, { inactive: false }], [{ deceasedDate: '2026-03-01' }, { deceasedDate: '' }]]) {
      await mark(marked);
      expectError(await server.get(path), 404, 'This schedule feed does not exist; it may have been replaced by a new address');
      expectError(await server.get('/api/users/current', as(volunteer)), 401, 'Invalid API key');
      await mark(cleared);
      assert.equal((await eventsOf(path)).length, 1, JSON.stringify(cleared));
    }
  });

  it('keeps each assignment under the same UID from one fetch to the next', async () => {
    const { volunteer, serve } = await volunteerWithPosition();
    const { assignmentId } = await serve('2026-03-11');
    const path = await feedPathOf(volunteer);
    const before = await eventsOf(path);
    await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'accepted' }, as(volunteer));
    const after = await eventsOf(path);
    assert.deepEqual(after.map((e) => e.uid), before.map((e) => e.uid));
    assert.equal(after[0].component.getFirstPropertyValue('status'), 'CONFIRMED');
  });

  it("writes the shift's times (the schedule's offsets applied) in the church's zone, with its VTIMEZONE", async () => {
    const { volunteer, serve } = await volunteerWithPosition();
    const { scheduleId } = await serve('2026-03-10');
    const changed = await server.post(`/api/ministries/schedules/${scheduleId}`, { startOffsetMinutes: -30, endOffsetMinutes: 15 }, as(admin));
    assert.equal(changed.status, 200, changed.text);
    const path = await feedPathOf(volunteer);
    await setting('sTimeZone', 'America/Chicago');
    try {
      const answer = await server.get(path);
      assert.match(String(answer.headers['content-type']), /^text\/calendar; charset=utf-8/);
      assert.match(answer.text, /BEGIN:VTIMEZONE\r\nTZID:America\/Chicago\r\n/);
      assert.match(answer.text, /DTSTART;TZID=America\/Chicago:20260310T083000\r\n/);
      assert.match(answer.text, /DTEND;TZID=America\/Chicago:20260310T101500\r\n/);
      const [shift] = await eventsOf(path);
      // 08:30 in Chicago on 10 March 2026 (daylight time since the 8th) is 13:30 UTC.
      assert.equal(shift.startDate.toJSDate().toISOString(), '2026-03-10T13:30:00.000Z');
    } finally {
      await setting('sTimeZone', 'America/New_York');
    }
  });

  it("links each shift to the web app's schedule page once sServiceURL is set", async () => {
    const { volunteer, serve } = await volunteerWithPosition();
    await serve('2026-03-10');
    const path = await feedPathOf(volunteer);
    assert.equal((await eventsOf(path))[0].component.getFirstPropertyValue('url'), null);
    await setting('sServiceURL', 'https://serve.example.org');
    try {
      assert.equal((await eventsOf(path))[0].component.getFirstPropertyValue('url'), 'https://serve.example.org/');
    } finally {
      await setting('sServiceURL', '');
    }
  });

  it("shows each volunteer only their own assignments", async () => {
    const { position, volunteer, serve } = await volunteerWithPosition();
    const other = await newUser(server);
    await qualify(server, position.id, other.personId);
    const mine = await serve('2026-03-10');
    const theirs = await serve('2026-03-10', other);
    assert.deepEqual((await eventsOf(await feedPathOf(volunteer))).map((e) => e.uid), [`assignment-${mine.assignmentId}`]);
    assert.deepEqual((await eventsOf(await feedPathOf(other))).map((e) => e.uid), [`assignment-${theirs.assignmentId}`]);
  });

  it('limits requests to iPublicFormRateLimitPerMinute a minute per client', async () => {
    const volunteer = await newUser(server);
    const path = await feedPathOf(volunteer);
    await setting('iPublicFormRateLimitPerMinute', '2');
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await server.get(path)).status);
      assert.deepEqual(statuses, [200, 200, 429]);
    } finally {
      await setting('iPublicFormRateLimitPerMinute', '0');
    }
  });
});
