import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Authorized } from '../access/authorized.js';
import { DatabaseService } from '../database-service.js';
import type { ChurchTime } from '../church-time.js';
import type { SettingsService } from '../settings/settings.service.js';
import { tallyAttendance } from '../attendance/tally.js';
import { effectiveRequirementsByOccurrence, occurrenceFigures } from '../staffing/gaps.js';
import { reportRange, weekOf, weeksBetween } from './reports.js';

export interface WeekFigures {
  week: string;
  occurrenceCount: number;
  requiredCount: number;
  /** Places of Min filled, summed from the gap derivation's own figure (occurrenceFigures' filledCount). */
  filledCount: number;
  accepted: number;
  declined: number;
  pending: number;
}

export interface PersonFigures {
  personId: number;
  firstName: string;
  lastName: string;
  inPool: boolean;
  accepted: number;
  declined: number;
  pending: number;
  /** From the check-ins, by the servings report's own tally (issue 36 #4): events checked in at, no-shows, hours. */
  served: number;
  noShows: number;
  hoursServed: number;
}

/**
 * A ministry's reports over a range of weeks (issue 35 #4): per week the replies and the coverage of Min, by the
 * domain's gap derivation; per person their placements and answers, the pool's people who have none included, and
 * what they served, missed and for how long by the check-ins (issue 36 #4), counted as the servings report counts
 * them. Six statements whatever the range, and the attendance setting.
 */
export class ReportsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService) {
    super(db);
  }

  async ministryReport(ministry: Authorized<'ministry'>, teamId: number | undefined, query: { from?: string; to?: string }) {
    const repos = this.repos;
    const { from, to } = reportRange(query, await this.time.today());
    const filter = { ministryId: ministry.id, teamId, from, to };
    const [occurrences, replies, pool, shifts, attendanceTracked] = await Promise.all([
      repos.reports.occurrences(filter), repos.reports.replies(filter), repos.reports.poolPeople(ministry.id),
      repos.attendance.shifts(filter), this.settings.get('bEnableAttendance'),
    ]);
    const ids = occurrences.map((occurrence) => occurrence.id);
    const [rows, held] = await Promise.all([repos.gapInputs.requirementRows(ids), repos.reports.heldCounts(ids)]);
    // The domain's gap derivation, as every staffing figure; a past shift's completed places count as held.
    const effective = effectiveRequirementsByOccurrence(
      rows.map((row) => ({
        occurrenceId: row.occurrence_id, id: row.id, positionId: row.position_id, positionName: row.position_name, minCount: row.min_count,
        maxCount: row.max_count, notes: row.notes, overrideOccurrenceId: row.override_occurrence_id, scheduleId: row.schedule_id,
      })),
      held.map((count) => ({ occurrenceId: count.occurrence_id, positionId: count.position_id, liveCount: count.live_count, pendingCount: count.pending_count })),
    );

    const weeks = new Map<string, WeekFigures>(weeksBetween(from, to).map((week) => [week, {
      week, occurrenceCount: 0, requiredCount: 0, filledCount: 0, accepted: 0, declined: 0, pending: 0,
    }]));
    for (const occurrence of occurrences) {
      const figures = weeks.get(weekOf(occurrence.date))!;
      const derived = effective.get(occurrence.id);
      const sums = occurrenceFigures(derived?.requirements ?? [], derived?.hasOwnRows ?? false);
      figures.occurrenceCount++;
      figures.requiredCount += sums.requiredCount;
      figures.filledCount += sums.filledCount;
    }

    const tallies = tallyAttendance(shifts, await this.time.now(), attendanceTracked);
    const noTally = { served: 0, noShows: 0, hoursServed: 0 };
    const people = new Map<number, PersonFigures>(pool.map((person) => [person.person_id, {
      personId: person.person_id, firstName: person.first_name, lastName: person.last_name, inPool: true, accepted: 0, declined: 0, pending: 0,
      ...(tallies.get(person.person_id) ?? noTally),
    }]));
    for (const row of replies) {
      const week = weeks.get(weekOf(row.date))!;
      week.accepted += row.accepted;
      week.declined += row.declined;
      week.pending += row.pending;
      let person = people.get(row.person_id);
      if (!person) {
        person = {
          personId: row.person_id, firstName: row.first_name, lastName: row.last_name, inPool: false, accepted: 0, declined: 0, pending: 0,
          ...(tallies.get(row.person_id) ?? noTally),
        };
        people.set(row.person_id, person);
      }
      person.accepted += row.accepted;
      person.declined += row.declined;
      person.pending += row.pending;
    }
    return {
      ministryId: ministry.id, ministryName: ministry.name, teamId: teamId ?? null, from, to, attendanceTracked, weeks: [...weeks.values()], people: [...people.values()],
    };
  }
}
