/** How a person is named wherever the volunteer area shows them: first and last name. */
export const displayName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();
