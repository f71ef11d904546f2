import type { Kysely } from 'kysely';
import { withTransaction } from '../../db/repositories/index.js';
import type { DB, NewPerson } from '../../db/schema.js';
import type { ChurchTime } from '../church-time.js';
import { isValidDate } from '../dates.js';
import { forbidden, invalid, notFound } from '../errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import { isMailbox, parsePermissiveBoolean } from '../values.js';
import { DatabaseService } from '../database-service.js';

/** `entered_by` of a self-registered record (contract §14.4). */
export const SELF_REGISTERED = -1;

/** One person's registration as sent: every field is read here, so that all failures are reported at once. */
export interface PersonRegistration {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  gender?: unknown;
  birthday?: unknown;
  role?: unknown;
  cellPhone?: unknown;
  homePhone?: unknown;
  workPhone?: unknown;
  hideAge?: unknown;
}

/** A family's registration as sent (the reference system's field names), with its people. */
export interface FamilyRegistration {
  Name?: unknown;
  Address1?: unknown;
  Address2?: unknown;
  City?: unknown;
  State?: unknown;
  Zip?: unknown;
  Country?: unknown;
  HomePhone?: unknown;
  WorkPhone?: unknown;
  CellPhone?: unknown;
  Email?: unknown;
  people?: unknown;
}

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

/** A person of a registration, checked field by field; every problem is collected. */
function personColumns(body: PersonRegistration, failures: string[], prefix = ''): Omit<NewPerson, 'date_entered'> {
  const local: string[] = [];
  const firstName = text(body, 'firstName', 50, local, true);
  const lastName = text(body, 'lastName', 50, local, true);
  const email = text(body, 'email', 100, local);
  if (email && !isMailbox(email)) local.push('email is not an e-mail address');
  const gender = body.gender === undefined || body.gender === '' || body.gender === null ? 0 : Number(body.gender);
  if (![0, 1, 2].includes(gender)) local.push('gender must be 1 (male) or 2 (female)');
  let birth: { birth_year: number | null; birth_month: number | null; birth_day: number | null } = { birth_year: null, birth_month: null, birth_day: null };
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
    entered_by: SELF_REGISTERED,
    needs_review: true,
  };
}

/** Self-registration of families and people, and their review by staff (contract §14.4). */
export class RegistrationService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly settings: SettingsService) {
    super(db);
  }

  private async assertOpen(): Promise<void> {
    if (!(await this.settings.get('bEnableSelfRegistration'))) throw forbidden('bEnableSelfRegistration is disabled');
  }

  /** A family with its people, all written or none; every validation failure is reported at once. */
  async registerFamily(body: FamilyRegistration) {
    await this.assertOpen();
    const failures: string[] = [];
    const family = {
      name: text(body, 'Name', 50, failures, true),
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
    const persons = (people ?? []).slice(0, 50).map((person, i) => personColumns((person ?? {}) as PersonRegistration, failures, `people[${i}].`));
    if ((people ?? []).length > 50) failures.push('A family registers at most 50 people');
    if (failures.length > 0) throw invalid('Validation Error', { failures });
    const now = await this.time.now();
    return withTransaction(this.db, async (repos) => {
      const row = await repos.families.insert({ ...family, name: family.name!, entered_by: SELF_REGISTERED, needs_review: true, date_entered: now });
      for (const person of persons) await repos.persons.insert({ ...person, family_id: row.id, date_entered: now });
      return { family: row, memberIds: await repos.persons.idsInFamily(row.id) };
    });
  }

  async registerPerson(body: PersonRegistration) {
    await this.assertOpen();
    const failures: string[] = [];
    const person = personColumns(body, failures);
    if (failures.length > 0) throw invalid('Validation Error', { failures });
    return this.repos.persons.insert({ ...person, date_entered: await this.time.now() });
  }

  async peopleAwaitingReview() {
    return this.repos.persons.awaitingReview(100);
  }

  async familiesAwaitingReview() {
    return this.repos.families.awaitingReview(100);
  }

  async countAwaitingReview(): Promise<number> {
    return this.repos.persons.countAwaitingReview();
  }

  /** Clears the review flag; a family counts once with its members; ids not self-registered are ignored. */
  async approve(familyIds: number[], personIds: number[]): Promise<number> {
    return withTransaction(this.db, async (repos) => (await repos.families.approve(familyIds)) + (await repos.persons.approve(personIds)));
  }

  async approvePerson(personId: number): Promise<void> {
    if (!(await this.repos.persons.findById(personId))) throw notFound('Person not found');
    await this.repos.persons.update(personId, { needs_review: false });
  }
}
