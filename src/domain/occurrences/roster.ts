import type { AssignmentStatus } from '../../db/schema.js';
import { addDaysUpToLast, dateRange } from '../dates.js';
import type { EffectiveRequirement, OccurrenceFigures } from '../staffing/gaps.js';

/** The roster's range when none is asked for: eight weeks from the church's today. */
export const ROSTER_DEFAULT_DAYS = 8 * 7;
/** The longest range one roster covers: half a year, so one answer stays one screen's worth. */
export const ROSTER_MAX_DAYS = 26 * 7;
/** At most this many occurrences (columns); the answer says when there were more. */
export const ROSTER_OCCURRENCE_LIMIT = 500;

/** The roster's query, read at the edge: dates as given (checked here, where today is known) and a team. */
export interface RosterQuery {
  from?: string;
  to?: string;
  teamId?: number;
}

/** A range of real dates, to on or after from, at most ROSTER_MAX_DAYS long; from defaults to today, to to eight weeks on. */
export function rosterRange(query: RosterQuery, today: string): { from: string; to: string } {
  return dateRange(query, {
    defaultFrom: today,
    defaultTo: (from) => addDaysUpToLast(from, ROSTER_DEFAULT_DAYS - 1),
    maxDays: ROSTER_MAX_DAYS,
    tooLongMessage: `The roster covers at most ${ROSTER_MAX_DAYS / 7} weeks; choose a shorter range`,
  });
}

/** One person placed in a cell, with their answer. */
export interface RosterPerson {
  assignmentId: number;
  personId: number;
  firstName: string;
  lastName: string;
  status: Extract<AssignmentStatus, 'pending' | 'accepted' | 'declined' | 'completed'>;
}

/** A position on an occurrence: its effective requirement (none when only people placed off-plan are there) and people. */
export interface RosterCell {
  occurrenceId: number;
  positionId: number;
  requirement: EffectiveRequirement | undefined;
  people: RosterPerson[];
}

export interface RosterColumn<O> {
  row: O;
  figures: OccurrenceFigures;
}

/**
 * The cells of the roster: every effective requirement of every occurrence, and every position with people placed
 * although it has no requirement there; each with its people in the order given.
 */
export function rosterCells(
  occurrenceIds: readonly number[],
  effective: ReadonlyMap<number, { requirements: EffectiveRequirement[] }>,
  placed: ReadonlyArray<{ id: number; occurrence_id: number; position_id: number; person_id: number; status: RosterPerson['status']; first_name: string; last_name: string }>,
): RosterCell[] {
  const cells = new Map<string, RosterCell>();
  const cellOf = (occurrenceId: number, positionId: number) => {
    const key = `${occurrenceId}:${positionId}`;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = { occurrenceId, positionId, requirement: undefined, people: [] }));
    return cell;
  };
  for (const occurrenceId of occurrenceIds) {
    for (const requirement of effective.get(occurrenceId)?.requirements ?? []) cellOf(occurrenceId, requirement.positionId).requirement = requirement;
  }
  for (const person of placed) {
    cellOf(person.occurrence_id, person.position_id).people.push({
      assignmentId: person.id, personId: person.person_id, firstName: person.first_name, lastName: person.last_name, status: person.status,
    });
  }
  return [...cells.values()];
}
