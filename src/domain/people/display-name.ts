/** How a person is named wherever the volunteer area shows them: first and last name. */
export const displayName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

/**
 * What tells namesakes apart where a person is picked (issue 37 #2), besides their family's name: the first two
 * letters of their e-mail address ("ab…@"), never the address itself.
 */
export const emailHint = (email: string | null | undefined) => {
  const at = email?.indexOf('@') ?? -1;
  return email && at > 0 ? `${email.slice(0, Math.min(2, at))}…@` : null;
};
