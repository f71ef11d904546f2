import { sql } from 'kysely';
import type { Executor } from '../database.js';
import { LIVE_STATUSES, SERVICE_STATUSES, type HouseholdRule } from '../schema.js';
import { shiftEnd, shiftStart } from '../shift-times.js';

/** A blockout as the placement rules read it (its presenter shows the reason only to readers `showsBlockoutReason` allows). */
export interface FactBlockout {
  id: number;
  person_id: number;
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  repeat_until: string | null;
  reason: string | null;
  created_by_person_id: number | null;
}

/** A shift a person serves (live or completed, occurrence scheduled), wall-clock in the church's time zone. */
export interface FactShift {
  occurrence_id: number;
  ministry_id: number;
  position_name: string;
  date: string;
  start: string;
  end: string;
}

export interface PlacementFactRow {
  person_id: number;
  blockouts: FactBlockout[];
  preferences: Array<{ ministry_id: number | null; max_per_month: number | null; preferred_weeks: string | null }>;
  credentials: Array<{ credential_id: number; expires_on: string | null }>;
  shifts: FactShift[];
  /** Family members the person has a rule with, and the occurrences in the range they hold live. */
  partners: Array<{ person_id: number; first_name: string; last_name: string; rule: HouseholdRule; serves: number[] }>;
  /** The ministries' active required credentials (the same on every row). */
  required: Array<{ ministry_id: number; credential_id: number; credential_name: string; position_id: number | null }>;
}

const statuses = (list: readonly string[]) => sql.join(list.map((status) => sql.lit(status)));

/**
 * The facts of `PlacementFactRow` but `person_id`, as the select list of a statement whose `p.person_id` names the
 * person: per person their blockouts and service between `from` and `to`, preferences, credentials held, household
 * rules with what the other person serves then, and the ministries' required credentials. E14 selects them beside
 * its occurrence lock.
 */
export const placementFactColumns = (ministryIds: readonly number[], from: string, to: string) => sql`
          coalesce((select json_agg(json_build_object(
              'id', b.id, 'person_id', b.person_id, 'start_date', to_char(b.start_date, 'YYYY-MM-DD'), 'end_date', to_char(b.end_date, 'YYYY-MM-DD'),
              'start_time', b.start_time, 'end_time', b.end_time, 'repeat_until', to_char(b.repeat_until, 'YYYY-MM-DD'),
              'reason', b.reason, 'created_by_person_id', b.created_by_person_id) order by b.start_date, b.id)
            from blockouts b where b.person_id = p.person_id and b.start_date <= ${to}
              and coalesce(b.repeat_until + (b.end_date - b.start_date), b.end_date) >= ${from}), '[]') as blockouts,
          coalesce((select json_agg(json_build_object('ministry_id', sp.ministry_id, 'max_per_month', sp.max_per_month, 'preferred_weeks', sp.preferred_weeks) order by sp.id)
            from serving_preferences sp where sp.person_id = p.person_id), '[]') as preferences,
          coalesce((select json_agg(json_build_object('credential_id', pc.credential_id, 'expires_on', to_char(pc.expires_on, 'YYYY-MM-DD')) order by pc.credential_id)
            from person_credentials pc where pc.person_id = p.person_id), '[]') as credentials,
          coalesce((select json_agg(json_build_object(
              'occurrence_id', assignments.occurrence_id, 'ministry_id', schedules.ministry_id, 'position_name', positions.name,
              'date', to_char(occurrences.occurrence_date, 'YYYY-MM-DD'),
              'start', to_char(${shiftStart}, 'YYYY-MM-DD HH24:MI:SS'), 'end', to_char(${shiftEnd}, 'YYYY-MM-DD HH24:MI:SS'))
              order by occurrences.occurrence_date, assignments.id)
            from assignments
            join occurrences on occurrences.id = assignments.occurrence_id
            join schedules on schedules.id = occurrences.schedule_id
            join events on events.id = occurrences.event_id
            join positions on positions.id = assignments.position_id
            where assignments.person_id = p.person_id and assignments.status in (${statuses(SERVICE_STATUSES)})
              and occurrences.status = 'scheduled' and occurrences.occurrence_date between ${from} and ${to}), '[]') as shifts,
          coalesce((select json_agg(json_build_object(
              'person_id', other.id, 'first_name', other.first_name, 'last_name', other.last_name, 'rule', hr.rule,
              'serves', coalesce((select json_agg(distinct a.occurrence_id)
                from assignments a join occurrences o on o.id = a.occurrence_id
                where a.person_id = other.id and a.status in (${statuses(LIVE_STATUSES)}) and o.status = 'scheduled'
                  and o.occurrence_date between ${from} and ${to}), '[]')) order by hr.id)
            from household_rules hr
            join persons other on other.id = case when hr.person_id = p.person_id then hr.other_person_id else hr.person_id end
            where hr.person_id = p.person_id or hr.other_person_id = p.person_id), '[]') as partners,
          coalesce((select json_agg(json_build_object('ministry_id', cr.ministry_id, 'credential_id', cr.credential_id, 'credential_name', c.name, 'position_id', cr.position_id) order by lower(c.name), cr.id)
            from credential_requirements cr join credentials c on c.id = cr.credential_id
            where cr.ministry_id = any(${ministryIds as number[]}::int4[]) and c.active), '[]') as required`;

/** What the placement rules read about people and the places' ministries, for places between two dates. */
export function placementFactsReadModel(db: Executor) {
  return {
    /** `placementFactColumns` in one statement, whatever the number of people. */
    async forPeople(personIds: readonly number[], ministryIds: readonly number[], from: string, to: string): Promise<PlacementFactRow[]> {
      if (personIds.length === 0) return [];
      const { rows } = await sql<PlacementFactRow>`
        select p.person_id, ${placementFactColumns(ministryIds, from, to)}
        from unnest(${personIds as number[]}::int4[]) as p(person_id)`.execute(db);
      return rows;
    },
  };
}
