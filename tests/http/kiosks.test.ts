import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KIOSK_PERSON_REFUSAL } from '../../src/domain/access/attendance.policies.js';
import { QR_REFUSALS } from '../../src/domain/attendance/kiosks.service.js';
import type { CheckInCardView } from '../../src/http/schemas/attendance.schemas.js';
import type { KioskPersonView, KioskView } from '../../src/http/schemas/kiosks.schemas.js';
import {
  as, assignVolunteer, atTime, countRows, expectError, newMinistry, newPerson, newPosition, newStaffedEvent, useServer, useUser, type TestUser,
} from '../kit/index.js';

// The test clock stands at 2026-03-04 10:00 in the church's time zone.
const server = useServer();
const admin = useUser(server, ['admin']);
const planner = useUser(server, ['addEvents']);

const KEY_REFUSAL = 'This kiosk is not registered, or was revoked. Ask an administrator for a new kiosk key.';
const kiosk = (key: string | undefined): { headers: Record<string, string> } => ({ headers: key === undefined ? {} : { 'x-kiosk-key': key } });
const screen = (key?: string) => server.get('/api/public/kiosk', kiosk(key));
const kioskCheckIn = (key: string, body: unknown) => server.request('POST', '/api/public/kiosk/check-ins', { ...kiosk(key), body });
const kioskCheckOut = (key: string, body: unknown) => server.request('POST', '/api/public/kiosk/check-outs', { ...kiosk(key), body });

/**
 * An event with two volunteers serving at it, and a kiosk registered for it. By default it starts at 10:30 today, so
 * the check-in window (60 minutes before the start to 30 after) is open at the test clock's 10:00.
 */
async function kioskAtEvent(when: { date: string; startTime: string; endTime: string } = { date: '2026-03-04', startTime: '10:30', endTime: '11:30' }) {
  const ministry = await newMinistry(server);
  const position = await newPosition(server, ministry.id, ministry.teamId);
  const staffed = await newStaffedEvent(server, { id: ministry.id, teamId: ministry.teamId }, [{ positionId: position.id, minCount: 2 }], when);
  const first = await assignVolunteer(server, staffed.occurrenceId, position.id, 'accepted');
  const second = await assignVolunteer(server, staffed.occurrenceId, position.id, 'accepted');
  const answer = await server.post('/api/kiosks', { name: 'Front door', eventId: staffed.eventId }, as(admin));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return { ...staffed, first: first.volunteer, second: second.volunteer, firstAssignment: first.assignmentId, secondAssignment: second.assignmentId, kiosk: answer.body.kiosk as KioskView, key: answer.body.kioskKey as string };
}

/** The text of the QR code My schedule shows the volunteer for their assignment. */
async function qrOf(volunteer: TestUser, assignmentId: number): Promise<string> {
  const card = await server.get(`/api/me/assignments/${assignmentId}/check-in`, as(volunteer));
  assert.equal(card.status, 200, JSON.stringify(card.body));
  return (card.body as CheckInCardView).qr;
}

describe('Kiosks: registered by an administrator', () => {
  it('registers a kiosk for an event, shows its key once, lists it, and refuses anyone but an administrator', async () => {
    const { kiosk: registered, key, eventId } = await kioskAtEvent();
    assert.equal(registered.name, 'Front door');
    assert.equal(registered.eventId, eventId);
    assert.match(key, /^\S{20,}$/);
    const list = await server.get('/api/kiosks', as(admin));
    assert.equal(list.status, 200);
    const listed = (list.body.kiosks as KioskView[]).find((k) => k.id === registered.id)!;
    assert.deepEqual(listed, registered);
    assert.equal(JSON.stringify(list.body).includes(key), false, 'the key is never shown again');
    expectError(await server.post('/api/kiosks', { name: 'Side door' }, as(planner)), 403, 'User must be an Admin');
    expectError(await server.get('/api/kiosks', as(planner)), 403, 'User must be an Admin');
  });

  it('refuses a blank name, one over 50 characters and an unknown event, registering nothing', async () => {
    const before = await countRows(server, 'kiosk_devices');
    expectError(await server.post('/api/kiosks', { name: '  ' }, as(admin)), 400, 'A kiosk needs a name of at most 50 characters');
    expectError(await server.post('/api/kiosks', { name: 'x'.repeat(51) }, as(admin)), 400, 'A kiosk needs a name of at most 50 characters');
    expectError(await server.post('/api/kiosks', { name: 'Lobby', eventId: 987654 }, as(admin)), 404, 'Event not found');
    assert.equal(await countRows(server, 'kiosk_devices'), before);
  });

  it('holds its event against deletion until it is moved off it or revoked; a revoked key stops working at once', async () => {
    const { kiosk: registered, key, eventId } = await kioskAtEvent();
    expectError(await server.delete(`/api/events/${eventId}`, as(planner)), 409, 'Cannot delete event: event is currently assigned to a kiosk.', { eventId });
    const moved = await server.post(`/api/kiosks/${registered.id}/event`, { eventId: null }, as(admin));
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.kiosk.eventId, null);
    expectError(await screen(key), 409, 'This kiosk is not assigned to an event. Ask an administrator to assign one.');
    assert.equal((await server.post(`/api/kiosks/${registered.id}/event`, { eventId }, as(admin))).status, 200);
    const revoked = await server.delete(`/api/kiosks/${registered.id}`, as(admin));
    assert.deepEqual(revoked.body, { success: true });
    expectError(await screen(key), 401, KEY_REFUSAL);
    expectError(await server.delete(`/api/kiosks/${registered.id}`, as(admin)), 404, 'Kiosk not found');
    assert.equal((await server.delete(`/api/events/${eventId}`, as(planner))).status, 200);
  });
});

describe('Kiosks: the kiosk page with its own key', () => {
  it('lists the people serving at its event and checks them in by name or by their QR code, then out', async () => {
    const { key, first, second, secondAssignment } = await kioskAtEvent();
    const list = await screen(key);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.deepEqual((list.body.people as KioskPersonView[]).map((p) => p.personId).sort(), [first.personId, second.personId].sort());

    const byName = await kioskCheckIn(key, { personId: first.personId });
    assert.equal(byName.status, 200, JSON.stringify(byName.body));
    assert.equal(byName.body.checkIn.attendance, 'checked_in');
    const byQr = await kioskCheckIn(key, { qr: await qrOf(second, secondAssignment) });
    assert.equal(byQr.status, 200, JSON.stringify(byQr.body));
    assert.equal(byQr.body.checkIn.personId, second.personId);
    expectError(await kioskCheckIn(key, { personId: first.personId }), 409, `${byName.body.checkIn.displayName} is already checked in.`);

    const out = await kioskCheckOut(key, { personId: first.personId });
    assert.equal(out.body.checkIn.attendance, 'checked_out');
    expectError(await kioskCheckOut(key, { personId: first.personId }), 409, `${byName.body.checkIn.displayName} has already checked out.`);
    assert.deepEqual(((await screen(key)).body.people as KioskPersonView[]).map((p) => p.attendance).sort(), ['checked_in', 'checked_out']);
  });

  it('refuses a person not serving there, an unreadable QR code, and a missing target, checking nobody in', async () => {
    const { key, eventId } = await kioskAtEvent();
    expectError(await kioskCheckIn(key, { qr: 'https://example.org/' }), 400, QR_REFUSALS.notOurs);
    expectError(await kioskCheckIn(key, {}), 400, 'Choose a person or scan their QR code');
    assert.equal(await countRows(server, 'event_attend', { event_id: eventId }), 0);
  });

  it("answers a person who is not serving there as it answers an id that is nobody's, without a name", async () => {
    const { key, eventId } = await kioskAtEvent();
    const visitor = await newPerson(server, { first_name: 'Vera', last_name: 'Visitor' });
    for (const personId of [visitor.id, 987654]) {
      for (const act of [kioskCheckIn, kioskCheckOut]) {
        const answer = await act(key, { personId });
        expectError(answer, 403, KIOSK_PERSON_REFUSAL);
        assert.equal(JSON.stringify(answer.body).includes('Vera'), false, 'the kiosk key reads no name');
      }
    }
    assert.equal(await countRows(server, 'event_attend', { event_id: eventId }), 0);
  });

  it('checks in only within the window around the start, as the phone does; checks out after it', async () => {
    // The shift starts on 2026-03-10 at 09:00 (13:00Z); the test clock stands days before it.
    const { key, eventId, first } = await kioskAtEvent({ date: '2026-03-10', startTime: '09:00', endTime: '10:00' });
    const early = await kioskCheckIn(key, { personId: first.personId });
    expectError(early, 409, 'Check-in opens at 2026-03-10 08:00, 60 minutes before the start.', { opensAt: '2026-03-10 08:00:00' });
    expectError(await atTime(server, '2026-03-10T13:31:00Z', () => kioskCheckIn(key, { personId: first.personId })), 409,
      'Check-in closed at 2026-03-10 09:30, 30 minutes after the start.', { closedAt: '2026-03-10 09:30:00' });
    assert.equal(await countRows(server, 'event_attend', { event_id: eventId }), 0);
    assert.equal((await atTime(server, '2026-03-10T12:05:00Z', () => kioskCheckIn(key, { personId: first.personId }))).status, 200);
    assert.equal((await atTime(server, '2026-03-10T15:00:00Z', () => kioskCheckOut(key, { personId: first.personId }))).body.checkIn.attendance, 'checked_out');
  });

  it("checks in by QR code only with a code My schedule signed for this event: not a bare id, an altered code or another event's", async () => {
    const { key, eventId, first, firstAssignment, second } = await kioskAtEvent();
    expectError(await kioskCheckIn(key, { qr: `vms-checkin:${first.personId}` }), 400, QR_REFUSALS.notOurs);
    const code = await qrOf(first, firstAssignment);
    const [keyId, , personId, mac] = code.slice('vms-checkin:'.length).split('.');
    assert.equal(Number(personId), first.personId);
    expectError(await kioskCheckIn(key, { qr: `vms-checkin:${keyId}.${eventId}.${second.personId}.${mac}` }), 400, QR_REFUSALS.invalid);
    // Ids no row can have are no code of ours: the same 400, not the database's error.
    for (const ids of [`9999999999.${eventId}.${personId}`, `${keyId}.2147483648.${personId}`, `${keyId}.${eventId}.0`]) {
      expectError(await kioskCheckIn(key, { qr: `vms-checkin:${ids}.${mac}` }), 400, QR_REFUSALS.notOurs);
    }
    expectError(await kioskCheckIn(key, { qr: 'vms-checkin:9999999999.1.2.AAAAAAAAAAAAAAAAAAAAAA' }), 400, QR_REFUSALS.notOurs);
    const elsewhere = await kioskAtEvent();
    expectError(await kioskCheckIn(key, { qr: await qrOf(elsewhere.first, elsewhere.firstAssignment) }), 403, QR_REFUSALS.otherEvent);
    assert.equal(await countRows(server, 'event_attend', { event_id: eventId }), 0);
    assert.equal((await kioskCheckIn(key, { qr: ` ${code} ` })).status, 200, 'the code as a scanner reads it, spaces and all');
  });

  it('answers 401 without a key or with a wrong one, and its key opens nothing else', async () => {
    const { key, first } = await kioskAtEvent();
    expectError(await screen(), 401, KEY_REFUSAL);
    expectError(await screen('not-a-kiosk-key'), 401, KEY_REFUSAL);
    expectError(await kioskCheckIn('not-a-kiosk-key', { personId: first.personId }), 401, KEY_REFUSAL);
    assert.equal((await server.get('/api/users/current', { key })).status, 401, 'a kiosk key is no API key');
    assert.equal((await server.get('/api/users/current', kiosk(key))).status, 401);
    expectError(await screen(admin.apiKey), 401, KEY_REFUSAL);
  });

  it('allows a busy door 120 requests a minute per kiosk, then answers 429; another kiosk is not held up', async () => {
    const busy = await kioskAtEvent();
    const other = await kioskAtEvent();
    for (let request = 0; request < 120; request += 1) assert.equal((await screen(busy.key)).status, 200);
    expectError(await screen(busy.key), 429, /^Too many requests\. Try again in \d+ seconds\.$/);
    assert.equal((await screen(other.key)).status, 200);
    assert.equal((await atTime(server, new Date(server.clock.now().getTime() + 60_000).toISOString(), () => screen(busy.key))).status, 200, 'a minute later');
  });
});
