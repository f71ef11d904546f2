import { isValidDate } from '../../domain/dates.js';
import { invalid } from '../../domain/errors.js';
import type { EligibleQuery, OccurrenceListQuery } from '../../domain/occurrences/occurrences.commands.js';
import { parseFlag } from './assignments.commands.js';

/** The queries of the occurrence and schedule routes (§5.5) as the domain's commands, in the contract's order of checks. */

/** A window of real dates, both required, that does not end before it starts. */
export function parseWindow(query: { from?: string; to?: string }): { from: string; to: string } {
  const { from, to } = query;
  if (!from || !to || !isValidDate(from) || !isValidDate(to)) throw invalid('A from and a to date in YYYY-MM-DD form are required');
  if (to < from) throw invalid('The window ends before it starts');
  return { from, to };
}

type ListQuery = Partial<Record<'from' | 'to' | 'ministryId' | 'teamId' | 'scheduleId' | 'status' | 'text' | 'hasGaps', string>>;

export function parseOccurrenceList(query: ListQuery): OccurrenceListQuery {
  const window = parseWindow(query);
  const { status } = query;
  if (status !== undefined && status !== '' && status !== 'scheduled' && status !== 'cancelled') throw invalid('status must be scheduled or cancelled');
  const id = (name: 'ministryId' | 'teamId' | 'scheduleId') => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    if (!/^\d+$/.test(value)) throw invalid(`${name} must be an id`);
    return Number(value);
  };
  return {
    ...window, ministryId: id('ministryId'), teamId: id('teamId'), scheduleId: id('scheduleId'),
    status: status || undefined, text: query.text || undefined, hasGaps: parseFlag(query.hasGaps),
  };
}

/** The position of an eligible list; a digit string beyond any id names no position (the domain answers so). */
export function parseEligible(query: { positionId?: string; q?: string }): EligibleQuery {
  if (query.positionId === undefined || !/^\d+$/.test(query.positionId)) throw invalid('A position is required');
  return { positionId: Number(query.positionId), nameFilter: query.q };
}
