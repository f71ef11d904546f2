import type { Repositories } from '../../db/repositories/index.js';
import type { BlockoutRow, MinistryRow, PersonRow, PositionRow, ScheduleRow, TeamRow } from '../../db/schema.js';

type Found<F extends (...args: never[]) => Promise<unknown>> = NonNullable<Awaited<ReturnType<F>>>;

/** The rows a path can name, each as the access check loads it (contract §3's entities). */
export interface AuthorizedRows {
  ministry: MinistryRow;
  team: TeamRow;
  position: PositionRow;
  qualification: Found<Repositories['qualifications']['findDetailed']>;
  schedule: ScheduleRow;
  occurrence: Found<Repositories['occurrences']['findDetailed']>;
  assignment: Found<Repositories['assignments']['findInContext']>;
  swap: Found<Repositories['swaps']['findDetailed']>;
  /** A person in a coordinator's or team leader's reach (their pool or qualified for their positions). */
  person: PersonRow;
  /** A blockout of a person in the caller's reach. */
  blockout: BlockoutRow;
  /** An auto-fill run (issue 18), reached through its team, or its ministry when it spans teams. */
  autoFillRun: Found<Repositories['autoFill']['findRun']>;
  /** A staffing need, reached through the team of its schedule or occurrence. */
  requirement: Found<Repositories['requirements']['findById']>;
}

export type EntityKind = keyof AuthorizedRows;

declare const checked: unique symbol;

/**
 * A row whose caller has been checked against it (§1.5 step 4: found, then in scope). Only `domain/access` makes
 * one, so a service that takes an `Authorized` row cannot be handed one nobody checked: a forgotten check fails
 * the type check, not a review. The brand exists in types only; at run time it is the row itself.
 */
export type Authorized<K extends EntityKind> = AuthorizedRows[K] & { readonly [checked]: K };

/** Marks `row` as checked. Called by the access checks of this folder alone (tests/domain/layering.test.ts). */
export function grant<K extends EntityKind>(_kind: K, row: AuthorizedRows[K]): Authorized<K> {
  return row as Authorized<K>;
}
