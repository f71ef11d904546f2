import type { Repositories } from '../../db/repositories/index.js';
import type { BlockoutRow } from '../../db/schema.js';
import { groupBy } from '../collections.js';
import { blockoutView, coveringBlockout } from './blockouts.js';

interface Shift {
  start_at: string;
  end_at: string;
}

/** The blockout of `personId` that covers the shift, if any. */
export async function blockoutOn(repos: Repositories, personId: number, shift: Shift): Promise<BlockoutRow | undefined> {
  const rows = await repos.blockouts.overlapping([personId], shift.start_at.slice(0, 10), shift.end_at.slice(0, 10));
  return coveringBlockout(rows, shift.start_at, shift.end_at);
}

/**
 * Marks each person blocked out for the shift (`blockedOut`, and the `blockout` that covers it) and lists them
 * after everyone available, keeping the order otherwise: a coordinator may still choose them, last.
 */
export async function markBlockedOut<P extends { personId: number }>(repos: Repositories, people: readonly P[], shift: Shift, options: { withReason: boolean }) {
  const rows = await repos.blockouts.overlapping(people.map((person) => person.personId), shift.start_at.slice(0, 10), shift.end_at.slice(0, 10));
  const byPerson = groupBy(rows, (row) => row.person_id);
  const marked = people.map((person) => {
    const blockout = coveringBlockout(byPerson.get(person.personId) ?? [], shift.start_at, shift.end_at);
    return { ...person, blockedOut: blockout !== undefined, blockout: blockout ? blockoutView(blockout, options) : null };
  });
  return [...marked.filter((person) => !person.blockedOut), ...marked.filter((person) => person.blockedOut)];
}
