import type { Repositories } from '../../db/repositories/index.js';

/** Who hears of a ministry's replies, as the pages name them. */
export type ToldKind = 'coordinators' | 'managers' | 'administrators';

export interface Told {
  kind: ToldKind;
  people: Array<{ id: number; firstName: string; lastName: string }>;
}

/**
 * Who is told of a decline, a help offer, a proposed substitute or a message that failed for good (issue 34): the
 * ministry's coordinators; when none can be mailed, the global volunteer managers (an administrator counts as one,
 * contract §1.10 and §18 #16); when no manager can be mailed either, the administrators. Only people mail reaches
 * count, so a reply never goes only to an address-less coordinator; `people` is empty only when nobody can be mailed.
 */
export async function repliesReach(repos: Repositories, ministryId: number): Promise<Told> {
  const candidates = await repos.scopes.replyCandidates(ministryId);
  const person = (row: (typeof candidates)[number]) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name });
  const coordinators = candidates.filter((row) => row.coordinates);
  if (coordinators.length > 0) return { kind: 'coordinators', people: coordinators.map(person) };
  const managers = candidates.filter((row) => row.is_admin || row.manage_ministries);
  const kind = managers.some((row) => !row.is_admin) ? 'managers' : 'administrators';
  return { kind, people: managers.map(person) };
}

/** The ids `repliesReach` answers, less the person whose own reply it is: nobody is told of their own. */
export async function replyRecipients(repos: Repositories, ministryId: number, except?: number): Promise<number[]> {
  return (await repliesReach(repos, ministryId)).people.map((p) => p.id).filter((id) => id !== except);
}
