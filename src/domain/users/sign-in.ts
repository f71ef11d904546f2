import type { PersonRow } from '../../db/schema.js';

/**
 * Whether a person may sign in (contract §14.1): not once marked inactive or deceased. What their sign-in gives them
 * (their keys, their personal calendar feeds) stops with it.
 */
export const maySignIn = (person: Pick<PersonRow, 'inactive' | 'deceased_date'>): boolean => !person.inactive && person.deceased_date === null;
