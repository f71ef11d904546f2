import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KIOSK_ONLY_REFUSAL } from '../../src/domain/access/attendance.policies.js';
import type { CheckInCardView, CheckInView } from '../../src/http/schemas/attendance.schemas.js';
import type { AssignmentView } from '../../src/http/schemas/volunteer.schemas.js';
import {
  as, assignToKiosk, assignVolunteer, atTime, countRows, expectError, newAssignment, newCoordinator, newMinistry, newPerson, newPosition,
  newStaffedEvent, newTeam, newTeamLeader, newUser, qualify, setSetting, unique, useOtherEventType, useServer, useUser, type TestUser,
} from '../kit/index.js';

// The test clock stands at 2026-03-04 10:00 in the church's time zone (America/New_York).
const server = useServer();
const admin = useUser(server, ['admin']);
const planner = useUser(server, ['addEvents']);
const finance = useUser(server, ['finance']);
const otherType = useOtherEventType(server);

const CHECK_IN_REFUSAL = 'Not authorized to check this person in to this event';
const ATTENDEES_REFUSAL = 'Not authorized to see who checked in to this event';

const checkInUrl = (eventId: number, personId: number) => `/api/events/${eventId}/check-ins/${personId}`;
const checkIn = (user: TestUser, eventId: number, personId: number) => server.post(checkInUrl(eventId, personId), {}, as(user));
const checkOut = (user: TestUser, eventId: number, personId: number) => server.post(`${checkInUrl(eventId, personId)}/check-out`, {}, as(user));
const undo = (user: TestUser, eventId: number, personId: number) => server.delete(checkInUrl(eventId, personId), as(user));
const attendees = (user: TestUser, eventId: number) => server.get(`/api/events/${eventId}/check-ins`, as(user));

async function attendanceOf(assignmentId: number): Promise<AssignmentView['attendance']> {
  const answer = await server.get(`/api/ministries/assignments/${assignmentId}`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return (answer.body.assignment as AssignmentView).attendance;
}

/** A ministry event on 2026-03-10 staffed by the ministry's team, with one volunteer placed on it. */
async function placedVolunteer() {
  const ministry = await newMinistry(server);
  const position = await newPosition(server, ministry.id, ministry.teamId);
  const staffed = await newStaffedEvent(server, { id: ministry.id, teamId: ministry.teamId }, [{ positionId: position.id, minCount: 1 }]);
  const { assignmentId, volunteer } = await assignVolunteer(server, staffed.occurrenceId, position.id, 'accepted');
  const name = (await server.get(`/api/ministries/assignments/${assignmentId}`, as(admin))).body.assignment.displayName as string;
  return { ministry, position, ...staffed, assignmentId, volunteer, name };
}

describe('Event check-in: AddEvents', () => {
  it('checks a person in and out with the times kept, and the assignment reads the check-ins', async () => {
    const { eventId, volunteer, assignmentId, name } = await placedVolunteer();
    assert.equal(await attendanceOf(assignmentId), 'not_checked_in');

    const answer = await checkIn(planner, eventId, volunteer.personId);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.checkIn as CheckInView, {
      eventId, personId: volunteer.personId, displayName: name, checkedInAt: '2026-03-04 10:00:00', checkedOutAt: null, mark: null, attendance: 'checked_in',
    });
    assert.equal(await attendanceOf(assignmentId), 'checked_in');

    const out = await atTime(server, '2026-03-04T17:30:00Z', () => checkOut(planner, eventId, volunteer.personId));
    assert.equal(out.status, 200, JSON.stringify(out.body));
    assert.equal(out.body.checkIn.checkedInAt, '2026-03-04 10:00:00');
    assert.equal(out.body.checkIn.checkedOutAt, '2026-03-04 12:30:00');
    assert.equal(out.body.checkIn.attendance, 'checked_out');
    assert.equal(await attendanceOf(assignmentId), 'checked_out');

    const list = await attendees(planner, eventId);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.deepEqual((list.body.checkIns as CheckInView[]).map((row) => [row.personId, row.attendance]), [[volunteer.personId, 'checked_out']]);
  });

  it('checks in anyone, placed or not, and lists every attendee by name', async () => {
    const { eventId, volunteer } = await placedVolunteer();
    const visitor = await newPerson(server, { first_name: 'Aaron', last_name: 'Aardvark' });
    assert.equal((await checkIn(admin, eventId, visitor.id)).status, 201);
    assert.equal((await checkIn(planner, eventId, volunteer.personId)).status, 201);
    const list = await attendees(admin, eventId);
    assert.deepEqual((list.body.checkIns as CheckInView[]).map((row) => row.personId), [visitor.id, volunteer.personId]);
  });

  it('checks a person in once per event: a second check-in is refused with 409 and changes nothing', async () => {
    const { eventId, volunteer, name } = await placedVolunteer();
    assert.equal((await checkIn(planner, eventId, volunteer.personId)).status, 201);
    const again = await atTime(server, '2026-03-04T16:00:00Z', () => checkIn(planner, eventId, volunteer.personId));
    expectError(again, 409, `${name} is already checked in to this event.`);
    assert.equal((await checkOut(planner, eventId, volunteer.personId)).status, 200);
    expectError(await checkIn(planner, eventId, volunteer.personId), 409, `${name} has already checked in and out of this event.`);
    assert.equal(await countRows(server, 'event_attend', { event_id: eventId }), 1);
    const [row] = (await attendees(planner, eventId)).body.checkIns as CheckInView[];
    assert.equal(row.checkedInAt, '2026-03-04 10:00:00');
  });

  it('checks out only after a check-in, and only once', async () => {
    const { eventId, volunteer, name } = await placedVolunteer();
    expectError(await checkOut(planner, eventId, volunteer.personId), 409, `${name} is not checked in to this event, so cannot be checked out.`);
    assert.equal(await countRows(server, 'event_attend', { event_id: eventId }), 0);
    await checkIn(planner, eventId, volunteer.personId);
    assert.equal((await checkOut(planner, eventId, volunteer.personId)).status, 200);
    expectError(await checkOut(planner, eventId, volunteer.personId), 409, `${name} has already checked out of this event.`);
  });

  it('undoes a mistaken check-in: the assignment reads not checked in again, and a second undo answers 404', async () => {
    const { eventId, volunteer, assignmentId, name } = await placedVolunteer();
    await checkIn(planner, eventId, volunteer.personId);
    const answer = await undo(planner, eventId, volunteer.personId);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { success: true });
    assert.equal(await attendanceOf(assignmentId), 'not_checked_in');
    assert.deepEqual((await attendees(planner, eventId)).body.checkIns, []);
    expectError(await undo(planner, eventId, volunteer.personId), 404, `${name} is not checked in to this event.`);
    assert.equal((await checkIn(planner, eventId, volunteer.personId)).status, 201, 'checked in again after the undo');
  });

  it('answers 404 for an unknown event or person, before any 403', async () => {
    const { eventId, volunteer } = await placedVolunteer();
    const outsider = await newCoordinator(server, (await newMinistry(server)).id);
    for (const user of [planner, outsider]) {
      expectError(await checkIn(user, 987654, volunteer.personId), 404, 'Event not found');
      expectError(await checkOut(user, 987654, volunteer.personId), 404, 'Event not found');
      expectError(await undo(user, 987654, volunteer.personId), 404, 'Event not found');
      expectError(await attendees(user, 987654), 404, 'Event not found');
      expectError(await checkIn(user, eventId, 987654), 404, 'Person not found');
      expectError(await checkOut(user, eventId, 987654), 404, 'Person not found');
      expectError(await undo(user, eventId, 987654), 404, 'Person not found');
    }
  });

  it('asks for a signed-in caller', async () => {
    const { eventId, volunteer } = await placedVolunteer();
    assert.equal((await server.post(checkInUrl(eventId, volunteer.personId), {})).status, 401);
    assert.equal((await server.get(`/api/events/${eventId}/check-ins`)).status, 401);
  });
});

describe('Event check-in: coordinators and team leaders', () => {
  it('a coordinator checks in, out and undoes the people placed on their occurrences, and lists only them', async () => {
    const { ministry, eventId, volunteer, assignmentId } = await placedVolunteer();
    const coordinator = await newCoordinator(server, ministry.id);
    const visitor = await newPerson(server);
    await checkIn(planner, eventId, visitor.id);

    assert.equal((await checkIn(coordinator, eventId, volunteer.personId)).status, 201);
    assert.equal(await attendanceOf(assignmentId), 'checked_in');
    const list = await attendees(coordinator, eventId);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.deepEqual((list.body.checkIns as CheckInView[]).map((row) => row.personId), [volunteer.personId]);
    assert.equal((await checkOut(coordinator, eventId, volunteer.personId)).status, 200);
    assert.equal((await undo(coordinator, eventId, volunteer.personId)).status, 200);
  });

  it('a team leader checks in the people on their team\'s occurrence', async () => {
    const { ministry, eventId, volunteer } = await placedVolunteer();
    const leader = await newTeamLeader(server, ministry.teamId);
    assert.equal((await checkIn(leader, eventId, volunteer.personId)).status, 201);
    assert.equal((await attendees(leader, eventId)).body.checkIns.length, 1);
  });

  it('refuses with 403 anyone not placed on their occurrences, and changes nothing', async () => {
    const { ministry, eventId, volunteer } = await placedVolunteer();
    const coordinator = await newCoordinator(server, ministry.id);
    const visitor = await newPerson(server);
    expectError(await checkIn(coordinator, eventId, visitor.id), 403, CHECK_IN_REFUSAL);
    await checkIn(planner, eventId, visitor.id);
    expectError(await checkOut(coordinator, eventId, visitor.id), 403, CHECK_IN_REFUSAL);
    expectError(await undo(coordinator, eventId, visitor.id), 403, CHECK_IN_REFUSAL);

    // The leader of another team of the ministry, and the coordinator of another ministry, reach nobody here.
    const otherTeam = await newTeam(server, ministry.id);
    const otherLeader = await newTeamLeader(server, otherTeam.id);
    const outsider = await newCoordinator(server, (await newMinistry(server)).id);
    for (const user of [otherLeader, outsider, finance]) {
      expectError(await checkIn(user, eventId, volunteer.personId), 403, CHECK_IN_REFUSAL);
      expectError(await attendees(user, eventId), 403, ATTENDEES_REFUSAL);
    }
    assert.equal(await countRows(server, 'event_attend', { event_id: eventId }), 1);
  });

  it('a declined or cancelled volunteer is no longer theirs to check in', async () => {
    const { ministry, eventId, position, occurrenceId } = await placedVolunteer();
    const coordinator = await newCoordinator(server, ministry.id);
    const declined = await assignVolunteer(server, occurrenceId, position.id, 'declined');
    expectError(await checkIn(coordinator, eventId, declined.volunteer.personId), 403, CHECK_IN_REFUSAL);
  });
});

describe('The event delete refuses while people are checked in or a kiosk shows it, on every path', () => {
  const removeMinistryEvents = (ministryId: number, eventIds: number[]) =>
    server.request('DELETE', `/api/ministries/ministries/${ministryId}/events`, { ...as(admin), body: { eventIds } });
  const eventExists = async (eventId: number) => (await server.get(`/api/events/${eventId}`, as(admin))).status === 200;

  async function classTeamWithEvents() {
    const ministry = await newMinistry(server, { sundaySchool: true });
    const group = await server.post('/api/groups/', { groupName: unique('Class'), isSundaySchool: true }, as(admin));
    assert.equal(group.status, 200, JSON.stringify(group.body));
    const team = await newTeam(server, ministry.id, { classGroupId: group.body.Id });
    const events: number[] = [];
    for (const date of ['2026-03-15', '2026-03-22']) {
      const answer = await server.post('/api/events', {
        Title: unique('Lesson'), Type: otherType.id, Start: `${date} 09:00:00`, End: `${date} 10:00:00`, PinnedCalendars: [],
        MinistryId: ministry.id, LinkedGroupId: group.body.Id,
      }, as(admin));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      events.push(answer.body.eventId);
    }
    return { ministry, team, events };
  }

  it('DELETE /api/events/{id}: 409 while someone is checked in through the routes, 200 once they are out', async () => {
    const { eventId, volunteer, occurrenceId } = await placedVolunteer();
    await checkIn(planner, eventId, volunteer.personId);
    expectError(await server.delete(`/api/events/${eventId}`, as(planner)), 409, 'Cannot delete event: 1 people are currently checked in.', { eventId });
    assert.ok(await eventExists(eventId));
    assert.equal(await countRows(server, 'occurrences', { id: occurrenceId }), 1);
    await checkOut(planner, eventId, volunteer.personId);
    assert.equal((await server.delete(`/api/events/${eventId}`, as(planner))).status, 200);
    assert.equal(await countRows(server, 'event_attend', { event_id: eventId }), 0);
  });

  it('DELETE /api/events/{id}: an undone check-in no longer holds the event', async () => {
    const { eventId, volunteer } = await placedVolunteer();
    await checkIn(planner, eventId, volunteer.personId);
    await undo(planner, eventId, volunteer.personId);
    assert.equal((await server.delete(`/api/events/${eventId}`, as(planner))).status, 200);
  });

  it('DELETE /api/events/{id}: 409 while a kiosk shows the event', async () => {
    const { eventId } = await placedVolunteer();
    await assignToKiosk(server, eventId, unique('Kiosk'));
    expectError(await server.delete(`/api/events/${eventId}`, as(planner)), 409, 'Cannot delete event: event is currently assigned to a kiosk.', { eventId });
    assert.ok(await eventExists(eventId));
  });

  it('DELETE …/ministries/{id}/events: all or nothing, naming the event someone is checked in to', async () => {
    const { ministry, events: [first, busy] } = await classTeamWithEvents();
    const child = await newPerson(server);
    assert.equal((await checkIn(admin, busy, child.id)).status, 201);
    expectError(await removeMinistryEvents(ministry.id, [first, busy]), 409, 'Cannot delete event: 1 people are currently checked in.', { eventId: busy });
    assert.ok(await eventExists(first));
    assert.ok(await eventExists(busy));
  });

  it('DELETE …/ministries/{id}/events: all or nothing while a kiosk shows one of them', async () => {
    const { ministry, events: [first, shown] } = await classTeamWithEvents();
    await assignToKiosk(server, shown, unique('Kiosk'));
    expectError(await removeMinistryEvents(ministry.id, [first, shown]), 409, 'Cannot delete event: event is currently assigned to a kiosk.', { eventId: shown });
    assert.ok(await eventExists(first));
  });

  it('DELETE …/teams/{id}?classEvents=delete: all or nothing, the team kept, while someone is checked in or a kiosk shows an event', async () => {
    const { team, events: [first, busy] } = await classTeamWithEvents();
    const child = await newPerson(server);
    await checkIn(admin, busy, child.id);
    const answer = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(admin), query: { classEvents: 'delete' } });
    expectError(answer, 409, 'Cannot delete event: 1 people are currently checked in.', { eventId: busy });
    assert.ok(await eventExists(first));
    assert.equal(await countRows(server, 'teams', { id: team.id }), 1);

    await checkOut(admin, busy, child.id);
    await assignToKiosk(server, first, unique('Kiosk'));
    const shown = await server.delete(`/api/ministries/teams/${team.id}`, { ...as(admin), query: { classEvents: 'delete' } });
    expectError(shown, 409, 'Cannot delete event: event is currently assigned to a kiosk.', { eventId: first });
    assert.ok(await eventExists(busy));
    assert.equal(await countRows(server, 'teams', { id: team.id }), 1);
  });
});

describe('Attendance in the answers and the servings report', () => {
  it('counts served and hours from the check-ins, and no-shows only once the church tracks attendance', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const coordinator = await newCoordinator(server, ministry.id);
    const [amy, ben] = [await newUser(server), await newUser(server)];
    for (const person of [amy, ben]) await qualify(server, position.id, person.personId);
    const where = { id: ministry.id, teamId: ministry.teamId };
    const needs = [{ positionId: position.id, minCount: 1 }];
    // Two past Sundays-worth of shifts, 09:00 to 10:00 (UTC-5 before 8 March), and one to come.
    const first = await newStaffedEvent(server, where, needs, { date: '2026-03-02' });
    const second = await newStaffedEvent(server, where, needs, { date: '2026-03-03' });
    const coming = await newStaffedEvent(server, where, needs, { date: '2026-03-10' });
    const placed = await atTime(server, '2026-03-01T15:00:00Z', async () => ({
      amyFirst: await newAssignment(server, first.occurrenceId, position.id, amy.personId, { status: 'accepted' }),
      benFirst: await newAssignment(server, first.occurrenceId, position.id, ben.personId, { status: 'accepted' }),
      amySecond: await newAssignment(server, second.occurrenceId, position.id, amy.personId, { status: 'accepted' }),
    }));
    await newAssignment(server, coming.occurrenceId, position.id, ben.personId, { status: 'accepted' });

    // Amy: in at 09:00 and out at 10:30 the first day (1.5 h); in the second day and never out (the shift's 1 h).
    assert.equal((await atTime(server, '2026-03-02T14:00:00Z', () => checkIn(coordinator, first.eventId, amy.personId))).status, 201);
    assert.equal((await atTime(server, '2026-03-02T15:30:00Z', () => checkOut(coordinator, first.eventId, amy.personId))).status, 200);
    assert.equal((await atTime(server, '2026-03-03T14:05:00Z', () => checkIn(coordinator, second.eventId, amy.personId))).status, 201);

    const staffing = await server.get(`/api/ministries/occurrences/${first.occurrenceId}/staffing`, as(coordinator));
    assert.equal(staffing.status, 200, JSON.stringify(staffing.body));
    const onFirst = (staffing.body.requirements as Array<{ assignments: AssignmentView[] }>).flatMap((r) => r.assignments);
    assert.deepEqual(onFirst.map((a) => [a.id, a.attendance]).sort(), [[placed.amyFirst.id, 'checked_out'], [placed.benFirst.id, 'not_checked_in']].sort());
    assert.equal(await attendanceOf(placed.amySecond.id), 'checked_in');

    const url = `/api/ministries/ministries/${ministry.id}/servings?from=2026-03-01&to=2026-03-31`;
    const tallies = async () => {
      const report = await server.get(url, as(coordinator));
      assert.equal(report.status, 200, report.text);
      const byPerson = new Map((report.body.people as Array<{ personId: number; served: number; noShows: number; hoursServed: number }>)
        .map((p) => [p.personId, [p.served, p.noShows, p.hoursServed]]));
      return { tracked: report.body.attendanceTracked as boolean, amy: byPerson.get(amy.personId), ben: byPerson.get(ben.personId) };
    };
    assert.deepEqual(await tallies(), { tracked: false, amy: [2, 0, 2.5], ben: [0, 0, 0] }, 'attendance off: nobody is a no-show');

    await setSetting(server, admin, 'bEnableAttendance', 'true');
    try {
      // Ben missed the first shift; his coming one is not over, so it is no no-show yet.
      assert.deepEqual(await tallies(), { tracked: true, amy: [2, 0, 2.5], ben: [0, 1, 0] });
      const csv = (await server.get(`${url}&format=csv`, as(coordinator))).text.trim().split('\r\n');
      assert.ok(csv[0].endsWith(',served,noShows,hoursServed'), csv[0]);
      assert.ok(csv.some((line) => line.startsWith(`${amy.personId},`) && line.endsWith(',2,0,2.5')), csv.join('\n'));
      assert.ok(csv.some((line) => line.startsWith(`${ben.personId},`) && line.endsWith(',0,1,0')), csv.join('\n'));
    } finally {
      await setSetting(server, admin, 'bEnableAttendance', 'false');
    }
  });
});

describe('Volunteers check themselves in from My schedule', () => {
  // The shift starts on 2026-03-10 at 09:00 in the church's time zone (UTC-4 after 8 March).
  const selfCheckIn = (user: TestUser, assignmentId: number, body: Record<string, unknown> = {}) =>
    server.post(`/api/me/assignments/${assignmentId}/check-in`, body, as(user));

  it('checks in within the window around the start, once, and the assignment reads checked in', async () => {
    const { volunteer, assignmentId, eventId } = await placedVolunteer();
    expectError(await selfCheckIn(volunteer, assignmentId), 409, 'Check-in opens at 2026-03-10 08:00, 60 minutes before the start.', { opensAt: '2026-03-10 08:00:00' });
    const answer = await atTime(server, '2026-03-10T12:15:00Z', () => selfCheckIn(volunteer, assignmentId));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal((answer.body.checkIn as CheckInView).checkedInAt, '2026-03-10 08:15:00');
    assert.equal(await attendanceOf(assignmentId), 'checked_in');
    expectError(await atTime(server, '2026-03-10T12:20:00Z', () => selfCheckIn(volunteer, assignmentId)), 409, 'You are already checked in.');
    assert.equal(await countRows(server, 'event_attend', { event_id: eventId }), 1);
  });

  it('refuses after the window closes, someone else\'s assignment, an unknown one, and a declined shift', async () => {
    const { volunteer, assignmentId, occurrenceId, position } = await placedVolunteer();
    const late = await atTime(server, '2026-03-10T13:31:00Z', () => selfCheckIn(volunteer, assignmentId));
    expectError(late, 409, 'Check-in closed at 2026-03-10 09:30, 30 minutes after the start.', { closedAt: '2026-03-10 09:30:00' });
    const other = await assignVolunteer(server, occurrenceId, position.id, 'accepted');
    expectError(await selfCheckIn(volunteer, other.assignmentId), 403, 'That assignment belongs to someone else');
    expectError(await selfCheckIn(volunteer, 987654), 404, 'Assignment not found');
    const declined = await assignVolunteer(server, occurrenceId, position.id, 'declined');
    expectError(await atTime(server, '2026-03-10T13:00:00Z', () => selfCheckIn(declined.volunteer, declined.assignmentId)), 409,
      'Only a shift you are still serving can be checked in to.');
    assert.equal(await attendanceOf(assignmentId), 'not_checked_in');
  });

  it('asks for the venue\'s code when the church sets one', async () => {
    const { volunteer, assignmentId } = await placedVolunteer();
    await setSetting(server, admin, 'sCheckInCode', 'Joy42');
    try {
      await atTime(server, '2026-03-10T13:00:00Z', async () => {
        expectError(await selfCheckIn(volunteer, assignmentId), 400, 'Enter the check-in code shown at the venue.');
        expectError(await selfCheckIn(volunteer, assignmentId, { code: 'joy41' }), 400, 'That check-in code is not right. Check the code shown at the venue.');
        assert.equal(await attendanceOf(assignmentId), 'not_checked_in');
        assert.equal((await selfCheckIn(volunteer, assignmentId, { code: ' joy42 ' })).status, 201);
      });
    } finally {
      await setSetting(server, admin, 'sCheckInCode', '');
    }
  });

  it("shows the shift's card what it needs: no check-in yet, the kiosk's QR code, then the check-in with its time", async () => {
    const { volunteer, assignmentId, eventId, occurrenceId, position } = await placedVolunteer();
    const card = await server.get(`/api/me/assignments/${assignmentId}/check-in`, as(volunteer));
    assert.equal(card.status, 200, JSON.stringify(card.body));
    const before = card.body as CheckInCardView;
    assert.equal(before.checkIn, null);
    assert.deepEqual({ selfCheckIn: before.selfCheckIn, venueCodeAsked: before.venueCodeAsked }, { selfCheckIn: 'phone', venueCodeAsked: false });
    assert.match(before.qr, new RegExp(`^vms-checkin:\\d+\\.${eventId}\\.${volunteer.personId}\\.[A-Za-z0-9_-]{22}$`));
    await atTime(server, '2026-03-10T12:41:00Z', () => selfCheckIn(volunteer, assignmentId));
    const after = (await server.get(`/api/me/assignments/${assignmentId}/check-in`, as(volunteer))).body as CheckInCardView;
    assert.equal(after.checkIn?.checkedInAt, '2026-03-10 08:41:00');
    assert.equal(after.qr, before.qr, 'the same code while the key stands');
    const other = await assignVolunteer(server, occurrenceId, position.id, 'accepted');
    expectError(await server.get(`/api/me/assignments/${other.assignmentId}/check-in`, as(volunteer)), 403, 'That assignment belongs to someone else');
    expectError(await server.get('/api/me/assignments/987654/check-in', as(volunteer)), 404, 'Assignment not found');
    const declined = await assignVolunteer(server, occurrenceId, position.id, 'declined');
    expectError(await server.get(`/api/me/assignments/${declined.assignmentId}/check-in`, as(declined.volunteer)), 409, 'Only a shift you are still serving can be checked in to.');
  });

  it('at the kiosk only (sSelfCheckIn kiosk): the phone is refused with 403 in plain words, and the card says so', async () => {
    const { volunteer, assignmentId } = await placedVolunteer();
    expectError(await server.post('/admin/api/system/config/sSelfCheckIn', { value: 'door' }, as(admin)), 400, 'sSelfCheckIn must be one of phone, kiosk');
    await setSetting(server, admin, 'sSelfCheckIn', 'kiosk');
    try {
      await atTime(server, '2026-03-10T13:00:00Z', async () => {
        expectError(await selfCheckIn(volunteer, assignmentId), 403, KIOSK_ONLY_REFUSAL);
        assert.equal(((await server.get(`/api/me/assignments/${assignmentId}/check-in`, as(volunteer))).body as CheckInCardView).selfCheckIn, 'kiosk');
      });
      expectError(await selfCheckIn(volunteer, 987654), 404, 'Assignment not found');
      assert.equal(await attendanceOf(assignmentId), 'not_checked_in');
    } finally {
      await setSetting(server, admin, 'sSelfCheckIn', 'phone');
    }
    assert.equal((await atTime(server, '2026-03-10T13:00:00Z', () => selfCheckIn(volunteer, assignmentId))).status, 201);
  });
});

describe("The coordinator's marks on the occurrence page", () => {
  const mark = (user: TestUser, assignmentId: number, body: unknown) => server.post(`/api/ministries/assignments/${assignmentId}/attendance`, body, as(user));

  it('marks present, late or absent: present and late check the person in, absent clears the check-in', async () => {
    const { ministry, assignmentId, eventId } = await placedVolunteer();
    const coordinator = await newCoordinator(server, ministry.id);
    const present = await mark(coordinator, assignmentId, { mark: 'present' });
    assert.equal(present.status, 200, JSON.stringify(present.body));
    assert.deepEqual([present.body.assignment.attendance, present.body.assignment.attendanceMark], ['checked_in', 'present']);
    const late = await atTime(server, '2026-03-10T14:00:00Z', () => mark(coordinator, assignmentId, { mark: 'late' }));
    assert.deepEqual([late.body.assignment.attendance, late.body.assignment.attendanceMark], ['checked_in', 'late']);
    const [kept] = (await attendees(coordinator, eventId)).body.checkIns as CheckInView[];
    assert.equal(kept.checkedInAt, '2026-03-04 10:00:00', 'a later mark keeps the first check-in time');

    const absent = await mark(coordinator, assignmentId, { mark: 'absent' });
    assert.deepEqual([absent.body.assignment.attendance, absent.body.assignment.attendanceMark], ['not_checked_in', 'absent']);
    assert.deepEqual((await attendees(coordinator, eventId)).body.checkIns, []);
    assert.equal((await server.delete(`/api/events/${eventId}`, as(planner))).status, 200, 'an absent mark holds no event');
  });

  it('refuses a mark that is not one of the three, and a caller without the assignment in reach', async () => {
    const { ministry, assignmentId } = await placedVolunteer();
    const coordinator = await newCoordinator(server, ministry.id);
    for (const body of [{}, { mark: 'gone' }, { mark: 1 }]) expectError(await mark(coordinator, assignmentId, body), 400, 'mark must be present, late or absent');
    const outsider = await newCoordinator(server, (await newMinistry(server)).id);
    assert.equal((await mark(outsider, assignmentId, { mark: 'present' })).status, 403);
    expectError(await mark(coordinator, 987654, { mark: 'present' }), 404, 'Assignment not found');
    assert.equal(await attendanceOf(assignmentId), 'not_checked_in');
  });
});
