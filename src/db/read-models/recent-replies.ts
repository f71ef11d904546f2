import { sql } from 'kysely';
import type { Executor } from '../database.js';
import { assignmentSchedules } from '../joins.js';

/** Where the dashboard's reply panels look: every ministry (a manager), or these ministries and teams. */
export interface RepliesScope {
  ministryIds?: number[];
  teamIds?: number[];
}

/** The replies the coordinator dashboard's "Recent replies" and "Help offers" panels show (ours, issue 34). */
export function recentRepliesReadModel(db: Executor) {
  return {
    /**
     * Volunteers' own declines (in the app or from a mail, not one a coordinator recorded) since `since`, newest
     * first, on occurrences of active ministries in scope; `limit` rows at most.
     */
    async declines(scope: RepliesScope, since: string, limit: number) {
      let query = assignmentSchedules(db)
        .innerJoin('responses', 'responses.assignment_id', 'assignments.id')
        .innerJoin('ministries', 'ministries.id', 'schedules.ministry_id')
        .innerJoin('teams', 'teams.id', 'schedules.team_id')
        .innerJoin('positions', 'positions.id', 'assignments.position_id')
        .innerJoin('persons', 'persons.id', 'responses.person_id')
        .select([
          'responses.id', 'responses.assignment_id', 'responses.person_id', 'responses.response_at', 'responses.channel', 'responses.comment',
          'persons.first_name', 'persons.last_name', 'assignments.status', 'assignments.occurrence_id', 'occurrences.occurrence_date',
          'positions.name as position_name', 'schedules.ministry_id', 'ministries.name as ministry_name', 'schedules.team_id', 'teams.name as team_name',
        ])
        .where('responses.response', '=', 'declined')
        .where('responses.channel', 'in', ['web', 'email'])
        .where('responses.response_at', '>=', since)
        .where('ministries.active', '=', true);
      if (scope.ministryIds) {
        const { ministryIds, teamIds = [] } = scope;
        if (ministryIds.length === 0 && teamIds.length === 0) return [];
        query = query.where((eb) => eb.or([
          ...(ministryIds.length > 0 ? [eb('schedules.ministry_id', 'in', ministryIds)] : []),
          ...(teamIds.length > 0 ? [eb('schedules.team_id', 'in', teamIds)] : []),
        ]));
      }
      return query.orderBy('responses.response_at', 'desc').orderBy('responses.id', 'desc').limit(limit).execute();
    },

    /**
     * Help offers (E13) since `since`, newest first: one row per ministry, person and day, however many were told,
     * read from the outbox rows E13 queued (the key names the ministry and the person); whether the person is in the
     * pool now. Only `ministryIds` when given.
     */
    async helpOffers(ministryIds: number[] | undefined, since: string, limit: number) {
      if (ministryIds && ministryIds.length === 0) return [];
      const ministryOf = sql<number>`split_part(notifications.dedupe_key, ':', 2)::int`;
      const personOf = sql<number>`split_part(notifications.dedupe_key, ':', 3)::int`;
      const offers = db
        .selectFrom('notifications')
        .select([ministryOf.as('ministry_id'), personOf.as('person_id'), sql<string>`split_part(notifications.dedupe_key, ':', 4)`.as('day'), sql<string>`min(notifications.created_at)`.as('offered_at')])
        .where('notifications.type', '=', 'help_offer')
        .where('notifications.created_at', '>=', since)
        .groupBy([ministryOf, personOf, sql`split_part(notifications.dedupe_key, ':', 4)`]);
      let query = db
        .selectFrom(offers.as('offers'))
        .innerJoin('ministries', 'ministries.id', 'offers.ministry_id')
        .innerJoin('persons', 'persons.id', 'offers.person_id')
        .leftJoin('groups as pool', 'pool.ministry_id', 'ministries.id')
        .select((eb) => [
          'offers.ministry_id', 'offers.person_id', 'offers.offered_at', 'ministries.name as ministry_name', 'persons.first_name', 'persons.last_name',
          eb.exists(eb.selectFrom('group_members').select('group_members.person_id')
            .whereRef('group_members.group_id', '=', 'pool.id').whereRef('group_members.person_id', '=', 'offers.person_id')).as('in_pool'),
        ]);
      if (ministryIds) query = query.where('offers.ministry_id', 'in', ministryIds);
      return query.orderBy('offers.offered_at', 'desc').orderBy('offers.person_id').limit(limit).execute();
    },
  };
}
