import type { Kysely } from 'kysely';
import { isLive, SERVICE_STATUSES, type AttendanceMark, type DB } from '../../db/schema.js';
import { assertChecksInFromPhone, assertChecksInPerson, assertSeesAttendees, checksInAnyone, checksInPlacement } from '../access/attendance.policies.js';
import type { Authorized } from '../access/authorized.js';
import type { Caller } from '../access/caller.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import { ownAssignment } from '../assignments/own-assignment.js';
import type { ChurchTime } from '../church-time.js';
import { DatabaseService } from '../database-service.js';
import { conflict, invalid, notFound } from '../errors.js';
import { displayName } from '../people/display-name.js';
import type { SettingsService } from '../settings/settings.service.js';
import { newCheckInCodeSecret, signCheckInCode } from './check-in-codes.js';
import { assertCheckInWindowOpen, checkInWindowOf } from './check-in-window.js';

/**
 * Event check-in (issue 36 #1): a person is checked in to an event once, checked out only after that, and a mistaken
 * check-in is undone. AddEvents checks in anyone; a coordinator or team leader the people placed on the occurrences
 * they staff. Order: the event (404), the person (404), the caller's reach (403), then the state (409).
 */
export class AttendanceService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService) {
    super(db);
  }

  private async event(eventId: number) {
    const event = await this.repos.events.findById(eventId);
    if (!event) throw notFound('Event not found');
    return event;
  }

  /** The event and the person, found, and the caller allowed to check that person in. */
  private async reach(actor: VolunteerActor, eventId: number, personId: number) {
    const event = await this.event(eventId);
    const person = await this.repos.persons.findById(personId);
    if (!person) throw notFound('Person not found');
    assertChecksInPerson(actor, await this.repos.attendance.placements(eventId, personId));
    return { event, person, name: displayName(person) };
  }

  /** Who checked in to the event: everyone for AddEvents, else the people placed on occurrences the caller staffs. */
  async attendees(actor: VolunteerActor, eventId: number) {
    await this.event(eventId);
    const rows = await this.repos.attendance.attendees(eventId);
    if (checksInAnyone(actor)) return rows;
    const reached = (await this.repos.attendance.placements(eventId)).filter((placement) => checksInPlacement(actor, placement));
    assertSeesAttendees(actor, reached);
    const people = new Set(reached.map((placement) => placement.person_id));
    return rows.filter((row) => people.has(row.person_id));
  }

  async checkIn(actor: VolunteerActor, eventId: number, personId: number) {
    const { name } = await this.reach(actor, eventId, personId);
    const now = await this.time.now();
    if (!(await this.repos.attendance.checkIn(eventId, personId, now))) {
      const row = await this.repos.attendance.find(eventId, personId);
      // An absent mark is no check-in: the person who turns up after all is checked in over it.
      if (row?.checkin_at === null) await this.repos.attendance.mark(eventId, personId, { checkin_at: now, checkout_at: null, mark: null });
      else throw conflict(row?.checkout_at ? `${name} has already checked in and out of this event.` : `${name} is already checked in to this event.`);
    }
    return (await this.repos.attendance.find(eventId, personId))!;
  }

  async checkOut(actor: VolunteerActor, eventId: number, personId: number) {
    const { name } = await this.reach(actor, eventId, personId);
    const now = await this.time.now();
    if (!(await this.repos.attendance.checkOut(eventId, personId, now))) {
      const row = await this.repos.attendance.find(eventId, personId);
      throw conflict(row?.checkout_at ? `${name} has already checked out of this event.` : `${name} is not checked in to this event, so cannot be checked out.`);
    }
    return (await this.repos.attendance.find(eventId, personId))!;
  }

  /** Undoes a mistaken check-in: the person reads as not checked in again. */
  async undo(actor: VolunteerActor, eventId: number, personId: number): Promise<void> {
    const { name } = await this.reach(actor, eventId, personId);
    if (!(await this.repos.attendance.remove(eventId, personId))) throw notFound(`${name} is not checked in to this event.`);
  }

  /**
   * What My schedule shows on a shift's card to check in (issue 36): the check-in already made (null for none),
   * the QR code a kiosk scans (signed for this person and this event; the key is made on first use), and how the
   * church lets volunteers check in. 404, 403 (someone else's), then 409 for a shift not served or cancelled.
   */
  async checkInCard(caller: Caller, assignmentId: number) {
    const assignment = await ownAssignment(this.repos, caller, assignmentId);
    if (!isLive(assignment.status)) throw conflict('Only a shift you are still serving can be checked in to.');
    if (assignment.occurrence_status === 'cancelled') throw conflict('This shift was cancelled.');
    const key = await this.repos.installSecrets.currentOrCreate('check_in_codes', newCheckInCodeSecret(), await this.time.now());
    return {
      checkIn: (await this.repos.attendance.find(assignment.event_id, assignment.person_id)) ?? null,
      qr: signCheckInCode({ keyId: key.id, eventId: assignment.event_id, personId: assignment.person_id }, key.secret),
      selfCheckIn: await this.settings.get('sSelfCheckIn'),
      venueCodeAsked: (await this.settings.get('sCheckInCode')).trim() !== '',
    };
  }

  /**
   * A volunteer checks in to their own assignment from My schedule (issue 36 #3): 404, 403 (someone else's, or
   * any where the church checks in at the kiosk only, setting sSelfCheckIn), 400 for the venue's code when the
   * church asks for one (setting sCheckInCode), then 409 for a shift not being served, cancelled, outside the
   * window around its start (iCheckInOpensMinutesBefore, iCheckInClosesMinutesAfter) or already checked in.
   */
  async selfCheckIn(caller: Caller, assignmentId: number, code: string | undefined) {
    const assignment = await ownAssignment(this.repos, caller, assignmentId);
    assertChecksInFromPhone(await this.settings.get('sSelfCheckIn'));
    const venueCode = (await this.settings.get('sCheckInCode')).trim();
    if (venueCode !== '') {
      if (code === undefined || code.trim() === '') throw invalid('Enter the check-in code shown at the venue.');
      if (code.trim().toLowerCase() !== venueCode.toLowerCase()) throw invalid('That check-in code is not right. Check the code shown at the venue.');
    }
    if (!isLive(assignment.status)) throw conflict('Only a shift you are still serving can be checked in to.');
    if (assignment.occurrence_status === 'cancelled') throw conflict('This shift was cancelled.');
    const now = await this.time.now();
    assertCheckInWindowOpen(now, [assignment.start_at], await checkInWindowOf(this.settings));
    if (!(await this.repos.attendance.checkIn(assignment.event_id, assignment.person_id, now))) {
      const row = await this.repos.attendance.find(assignment.event_id, assignment.person_id);
      if (row?.checkin_at !== null) throw conflict('You are already checked in.');
      await this.repos.attendance.mark(assignment.event_id, assignment.person_id, { checkin_at: now, checkout_at: null, mark: null });
    }
    return (await this.repos.attendance.find(assignment.event_id, assignment.person_id))!;
  }

  /**
   * The coordinator's mark on the occurrence page (issue 36 #3): present or late checks the person in (keeping an
   * earlier check-in's times), absent clears any check-in. 409 on a cancelled occurrence or an assignment not served.
   */
  async mark(assignment: Authorized<'assignment'>, mark: AttendanceMark) {
    if (assignment.occurrence_status === 'cancelled') throw conflict('This occurrence was cancelled.');
    if (!(SERVICE_STATUSES as readonly string[]).includes(assignment.status)) {
      throw conflict('Only a pending, accepted or completed assignment can be marked.');
    }
    const now = await this.time.now();
    const current = await this.repos.attendance.find(assignment.event_id, assignment.person_id);
    const fields = mark === 'absent'
      ? { checkin_at: null, checkout_at: null, mark }
      : { checkin_at: current?.checkin_at ?? now, checkout_at: current?.checkout_at ?? null, mark };
    await this.repos.attendance.mark(assignment.event_id, assignment.person_id, fields);
    return (await this.repos.assignments.findDetailed(assignment.id))!;
  }
}
