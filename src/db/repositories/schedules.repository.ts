import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import { unnestRows } from '../bulk.js';
import type { Executor } from '../database.js';
import type { DB, ScheduleRow, SchedulesTable } from '../schema.js';

/** What a schedule follows, as stored (contract §5.1). */
export interface LinkColumns {
  link_mode: ScheduleRow['link_mode'];
  ministry_id: number;
  event_type_id: number | null;
  title_filter: string | null;
  group_id: number | null;
  event_id: number | null;
}

/** The SQL twin of domain/schedules/matching.ts: active events the link follows. */
function followedBy(eb: ExpressionBuilder<DB, 'events'>, link: LinkColumns) {
  const active = eb('events.inactive', '=', false);
  switch (link.link_mode) {
    case 'class':
      return eb.and([active, eb.exists(eb.selectFrom('event_audience').select('event_audience.event_id')
        .whereRef('event_audience.event_id', '=', 'events.id').where('event_audience.group_id', '=', link.group_id ?? -1))]);
    case 'ministry':
      return eb.and([active, eb('events.event_ministry_id', '=', link.ministry_id), eb(sql`lower(events.title)`, '=', (link.title_filter ?? '').toLowerCase())]);
    case 'event_type':
      return eb.and([active, eb('events.type_id', '=', link.event_type_id ?? -1), eb(sql`lower(events.title)`, '=', (link.title_filter ?? '').toLowerCase())]);
    case 'event':
      return eb.and([active, eb('events.id', '=', link.event_id ?? -1)]);
  }
}

export function schedulesRepository(db: Executor) {
  const detailed = () =>
    db
      .selectFrom('schedules')
      .leftJoin('event_types', 'event_types.id', 'schedules.event_type_id')
      .leftJoin('groups', 'groups.id', 'schedules.group_id')
      .leftJoin('events', 'events.id', 'schedules.event_id')
      .innerJoin('ministries', 'ministries.id', 'schedules.ministry_id')
      .selectAll('schedules')
      .select((eb) => [
        'ministries.name as ministry_name',
        'event_types.name as event_type_name',
        'groups.name as group_name',
        'groups.type as group_type',
        'events.title as event_title',
        'events.start_at as event_start',
        eb.selectFrom('occurrences').select(sql<number>`count(*)::int`.as('n')).whereRef('occurrences.schedule_id', '=', 'schedules.id').as('occurrence_count'),
      ]);

  return {
    async findById(id: number): Promise<ScheduleRow | undefined> {
      return db.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findDetailed(id: number) {
      return detailed().where('schedules.id', '=', id).executeTakeFirst();
    },

    /** Listed schedules never include the hidden Staff-this-event ones. */
    async listDetailed(filter: { ministryId?: number; teamId?: number; active?: boolean }) {
      let query = detailed().where('schedules.one_off', '=', false);
      if (filter.ministryId !== undefined) query = query.where('schedules.ministry_id', '=', filter.ministryId);
      if (filter.teamId !== undefined) query = query.where('schedules.team_id', '=', filter.teamId);
      if (filter.active !== undefined) query = query.where('schedules.active', '=', filter.active);
      return query.orderBy(sql`lower(schedules.name)`).orderBy('schedules.id').execute();
    },

    async insert(schedule: Insertable<SchedulesTable>): Promise<ScheduleRow> {
      return db.insertInto('schedules').values(schedule).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, changes: Updateable<SchedulesTable>): Promise<void> {
      if (Object.keys(changes).length > 0) await db.updateTable('schedules').set(changes).where('id', '=', id).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('schedules').where('id', '=', id).execute();
    },

    /** Active, non-one-off schedules of active ministries: what the daily top-up generates. */
    async toppedUp(): Promise<ScheduleRow[]> {
      return db
        .selectFrom('schedules')
        .innerJoin('ministries', 'ministries.id', 'schedules.ministry_id')
        .selectAll('schedules')
        .where('schedules.active', '=', true)
        .where('schedules.one_off', '=', false)
        .where('ministries.active', '=', true)
        .orderBy('schedules.id')
        .execute();
    },

    async hasAssignments(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('assignments')
        .innerJoin('occurrences', 'occurrences.id', 'assignments.occurrence_id')
        .select('assignments.id')
        .where('occurrences.schedule_id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async oneOffForTeamAndEvent(teamId: number, eventId: number): Promise<ScheduleRow | undefined> {
      return db.selectFrom('schedules').selectAll().where('team_id', '=', teamId).where('event_id', '=', eventId).where('one_off', '=', true).executeTakeFirst();
    },

    /** True when some active event the link follows starts at or after `now`. */
    async hasUpcomingMatch(link: LinkColumns, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('events')
        .select('events.id')
        .where((eb) => followedBy(eb, link))
        .where('events.start_at', '>=', now)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Active events the link follows whose start date lies in [from, through], soonest first. */
    async followedEvents(link: LinkColumns, from: string, through: string) {
      return db
        .selectFrom('events')
        .select(['events.id', 'events.start_at', 'events.end_at'])
        .where((eb) => followedBy(eb, link))
        .where('events.start_at', '>=', `${from} 00:00:00`)
        .where('events.start_at', '<=', `${through} 23:59:59`)
        .orderBy('events.start_at')
        .orderBy('events.id')
        .execute();
    },

    /** Attaches one occurrence per event unless it exists (unique per schedule and event); answers those created. */
    async attachOccurrences(scheduleId: number, events: ReadonlyArray<{ id: number; start_at: string }>, at: string) {
      if (events.length === 0) return [];
      return db
        .insertInto('occurrences')
        .columns(['schedule_id', 'event_id', 'occurrence_date', 'generated_at'])
        .expression(unnestRows(events, [['int4', () => scheduleId], ['int4', (e) => e.id], ['date', (e) => e.start_at.slice(0, 10)], ['timestamp', () => at]]))
        .onConflict((oc) => oc.columns(['schedule_id', 'event_id']).doNothing())
        .returning(['id', 'event_id', 'occurrence_date'])
        .execute();
    },
  };
}
