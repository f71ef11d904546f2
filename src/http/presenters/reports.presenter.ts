import type { AvailabilityGlanceService } from '../../domain/availability/at-a-glance.service.js';
import { weeksOf } from '../../domain/availability/preferences.js';
import { groupBy } from '../../domain/collections.js';
import { displayName } from '../../domain/people/display-name.js';
import { householdRuleSeenBy } from './availability.presenter.js';
import type { ReportsService } from '../../domain/reports/reports.service.js';
import type { AvailabilityGlanceView, MinistryReportView } from '../schemas/reports.schemas.js';

/** A ministry's reports and its people's availability at a glance on the wire (issue 35 #4, #6). */

export function presentMinistryReport(report: Awaited<ReturnType<ReportsService['ministryReport']>>): MinistryReportView {
  const people = report.people.map((person) => ({
    personId: person.personId,
    displayName: displayName({ first_name: person.firstName, last_name: person.lastName }),
    inPool: person.inPool,
    servings: person.accepted + person.pending,
    accepted: person.accepted,
    declined: person.declined,
    noAnswer: person.pending,
    served: person.served,
    noShows: person.noShows,
    hoursServed: person.hoursServed,
  }));
  people.sort((a, b) => b.servings - a.servings || a.displayName.toLowerCase().localeCompare(b.displayName.toLowerCase()) || a.personId - b.personId);
  return {
    ministryId: report.ministryId, ministryName: report.ministryName, teamId: report.teamId, from: report.from, to: report.to,
    attendanceTracked: report.attendanceTracked,
    weeks: report.weeks.map((week) => ({
      week: week.week, occurrenceCount: week.occurrenceCount, requiredCount: week.requiredCount, filledCount: week.filledCount,
      coverage: week.requiredCount === 0 ? null : week.filledCount / week.requiredCount,
      accepted: week.accepted, declined: week.declined, noAnswer: week.pending,
    })),
    people,
  };
}

/**
 * Each person of the pool as the glance shows them: a blockout's dates and times, never its reason. The rows are
 * grouped by person once, so a pool of thousands is not scanned once a person.
 */
export function presentAvailabilityGlance(glance: Awaited<ReturnType<AvailabilityGlanceService['ofMinistry']>>): AvailabilityGlanceView {
  const preferences = groupBy(glance.preferences, (p) => p.person_id);
  const blockouts = groupBy(glance.blockouts, (b) => b.person_id);
  const held = groupBy(glance.held, (h) => h.person_id);
  // A rule is seen by both its people.
  const rules = groupBy(
    glance.rules.flatMap((r) => (r.other_person_id === r.person_id ? [r.person_id] : [r.person_id, r.other_person_id]).map((personId) => ({ personId, rule: r }))),
    (entry) => entry.personId,
  );
  return {
    ministryId: glance.ministryId, ministryName: glance.ministryName, today: glance.today, until: glance.until,
    requiredCredentials: glance.required.map((row) => ({ credentialId: row.credential_id, name: row.credential_name, positionName: row.position_name })),
    people: glance.people.map((person) => {
      const own = preferences.get(person.person_id)?.find((p) => p.ministry_id === glance.ministryId);
      const every = preferences.get(person.person_id)?.find((p) => p.ministry_id === null);
      const limits = own ?? every;
      return {
        personId: person.person_id,
        displayName: displayName(person),
        hasLogin: Boolean(person.has_login),
        limits: { maxPerMonth: limits?.max_per_month ?? null, preferredWeeks: limits ? weeksOf(limits) : [], appliesTo: own ? 'ministry' as const : every ? 'every' as const : null },
        daysAway: (blockouts.get(person.person_id) ?? []).map((b) => ({
          startDate: b.start_date, endDate: b.end_date, startTime: b.start_time?.slice(0, 5) ?? null, endTime: b.end_time?.slice(0, 5) ?? null, repeatWeeklyUntil: b.repeat_until,
        })),
        credentials: (held.get(person.person_id) ?? []).map((h) => ({
          credentialId: h.credential_id, name: h.credential_name, expiresOn: h.expires_on, valid: h.expires_on === null || h.expires_on >= glance.today,
        })),
        household: (rules.get(person.person_id) ?? []).map(({ rule }) => householdRuleSeenBy(person.person_id, rule)),
      };
    }),
  };
}
