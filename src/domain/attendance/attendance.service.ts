import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { assertChecksInPerson, assertSeesAttendees, checksInAnyone, checksInPlacement } from '../access/attendance.policies.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { DatabaseService } from '../database-service.js';
import { conflict, notFound } from '../errors.js';
import { displayName } from '../people/display-name.js';

/**
 * Event check-in (issue 36 #1): a person is checked in to an event once, checked out only after that, and a mistaken
 * check-in is undone. AddEvents checks in anyone; a coordinator or team leader the people placed on the occurrences
 * they staff. Order: the event (404), the person (404), the caller's reach (403), then the state (409).
 */
export class AttendanceService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
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
}
