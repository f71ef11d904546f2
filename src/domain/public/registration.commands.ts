import type { Insertable } from 'kysely';
import type { FamiliesTable, NewPerson } from '../../db/schema.js';

/** A registered person's columns as read from the form, before the service marks them self-registered. */
export type PersonRegistrationCommand = Pick<NewPerson,
  'first_name' | 'last_name' | 'email' | 'gender' | 'family_role_id' | 'hide_age' | 'birth_year' | 'birth_month' | 'birth_day' | 'cell_phone' | 'home_phone' | 'work_phone'>;

export interface FamilyRegistrationCommand {
  family: Pick<Insertable<FamiliesTable>, 'name' | 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'country' | 'home_phone' | 'work_phone' | 'cell_phone' | 'email'>;
  people: PersonRegistrationCommand[];
}

/**
 * A form that is read only once the service has found registration open: its 403 comes before every failure
 * of the form, and the form reports all of those at once (contract §14.4). Reading throws the 400.
 */
export type DeferredRegistration<C> = () => C;
