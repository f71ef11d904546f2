import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { describe, it } from 'node:test';
import { countRows, newMinistry, newUser, as, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
const planner = useUser(server, ['addEvents']);
const staff = useUser(server, ['finance']);
const volunteer = useUser(server);

const ADD_EVENTS_REFUSAL = 'User must be an Admin or have AddEvents permission';

function assertCanonical(body: any, status: number) {
  assert.equal(body.success, false);
  assert.equal(body.code, status);
  assert.equal(typeof body.message, 'string');
  assert.equal(body.error, body.message);
}

let sequence = 0;
async function newCalendar(fields: { Name?: string; ForegroundColor?: string; BackgroundColor?: string } = {}) {
  const answer = await server.post('/api/calendars', { Name: `Calendar ${++sequence}`, ForegroundColor: 'FFFFFF', BackgroundColor: '2E7D32', ...fields }, as(planner));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as { Id: number; Name: string; AccessToken: string | null; ForegroundColor: string; BackgroundColor: string; MinistryId: number | null };
}

const countCalendars = () => countRows(server, 'calendars');

/** A ministry's own calendar: every new ministry gets one. */
async function newMinistryCalendar(): Promise<{ calendarId: number; ministryId: number }> {
  const ministry = await newMinistry(server);
  return { calendarId: ministry.calendarId, ministryId: ministry.id };
}

async function otherTypeId(): Promise<number> {
  const types = await server.get('/api/events/types', as(planner));
  const other = types.body.find((type: { Name: string }) => type.Name === 'Other');
  assert.ok(other, 'the seeded event type Other');
  return other.Id;
}

async function newPinnedEvent(calendarIds: number[]): Promise<number> {
  const answer = await server.post('/api/events', {
    Title: `Pinned ${++sequence}`,
    Type: await otherTypeId(),
    Start: '2026-05-03 10:00:00',
    End: '2026-05-03 11:00:00',
    PinnedCalendars: calendarIds,
  }, as(planner));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.eventId;
}

describe('GET /api/calendars', () => {
  it('lists every calendar in the contract shape', async () => {
    const sunday = await newCalendar({ Name: 'Sunday Services', ForegroundColor: '000000', BackgroundColor: 'FFD54F' });
    const youth = await newCalendar({ Name: 'Youth' });
    const answer = await server.get('/api/calendars', as(staff));
    assert.equal(answer.status, 200);
    assert.ok(Array.isArray(answer.body));
    assert.deepEqual(answer.body.find((c: { Id: number }) => c.Id === sunday.Id), {
      Id: sunday.Id, Name: 'Sunday Services', AccessToken: null, ForegroundColor: '000000', BackgroundColor: 'FFD54F', MinistryId: null,
    });
    assert.ok(answer.body.some((c: { Id: number }) => c.Id === youth.Id));
  });

  it("shows the ministry of a ministry's own calendar in MinistryId", async () => {
    const { calendarId, ministryId } = await newMinistryCalendar();
    const list = await server.get('/api/calendars', as(staff));
    assert.equal(list.body.find((c: { Id: number }) => c.Id === calendarId).MinistryId, ministryId);
    const one = await server.get(`/api/calendars/${calendarId}`, as(staff));
    assert.equal(one.body[0].MinistryId, ministryId);
  });

  it('is open to any staff login, whatever its role', async () => {
    for (const roles of [['manageGroups'], ['editRecords'], ['manageMyMinistries']] as const) {
      const user = await newUser(server, { roles: [...roles] });
      assert.equal((await server.get('/api/calendars', { key: user.apiKey })).status, 200, roles[0]);
    }
  });

  it('refuses a self-service login with 403', async () => {
    const answer = await server.get('/api/calendars', as(volunteer));
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, 'This account may only use the volunteer and profile routes');
    assertCanonical(answer.body, 403);
  });

  it('refuses a request without a key with 401', async () => {
    const answer = await server.get('/api/calendars');
    assert.equal(answer.status, 401);
    assert.equal(answer.body.message, 'Invalid API key');
  });
});

describe('GET /api/calendars/{id}', () => {
  it('answers an array holding just that calendar', async () => {
    const calendar = await newCalendar({ Name: 'Choir', ForegroundColor: 'FFFFFF', BackgroundColor: '6A1B9A' });
    const answer = await server.get(`/api/calendars/${calendar.Id}`, as(staff));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, [{
      Id: calendar.Id, Name: 'Choir', AccessToken: null, ForegroundColor: 'FFFFFF', BackgroundColor: '6A1B9A', MinistryId: null,
    }]);
  });

  it('answers an unknown id with 404', async () => {
    const answer = await server.get('/api/calendars/987654', as(staff));
    assert.equal(answer.status, 404);
    assert.equal(answer.body.message, 'Calendar not found');
    assertCanonical(answer.body, 404);
  });

  it('answers an id too large for any row with 404, and a non-numeric id with 404', async () => {
    assert.equal((await server.get('/api/calendars/99999999999', as(staff))).status, 404);
    assert.equal((await server.get('/api/calendars/abc', as(staff))).status, 404);
  });

  it('refuses a self-service login with 403 and a request without a key with 401', async () => {
    const calendar = await newCalendar();
    assert.equal((await server.get(`/api/calendars/${calendar.Id}`, as(volunteer))).status, 403);
    assert.equal((await server.get(`/api/calendars/${calendar.Id}`)).status, 401);
  });
});

describe('POST /api/calendars', () => {
  it('creates a calendar with 200 and answers it with its new Id', async () => {
    const answer = await server.post('/api/calendars', { Name: 'Men\u2019s Breakfast', ForegroundColor: 'FFFFFF', BackgroundColor: 'C62828' }, as(planner));
    assert.equal(answer.status, 200);
    assert.equal(typeof answer.body.Id, 'number');
    assert.deepEqual(answer.body, {
      Id: answer.body.Id, Name: 'Men\u2019s Breakfast', AccessToken: null, ForegroundColor: 'FFFFFF', BackgroundColor: 'C62828', MinistryId: null,
    });
    const read = await server.get(`/api/calendars/${answer.body.Id}`, as(planner));
    assert.deepEqual(read.body, [answer.body]);
  });

  it('gives every new calendar its own Id', async () => {
    const one = await newCalendar();
    const two = await newCalendar();
    assert.notEqual(one.Id, two.Id);
  });

  it('is allowed to an administrator without the addEvents flag', async () => {
    const answer = await server.post('/api/calendars', { Name: 'Admin made', ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0' }, as(admin));
    assert.equal(answer.status, 200);
  });

  it('refuses a blank or missing Name with 400 and writes nothing', async () => {
    const before = await countCalendars();
    for (const body of [
      { Name: '', ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0' },
      { Name: '   ', ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0' },
      { ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0' },
    ]) {
      const answer = await server.post('/api/calendars', body, as(planner));
      assert.equal(answer.status, 400, JSON.stringify(body));
      assertCanonical(answer.body, 400);
      assert.match(answer.body.message, /Name/);
    }
    assert.equal(await countCalendars(), before);
  });

  it('refuses a Name longer than 99 characters with 400', async () => {
    const answer = await server.post('/api/calendars', { Name: 'x'.repeat(100), ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0' }, as(planner));
    assert.equal(answer.status, 400);
    assert.match(answer.body.message, /Name/);
  });

  it('refuses a colour that is not six hex digits with 400 and writes nothing', async () => {
    const before = await countCalendars();
    for (const colour of ['12345G', '12345', '1234567', 'red', '', 'FFFFFFFF']) {
      for (const field of ['ForegroundColor', 'BackgroundColor']) {
        const body = { Name: 'Bad colour', ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0', [field]: colour };
        const answer = await server.post('/api/calendars', body, as(planner));
        assert.equal(answer.status, 400, `${field} ${JSON.stringify(colour)}`);
        assert.equal(answer.body.message, colour.length > 7 ? `${field} must NOT have more than 7 characters` : 'Colours are six hex digits, for example 1565C0');
        assertCanonical(answer.body, 400);
      }
    }
    assert.equal(await countCalendars(), before);
  });

  it('refuses a login without addEvents with 403 and writes nothing', async () => {
    const before = await countCalendars();
    const answer = await server.post('/api/calendars', { Name: 'Nope', ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0' }, as(staff));
    assert.equal(answer.status, 403);
    assertCanonical(answer.body, 403);
    assert.equal(answer.body.message, ADD_EVENTS_REFUSAL);
    assert.equal((await server.post('/api/calendars', { Name: 'Nope', ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0' }, as(volunteer))).status, 403);
    assert.equal(await countCalendars(), before);
  });

  it('refuses a request without a key with 401', async () => {
    assert.equal((await server.post('/api/calendars', { Name: 'Nope', ForegroundColor: 'FFFFFF', BackgroundColor: '1565C0' })).status, 401);
  });
});

describe('DELETE /api/calendars/{id}', () => {
  it('deletes the calendar and answers {success:true}', async () => {
    const calendar = await newCalendar();
    const answer = await server.delete(`/api/calendars/${calendar.Id}`, as(planner));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true });
    assert.equal((await server.get(`/api/calendars/${calendar.Id}`, as(planner))).status, 404);
    const list = await server.get('/api/calendars', as(planner));
    assert.ok(!list.body.some((c: { Id: number }) => c.Id === calendar.Id));
  });

  it('answers an unknown id with 400 Not Found: Unknown calendar id', async () => {
    const answer = await server.delete('/api/calendars/987654', as(planner));
    assert.equal(answer.status, 400);
    assertCanonical(answer.body, 400);
    assert.equal(answer.body.message, 'Not Found: Unknown calendar id: 987654');
    for (const id of ['0', '99999999999']) {
      const edge = await server.delete(`/api/calendars/${id}`, as(planner));
      assert.equal(edge.status, 400, id);
      assert.equal(edge.body.message, `Not Found: Unknown calendar id: ${id}`);
    }
  });

  it('answers a second delete of the same calendar with 400', async () => {
    const calendar = await newCalendar();
    assert.equal((await server.delete(`/api/calendars/${calendar.Id}`, as(planner))).status, 200);
    const again = await server.delete(`/api/calendars/${calendar.Id}`, as(planner));
    assert.equal(again.status, 400);
    assert.equal(again.body.message, `Not Found: Unknown calendar id: ${calendar.Id}`);
  });

  it('removes the pins to the calendar but keeps the events and their other pins', async () => {
    const doomed = await newCalendar();
    const kept = await newCalendar();
    const eventId = await newPinnedEvent([doomed.Id, kept.Id]);
    const pins = async () => {
      const event = await server.get(`/api/events/${eventId}`, as(planner));
      assert.equal(event.status, 200);
      return [...event.body.PinnedCalendars].sort((a: number, b: number) => a - b);
    };
    assert.deepEqual(await pins(), [doomed.Id, kept.Id].sort((a, b) => a - b));

    assert.equal((await server.delete(`/api/calendars/${doomed.Id}`, as(planner))).status, 200);

    assert.deepEqual(await pins(), [kept.Id]);
  });

  it('keeps an event whose only calendar is deleted', async () => {
    const calendar = await newCalendar();
    const eventId = await newPinnedEvent([calendar.Id]);
    assert.equal((await server.delete(`/api/calendars/${calendar.Id}`, as(planner))).status, 200);
    const event = await server.get(`/api/events/${eventId}`, as(planner));
    assert.equal(event.status, 200);
    assert.equal(event.body.Id, eventId);
    assert.deepEqual(event.body.PinnedCalendars, []);
    const listed = await server.get('/api/events', as(planner));
    assert.ok(listed.body.Events.some((e: { Id: number }) => e.Id === eventId));
  });

  it('refuses a login without addEvents with 403 and keeps the calendar', async () => {
    const calendar = await newCalendar();
    const answer = await server.delete(`/api/calendars/${calendar.Id}`, as(staff));
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, ADD_EVENTS_REFUSAL);
    assert.equal((await server.delete(`/api/calendars/${calendar.Id}`, as(volunteer))).status, 403);
    assert.equal((await server.get(`/api/calendars/${calendar.Id}`, as(staff))).status, 200);
  });

  it('refuses a request without a key with 401', async () => {
    const calendar = await newCalendar();
    assert.equal((await server.delete(`/api/calendars/${calendar.Id}`)).status, 401);
    assert.equal((await server.get(`/api/calendars/${calendar.Id}`, as(staff))).status, 200);
  });
});

describe('POST /api/calendars/{id}/NewAccessToken', () => {
  it('answers the calendar with a new random token of 64 hex characters, and stores it', async () => {
    const calendar = await newCalendar({ Name: 'Public feed' });
    const answer = await server.post(`/api/calendars/${calendar.Id}/NewAccessToken`, undefined, as(planner));
    assert.equal(answer.status, 200);
    assert.match(answer.body.AccessToken, /^[0-9a-f]{64}$/);
    assert.deepEqual(answer.body, { ...calendar, AccessToken: answer.body.AccessToken });
    const read = await server.get(`/api/calendars/${calendar.Id}`, as(staff));
    assert.equal(read.body[0].AccessToken, answer.body.AccessToken);
  });

  it('gives a different token each time, unique across calendars', async () => {
    const one = await newCalendar();
    const two = await newCalendar();
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      for (const calendar of [one, two]) {
        const answer = await server.post(`/api/calendars/${calendar.Id}/NewAccessToken`, {}, as(planner));
        assert.equal(answer.status, 200);
        tokens.add(answer.body.AccessToken);
      }
    }
    assert.equal(tokens.size, 6);
  });

  it('draws again when the new token is already another calendar\'s', async (t) => {
    const holder = await newCalendar();
    const taken = (await server.post(`/api/calendars/${holder.Id}/NewAccessToken`, {}, as(planner))).body.AccessToken as string;
    const calendar = await newCalendar();
    // Force the collision a 256-bit random token never meets in practice: the first draw repeats the holder's token.
    const draw = crypto.randomBytes;
    let draws = 0;
    t.mock.method(crypto, 'randomBytes', (size: number) => (size === 32 && draws++ === 0 ? Buffer.from(taken, 'hex') : draw(size)));
    syncBuiltinESMExports();
    try {
      const answer = await server.post(`/api/calendars/${calendar.Id}/NewAccessToken`, {}, as(planner));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.ok(draws >= 2, 'the service drew a token more than once');
      assert.match(answer.body.AccessToken, /^[0-9a-f]{64}$/);
      assert.notEqual(answer.body.AccessToken, taken);
    } finally {
      t.mock.restoreAll();
      syncBuiltinESMExports();
    }
    assert.equal((await server.get(`/api/calendars/${holder.Id}`, as(staff))).body[0].AccessToken, taken);
  });

  it('answers an unknown calendar with 404', async () => {
    const answer = await server.post('/api/calendars/987654/NewAccessToken', {}, as(planner));
    assert.equal(answer.status, 404);
    assert.equal(answer.body.message, 'Calendar not found');
    assertCanonical(answer.body, 404);
  });

  it('refuses a login without addEvents with 403 and leaves the token alone', async () => {
    const calendar = await newCalendar();
    const answer = await server.post(`/api/calendars/${calendar.Id}/NewAccessToken`, {}, as(staff));
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, ADD_EVENTS_REFUSAL);
    assert.equal((await server.post(`/api/calendars/${calendar.Id}/NewAccessToken`, {}, as(volunteer))).status, 403);
    assert.equal((await server.post(`/api/calendars/${calendar.Id}/NewAccessToken`, {})).status, 401);
    assert.equal((await server.get(`/api/calendars/${calendar.Id}`, as(staff))).body[0].AccessToken, null);
  });
});

describe('DELETE /api/calendars/{id}/AccessToken', () => {
  it('clears the token and answers the calendar with AccessToken null', async () => {
    const calendar = await newCalendar();
    const minted = await server.post(`/api/calendars/${calendar.Id}/NewAccessToken`, {}, as(planner));
    assert.match(minted.body.AccessToken, /^[0-9a-f]{64}$/);
    const answer = await server.delete(`/api/calendars/${calendar.Id}/AccessToken`, as(planner));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { ...calendar, AccessToken: null });
    assert.equal((await server.get(`/api/calendars/${calendar.Id}`, as(staff))).body[0].AccessToken, null);
  });

  it('answers an unknown calendar with 404', async () => {
    const answer = await server.delete('/api/calendars/987654/AccessToken', as(planner));
    assert.equal(answer.status, 404);
    assert.equal(answer.body.message, 'Calendar not found');
    assertCanonical(answer.body, 404);
  });

  it('refuses a login without addEvents with 403 and keeps the token', async () => {
    const calendar = await newCalendar();
    const minted = await server.post(`/api/calendars/${calendar.Id}/NewAccessToken`, {}, as(planner));
    const answer = await server.delete(`/api/calendars/${calendar.Id}/AccessToken`, as(staff));
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, ADD_EVENTS_REFUSAL);
    assert.equal((await server.delete(`/api/calendars/${calendar.Id}/AccessToken`, as(volunteer))).status, 403);
    assert.equal((await server.delete(`/api/calendars/${calendar.Id}/AccessToken`)).status, 401);
    assert.equal((await server.get(`/api/calendars/${calendar.Id}`, as(staff))).body[0].AccessToken, minted.body.AccessToken);
  });
});

describe('/admin/api/member-portal/calendars', () => {
  type Entry = { type: 'calendar' | 'system'; id: number; name: string; colors: { background: string; foreground: string }; ministryId: number | null; visible: boolean };
  const portal = async (): Promise<Entry[]> => {
    const answer = await server.get('/admin/api/member-portal/calendars', as(admin));
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.keys(answer.body), ['calendars']);
    return answer.body.calendars;
  };
  const find = (entries: Entry[], type: Entry['type'], id: number) => entries.find((e) => e.type === type && e.id === id);
  const visibleRefs = (entries: Entry[]) => entries.filter((e) => e.visible).map((e) => `${e.type}:${e.id}`).sort();

  it('lists every church calendar and the system calendars, none shared at first', async () => {
    const calendar = await newCalendar({ Name: 'Missions', ForegroundColor: '111111', BackgroundColor: 'AABBCC' });
    const entries = await portal();
    assert.deepEqual(find(entries, 'calendar', calendar.Id), {
      type: 'calendar', id: calendar.Id, name: 'Missions', colors: { background: 'AABBCC', foreground: '111111' }, ministryId: null, visible: false,
    });
    const system = entries.filter((e) => e.type === 'system');
    assert.ok(system.length > 0, 'system calendars are listed');
    for (const entry of system) {
      assert.deepEqual(Object.keys(entry).sort(), ['colors', 'id', 'ministryId', 'name', 'type', 'visible']);
      assert.equal(typeof entry.name, 'string');
      assert.match(entry.colors.background, /^[0-9A-Fa-f]{6}$/);
      assert.match(entry.colors.foreground, /^[0-9A-Fa-f]{6}$/);
    }
    assert.deepEqual(visibleRefs(entries), []);
    assert.equal((await server.get(`/api/calendars/${calendar.Id}`, as(staff))).status, 200);
  });

  it("shows the ministry of a ministry's own calendar in ministryId", async () => {
    const { calendarId, ministryId } = await newMinistryCalendar();
    assert.equal(find(await portal(), 'calendar', calendarId)?.ministryId, ministryId);
  });

  it('shares the calendars sent, answers {success:true, calendars}, and stores the choice in aPortalCalendars', async () => {
    const shown = await newCalendar();
    const hidden = await newCalendar();
    const systemId = (await portal()).find((e) => e.type === 'system')!.id;
    const answer = await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: shown.Id }, { type: 'system', id: systemId }] }, as(admin));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.success, true);
    assert.equal(find(answer.body.calendars, 'calendar', shown.Id)?.visible, true);
    assert.equal(find(answer.body.calendars, 'calendar', hidden.Id)?.visible, false);
    assert.equal(find(answer.body.calendars, 'system', systemId)?.visible, true);
    assert.deepEqual(visibleRefs(answer.body.calendars), [`calendar:${shown.Id}`, `system:${systemId}`].sort());

    assert.deepEqual(visibleRefs(await portal()), [`calendar:${shown.Id}`, `system:${systemId}`].sort());
    const setting = await server.get('/admin/api/system/config/aPortalCalendars', as(admin));
    assert.equal(setting.status, 200);
    const stored = JSON.stringify(JSON.parse(setting.body.value));
    assert.ok(stored.includes(JSON.stringify({ type: 'calendar', id: shown.Id })), stored);
    assert.ok(stored.includes(JSON.stringify({ type: 'system', id: systemId })), stored);
    assert.ok(!stored.includes(JSON.stringify({ type: 'calendar', id: hidden.Id })), stored);
  });

  it('replaces the earlier choice, and an empty list shares nothing', async () => {
    const first = await newCalendar();
    const second = await newCalendar();
    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: first.Id }] }, as(admin));
    const replaced = await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: second.Id }] }, as(admin));
    assert.equal(replaced.status, 200);
    assert.deepEqual(visibleRefs(await portal()), [`calendar:${second.Id}`]);
    const emptied = await server.post('/admin/api/member-portal/calendars', { visible: [] }, as(admin));
    assert.equal(emptied.status, 200);
    assert.deepEqual(visibleRefs(await portal()), []);
  });

  it('refuses visible that is not a list with 400 and changes nothing', async () => {
    const calendar = await newCalendar();
    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: calendar.Id }] }, as(admin));
    const before = visibleRefs(await portal());
    for (const body of [{}, { visible: null }, { visible: 'calendar' }, { visible: { type: 'calendar', id: calendar.Id } }, { visible: 5 }]) {
      const answer = await server.post('/admin/api/member-portal/calendars', body, as(admin));
      assert.equal(answer.status, 400, JSON.stringify(body));
      assertCanonical(answer.body, 400);
      assert.equal(answer.body.message, 'Send the calendars to show as a list.');
    }
    assert.deepEqual(visibleRefs(await portal()), before);
  });

  it('refuses an entry naming no calendar with 400 and changes nothing', async () => {
    const calendar = await newCalendar();
    const deleted = await newCalendar();
    await server.delete(`/api/calendars/${deleted.Id}`, as(planner));
    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: calendar.Id }] }, as(admin));
    const before = visibleRefs(await portal());
    assert.deepEqual(before, [`calendar:${calendar.Id}`]);
    const other = await newCalendar();
    for (const entry of [
      { type: 'calendar', id: 987654 },
      { type: 'calendar', id: deleted.Id },
      { type: 'system', id: 987654 },
      { type: 'ministry', id: calendar.Id },
      { id: calendar.Id },
      { type: 'calendar' },
      'calendar',
      null,
    ]) {
      const answer = await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: other.Id }, entry] }, as(admin));
      assert.equal(answer.status, 400, JSON.stringify(entry));
      assert.equal(answer.body.message, 'Each calendar to show must name an existing calendar: {type: "calendar" or "system", id}');
      assertCanonical(answer.body, 400);
    }
    assert.deepEqual(visibleRefs(await portal()), before);
  });

  it('stops listing a deleted calendar', async () => {
    const calendar = await newCalendar();
    await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: calendar.Id }] }, as(admin));
    await server.delete(`/api/calendars/${calendar.Id}`, as(planner));
    assert.equal(find(await portal(), 'calendar', calendar.Id), undefined);
  });

  it('is refused to a non-administrator with 403 User must be an Admin, and without a key with 401', async () => {
    const calendar = await newCalendar();
    const before = visibleRefs(await portal());
    for (const user of [planner, staff, volunteer]) {
      const read = await server.get('/admin/api/member-portal/calendars', { key: user.apiKey });
      assert.equal(read.status, 403);
      assert.equal(read.body.message, 'User must be an Admin');
      const write = await server.post('/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: calendar.Id }] }, { key: user.apiKey });
      assert.equal(write.status, 403);
      assert.equal(write.body.message, 'User must be an Admin');
    }
    assert.equal((await server.get('/admin/api/member-portal/calendars')).status, 401);
    assert.equal((await server.post('/admin/api/member-portal/calendars', { visible: [] })).status, 401);
    assert.deepEqual(visibleRefs(await portal()), before);
  });
});
