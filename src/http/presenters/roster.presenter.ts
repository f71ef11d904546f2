import { ICalEventStatus } from 'ical-generator';
import type { OccurrencesService } from '../../domain/occurrences/occurrences.service.js';
import { displayName } from '../../domain/people/display-name.js';
import { churchCalendar, churchWallClock } from '../../domain/public/church-calendar.js';
import type { RosterView } from '../schemas/roster.schemas.js';
import { csvFile } from '../../shared/csv.js';

type Roster = Awaited<ReturnType<OccurrencesService['roster']>>;

/** The roster on the wire (issue 35 #1, issue 39 #2): columns, rows and cells, every figure from the domain's gap derivation. */
export function presentRoster(roster: Roster): RosterView {
  return {
    ministryId: roster.ministry.id,
    ministryName: roster.ministry.name,
    teamId: roster.team?.id ?? null,
    teamName: roster.team?.name ?? null,
    from: roster.from,
    to: roster.to,
    occurrences: roster.occurrences.map(({ row, figures }) => ({
      id: row.id, occurrenceDate: row.occurrence_date, start: row.start_at, end: row.end_at, status: row.status,
      scheduleId: row.schedule_id, scheduleName: row.schedule_name, teamId: row.team_id, teamName: row.team_name,
      requiredCount: figures.requiredCount, filledCount: figures.filledCount, liveCount: figures.liveCount, pendingCount: figures.pendingCount,
      gapCount: figures.gapCount, openCount: figures.openCount, capacity: figures.capacity,
    })),
    positions: roster.positions.map((p) => ({ id: p.id, name: p.name, teamId: p.team_id, teamName: p.team_name, active: p.active })),
    cells: roster.cells.map(({ occurrenceId, positionId, requirement, people }) => {
      const live = people.filter((p) => p.status === 'pending' || p.status === 'accepted');
      return {
        occurrenceId, positionId, required: requirement !== undefined,
        minCount: requirement?.minCount ?? 0, maxCount: requirement ? requirement.maxCount : 0,
        liveCount: requirement?.liveCount ?? live.length,
        pendingCount: requirement?.pendingCount ?? live.filter((p) => p.status === 'pending').length,
        gapCount: requirement?.gapCount ?? 0, openCount: requirement?.openCount ?? 0,
        people: people.map((p) => ({ assignmentId: p.assignmentId, personId: p.personId, displayName: displayName({ first_name: p.firstName, last_name: p.lastName }), status: p.status })),
      };
    }),
    limit: roster.limit,
    capped: roster.capped,
  };
}

const ANSWER_WORDS: Record<RosterView['cells'][number]['people'][number]['status'], string> = {
  pending: 'asked', accepted: 'accepted', declined: 'declined', completed: 'served',
};

/** A cell's people as one line: "Ana Ruiz (accepted); Ben Ode (asked)". */
export const peopleLine = (cell: RosterView['cells'][number]) => cell.people.map((p) => `${p.displayName} (${ANSWER_WORDS[p.status]})`).join('; ');

/** The roster as CSV: one line per occurrence and position, in the roster's column and row order. */
export function rosterCsv(roster: RosterView): string {
  const cells = new Map(roster.cells.map((cell) => [`${cell.occurrenceId}:${cell.positionId}`, cell]));
  const lines: Array<Array<string | number | null>> = [];
  for (const occurrence of roster.occurrences) {
    for (const position of roster.positions) {
      const cell = cells.get(`${occurrence.id}:${position.id}`);
      if (!cell) continue;
      lines.push([
        occurrence.occurrenceDate, occurrence.start.slice(11, 16), occurrence.end.slice(11, 16), occurrence.scheduleName, occurrence.status,
        position.teamName, position.name, cell.required ? cell.minCount : null, cell.required ? cell.maxCount : null,
        cell.liveCount, cell.gapCount, peopleLine(cell),
      ]);
    }
  }
  return csvFile(['Date', 'Start', 'End', 'Schedule', 'Status', 'Team', 'Position', 'Min', 'Max', 'Placed', 'Missing', 'People'], lines);
}

/**
 * The roster as iCalendar (issue 35 #3): one event per occurrence at its shift's times in the church's zone, the
 * positions and their people in the description; a team's file when the roster is a team's.
 */
export function rosterIcs(roster: RosterView, church: { timeZone: string; churchName: string; stamp: Date }): string {
  const calendar = churchCalendar(`${roster.teamName ?? roster.ministryName} roster`, church.timeZone, church.churchName);
  const byOccurrence = new Map<number, RosterView['cells']>();
  for (const cell of roster.cells) byOccurrence.set(cell.occurrenceId, [...(byOccurrence.get(cell.occurrenceId) ?? []), cell]);
  const positions = new Map(roster.positions.map((p) => [p.id, p]));
  for (const occurrence of roster.occurrences) {
    const lines = (byOccurrence.get(occurrence.id) ?? []).map((cell) => {
      const need = cell.required ? ` (${cell.gapCount > 0 ? `${cell.gapCount} missing` : 'filled'})` : '';
      return `${positions.get(cell.positionId)?.name ?? ''}${need}: ${peopleLine(cell) || 'nobody yet'}`;
    });
    calendar.createEvent({
      id: `roster-occurrence-${occurrence.id}`,
      stamp: church.stamp,
      start: churchWallClock(occurrence.start, church.timeZone),
      end: churchWallClock(occurrence.end, church.timeZone),
      timezone: church.timeZone,
      summary: `${occurrence.scheduleName} · ${occurrence.teamName}`,
      description: lines.join('\n'),
      status: occurrence.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
