import type { Static } from '@sinclair/typebox';
import { isValidDate } from '../../domain/dates.js';
import { invalid } from '../../domain/errors.js';
import type { FamilyRegistrationCommand, PersonRegistrationCommand } from '../../domain/public/registration.commands.js';
import { isMailbox, parsePermissiveBoolean } from '../../domain/values.js';
import type { FamilyRegistrationBody, PersonRegistrationBody } from '../schemas/core.schemas.js';

/** The self-registration forms (contract §14.4): every failure is collected and reported at once, as `failures`. */

type PersonForm = Static<typeof PersonRegistrationBody>;

function text<T extends object>(body: T, field: keyof T & string, max: number, failures: string[], required = false): string | null {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    if (required) failures.push(`${field} is required`);
    return null;
  }
  if (typeof value !== 'string') {
    failures.push(`${field} must be text`);
    return null;
  }
  const trimmed = value.trim();
  if (required && trimmed === '') failures.push(`${field} is required`);
  if (trimmed.length > max) failures.push(`${field} is too long (${max} characters at most)`);
  return trimmed === '' ? null : trimmed;
}

/** A person of a registration, checked field by field; every problem is collected, prefixed for a family's people. */
function person(body: PersonForm, failures: string[], prefix = ''): PersonRegistrationCommand {
  const local: string[] = [];
  const firstName = text(body, 'firstName', 50, local, true);
  const lastName = text(body, 'lastName', 50, local, true);
  const email = text(body, 'email', 100, local);
  if (email && !isMailbox(email)) local.push('email is not an e-mail address');
  const gender = body.gender === undefined || body.gender === '' || body.gender === null ? 0 : Number(body.gender);
  if (![0, 1, 2].includes(gender)) local.push('gender must be 1 (male) or 2 (female)');
  let birth: Pick<PersonRegistrationCommand, 'birth_year' | 'birth_month' | 'birth_day'> = { birth_year: null, birth_month: null, birth_day: null };
  const birthday = body.birthday;
  if (birthday !== undefined && birthday !== null && birthday !== '') {
    const match = typeof birthday === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(birthday.trim()) : null;
    if (!match || !isValidDate(`${match[3]}-${match[1]}-${match[2]}`)) local.push('birthday must be MM/DD/YYYY');
    else birth = { birth_year: Number(match[3]), birth_month: Number(match[1]), birth_day: Number(match[2]) };
  }
  const role = body.role === undefined || body.role === null || body.role === '' ? null : Number(body.role);
  if (role !== null && (!Number.isInteger(role) || role < 0)) local.push('role must be a family role id');
  const phones = { cell_phone: text(body, 'cellPhone', 30, local), home_phone: text(body, 'homePhone', 30, local), work_phone: text(body, 'workPhone', 30, local) };
  failures.push(...local.map((failure) => `${prefix}${failure}`));
  return {
    first_name: firstName ?? '',
    last_name: lastName ?? '',
    email,
    gender,
    family_role_id: role,
    hide_age: parsePermissiveBoolean(body.hideAge) === true,
    ...birth,
    ...phones,
  };
}

function refuseAll(failures: string[]): void {
  if (failures.length > 0) throw invalid('Validation Error', { failures });
}

export function parsePersonRegistration(body: PersonForm): PersonRegistrationCommand {
  const failures: string[] = [];
  const command = person(body, failures);
  refuseAll(failures);
  return command;
}

export function parseFamilyRegistration(body: Static<typeof FamilyRegistrationBody>): FamilyRegistrationCommand {
  const failures: string[] = [];
  const family = {
    name: text(body, 'Name', 50, failures, true) ?? '',
    address1: text(body, 'Address1', 255, failures),
    address2: text(body, 'Address2', 255, failures),
    city: text(body, 'City', 50, failures),
    state: text(body, 'State', 50, failures),
    zip: text(body, 'Zip', 50, failures),
    country: text(body, 'Country', 50, failures),
    home_phone: text(body, 'HomePhone', 30, failures),
    work_phone: text(body, 'WorkPhone', 30, failures),
    cell_phone: text(body, 'CellPhone', 30, failures),
    email: text(body, 'Email', 100, failures),
  };
  if (family.email && !isMailbox(family.email)) failures.push('Email is not an e-mail address');
  const people = Array.isArray(body.people) ? body.people : body.people === undefined ? [] : null;
  if (people === null) failures.push('people must be a list');
  const persons = (people ?? []).slice(0, 50).map((one, i) => person((one ?? {}) as PersonForm, failures, `people[${i}].`));
  if ((people ?? []).length > 50) failures.push('A family registers at most 50 people');
  refuseAll(failures);
  return { family, people: persons };
}
