/** Why mail cannot reach a person: they have no address (none, or only blanks), or they asked not to get e-mail. */
export type UnreachableReason = 'no_address' | 'do_not_email';

/**
 * The reason mail cannot reach this person, or null when it can: the one rule behind a workspace message's "cannot
 * reach" list (issue 34 #1) and the people an invitation cannot go to (issue 33 #1).
 */
export const unreachableReason = (person: { email: string | null; do_not_email: boolean }): UnreachableReason | null =>
  (!person.email?.trim() ? 'no_address' : person.do_not_email ? 'do_not_email' : null);
