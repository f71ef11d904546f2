import { sql } from 'kysely';
import { anyId, unnestRows } from '../bulk.js';
import type { Executor } from '../database.js';
import { assignmentShifts } from '../joins.js';
import type { Insertable } from 'kysely';
import { LIVE_STATUSES, type AssignmentStatus, type MessagesTable } from '../schema.js';

/** What a recipient's mail needs to know: how to name them and whether mail reaches them. */
const PERSON_FIELDS = ['persons.id', 'persons.first_name', 'persons.last_name', 'persons.email', 'persons.do_not_email'] as const;

/** Messages from the workspace (issue 34 #1): their audiences, the messages sent, and each recipient's delivery. */
export function messagesRepository(db: Executor) {
  const people = () => db.selectFrom('persons').where('persons.inactive', '=', false).where('persons.deceased_date', 'is', null);

  return {
    /** A team's people: those actively qualified for one of its active positions, and those serving its shifts to come. */
    async teamPeople(teamId: number, today: string) {
      return people()
        .select([...PERSON_FIELDS])
        .where((eb) => eb.or([
          eb('persons.id', 'in', eb.selectFrom('qualifications').innerJoin('positions', 'positions.id', 'qualifications.position_id')
            .select('qualifications.person_id').where('positions.team_id', '=', teamId).where('positions.active', '=', true).where('qualifications.active', '=', true)),
          eb('persons.id', 'in', assignmentShifts(db).select('assignments.person_id').where('schedules.team_id', '=', teamId)
            .where('assignments.status', 'in', LIVE_STATUSES).where('occurrences.occurrence_date', '>=', today)),
        ]))
        .orderBy(sql`lower(persons.first_name || ' ' || persons.last_name)`).orderBy('persons.id')
        .execute();
    },

    /** The members of a ministry's volunteer pool Group. */
    async poolPeople(ministryId: number) {
      return people()
        .select([...PERSON_FIELDS])
        .where('persons.id', 'in', (q) => q.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id')
          .select('group_members.person_id').where('groups.ministry_id', '=', ministryId))
        .orderBy(sql`lower(persons.first_name || ' ' || persons.last_name)`).orderBy('persons.id')
        .execute();
    },

    /** The people whose assignment on one of these occurrences is in `statuses`, on one position or any. */
    async servingPeople(occurrenceIds: readonly number[], statuses: readonly AssignmentStatus[], positionId?: number) {
      if (occurrenceIds.length === 0) return [];
      return people()
        .select([...PERSON_FIELDS])
        .where('persons.id', 'in', (q) => q.selectFrom('assignments').select('assignments.person_id')
          .where('assignments.occurrence_id', '=', anyId(occurrenceIds)).where('assignments.status', 'in', [...statuses])
          .$if(positionId !== undefined, (w) => w.where('assignments.position_id', '=', positionId!)))
        .orderBy(sql`lower(persons.first_name || ' ' || persons.last_name)`).orderBy('persons.id')
        .execute();
    },

    /** The ministry's scheduled occurrences on a day, with the team each serves and its event's title. */
    async occurrencesOn(ministryId: number, date: string) {
      return db.selectFrom('occurrences')
        .innerJoin('schedules', 'schedules.id', 'occurrences.schedule_id')
        .innerJoin('events', 'events.id', 'occurrences.event_id')
        .select(['occurrences.id', 'schedules.team_id', 'schedules.ministry_id', 'events.title'])
        .where('schedules.ministry_id', '=', ministryId)
        .where('occurrences.occurrence_date', '=', date)
        .where('occurrences.status', '=', 'scheduled')
        .orderBy('occurrences.id')
        .execute();
    },

    async eventTitleOf(occurrenceId: number): Promise<string | undefined> {
      const row = await db.selectFrom('occurrences').innerJoin('events', 'events.id', 'occurrences.event_id')
        .select('events.title').where('occurrences.id', '=', occurrenceId).executeTakeFirst();
      return row?.title;
    },

    /** How many messages a person sent since `since`: the rate limit's count. */
    async countSentBy(personId: number, since: string): Promise<number> {
      const row = await db.selectFrom('messages').select(sql<number>`count(*)::int`.as('n'))
        .where('sender_person_id', '=', personId).where('created_at', '>', since).executeTakeFirstOrThrow();
      return row.n;
    },

    async insert(message: Insertable<MessagesTable>) {
      return db.insertInto('messages').values(message).returningAll().executeTakeFirstOrThrow();
    },

    /** A message's recipients, each with their outbox row (null: none), in one statement however many they are. */
    async addRecipients(messageId: number, recipients: ReadonlyArray<{ personId: number; notificationId: number | null }>): Promise<void> {
      if (recipients.length === 0) return;
      await db.insertInto('message_recipients').columns(['message_id', 'person_id', 'notification_id'])
        .expression(unnestRows(recipients, [['int4', () => messageId], ['int4', (r) => r.personId], ['int4', (r) => r.notificationId]]))
        .onConflict((oc) => oc.columns(['message_id', 'person_id']).doNothing()).execute();
    },

    /** A ministry's messages, newest first. */
    async listForMinistry(ministryId: number, limit: number) {
      return db.selectFrom('messages').selectAll().where('ministry_id', '=', ministryId)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Each recipient of these messages with the state of their mail in the outbox (null: no row). */
    async recipientsOf(messageIds: readonly number[]) {
      if (messageIds.length === 0) return [];
      return db.selectFrom('message_recipients')
        .innerJoin('persons', 'persons.id', 'message_recipients.person_id')
        .leftJoin('notifications', 'notifications.id', 'message_recipients.notification_id')
        .select([
          'message_recipients.message_id', 'persons.id as person_id', 'persons.first_name', 'persons.last_name',
          'notifications.status', 'notifications.last_error', 'notifications.attempts', 'notifications.sent_at',
        ])
        .where('message_recipients.message_id', '=', anyId(messageIds))
        .orderBy(sql`lower(persons.first_name || ' ' || persons.last_name)`).orderBy('persons.id')
        .execute();
    },
  };
}
