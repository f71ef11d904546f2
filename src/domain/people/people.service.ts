import type { Kysely, Updateable } from 'kysely';
import { withTransaction } from '../../db/repositories/index.js';
import type { DB, FamiliesTable, NewPerson, PersonRow } from '../../db/schema.js';
import type { Caller } from '../access/caller.js';
import { changesSignInOfPeople, deletesUserPeople, isSelf } from '../access/people.policies.js';
import { assertAnotherAdministratorRemains } from '../users/administrators.js';
import type { ChurchTime } from '../church-time.js';
import { dateFieldMessage, isValidDate } from '../dates.js';
import { isMailbox } from '../values.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { DatabaseService } from '../database-service.js';
import { enqueueAccountNotice } from '../notifications/account-notices.js';
import type { FamilyCommand, PersonCommand } from './people.commands.js';

/** The family roles list (the reference system's list 2). */
export const FAMILY_ROLES = [
  { role_id: 1, name: 'Head of Household', sequence: 1 },
  { role_id: 2, name: 'Spouse', sequence: 2 },
  { role_id: 3, name: 'Child', sequence: 3 },
  { role_id: 4, name: 'Other Relative', sequence: 4 },
  { role_id: 5, name: 'Non Relative', sequence: 5 },
];

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());

function mailboxOrNull(value: string | null | undefined, field: string): string | null | undefined {
  const address = blankToNull(value);
  if (address && !isMailbox(address)) throw invalid(`${field} must be one e-mail address, such as name@example.org`);
  return address;
}

/** The people and family lists answer this many rows a page unless asked for fewer (at most PEOPLE_PAGE_LIMIT). */
export const PEOPLE_PAGE_SIZE = 50;
export const PEOPLE_PAGE_LIMIT = 200;

export interface ListPage {
  q?: string;
  offset?: number;
  limit?: number;
}

function pageOf(page: ListPage) {
  const text = page.q?.trim();
  return { ...(text && { text }), limit: Math.min(page.limit ?? PEOPLE_PAGE_SIZE, PEOPLE_PAGE_LIMIT), offset: page.offset ?? 0 };
}

/** People and families (contract §15.2). */
export class PeopleService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
    super(db);
  }

  async getPerson(id: number): Promise<PersonRow> {
    const person = await this.repos.persons.findById(id);
    if (!person) throw notFound('Person not found');
    return person;
  }

  async createPerson(caller: Caller, input: PersonCommand): Promise<PersonRow> {
    const firstName = input.firstName?.trim() ?? '';
    const lastName = input.lastName?.trim() ?? '';
    if (firstName === '') throw invalid('firstName is required');
    if (lastName === '') throw invalid('lastName is required');
    const columns = await this.personColumns(input);
    return this.repos.persons.insert({
      ...columns,
      first_name: firstName,
      last_name: lastName,
      entered_by: caller.personId,
      date_entered: await this.time.now(),
    } as NewPerson);
  }

  /**
   * Changes a person. The e-mail address, `inactive` and the deceased date of a person who has a user account
   * decide who can sign in and where reset links go, so only an administrator may change them (403); the old
   * address is told of a change, and the last active administrator cannot be made unable to sign in (409).
   */
  async updatePerson(caller: Caller, id: number, input: PersonCommand): Promise<PersonRow> {
    const existing = await this.getPerson(id);
    if (input.firstName !== undefined && input.firstName.trim() === '') throw invalid('firstName must not be empty');
    if (input.lastName !== undefined && input.lastName.trim() === '') throw invalid('lastName must not be empty');
    const columns = await this.personColumns(input);
    if (input.firstName !== undefined) columns.first_name = input.firstName.trim();
    if (input.lastName !== undefined) columns.last_name = input.lastName.trim();
    const isEmailChanged = columns.email !== undefined && columns.email !== existing.email;
    const isSignInChanged = (columns.inactive !== undefined && columns.inactive !== existing.inactive)
      || (columns.deceased_date !== undefined && columns.deceased_date !== existing.deceased_date);
    const now = await this.time.now();
    return withTransaction(this.db, async (repos) => {
      const hasAccount = (isEmailChanged || isSignInChanged) && (await repos.users.findById(id)) !== undefined;
      if (hasAccount && !changesSignInOfPeople(caller)) {
        throw forbidden('Only an administrator may change the e-mail address, inactive or deceased state of a person who has a user account');
      }
      if (hasAccount && isSignInChanged && (columns.inactive === true || columns.deceased_date)) await assertAnotherAdministratorRemains(repos, id);
      const updated = await repos.persons.update(id, columns);
      if (!updated) throw notFound('Person not found');
      if (hasAccount && isEmailChanged && existing.email) {
        await enqueueAccountNotice(repos, { type: 'email_changed', personId: id, now, context: { previousEmail: existing.email } });
      }
      return updated;
    });
  }

  private async personColumns(input: PersonCommand): Promise<Partial<NewPerson>> {
    const columns: Partial<NewPerson> = {};
    if (input.birthDate !== undefined && input.birthDate !== null && input.birthDate !== '' && !isValidDate(input.birthDate)) {
      throw invalid(dateFieldMessage('birthDate'));
    }
    if (input.deceasedDate !== undefined && input.deceasedDate !== null && input.deceasedDate !== '' && !isValidDate(input.deceasedDate)) {
      throw invalid(dateFieldMessage('deceasedDate'));
    }
    if (input.familyId !== undefined && input.familyId !== null && !(await this.repos.families.findById(input.familyId))) {
      throw notFound('Family not found');
    }
    if (input.email !== undefined) columns.email = mailboxOrNull(input.email, 'email');
    if (input.gender !== undefined) columns.gender = input.gender;
    if (input.familyId !== undefined) columns.family_id = input.familyId;
    if (input.familyRoleId !== undefined) columns.family_role_id = input.familyRoleId;
    if (input.cellPhone !== undefined) columns.cell_phone = blankToNull(input.cellPhone);
    if (input.homePhone !== undefined) columns.home_phone = blankToNull(input.homePhone);
    if (input.workPhone !== undefined) columns.work_phone = blankToNull(input.workPhone);
    if (input.inactive !== undefined) columns.inactive = input.inactive;
    if (input.doNotEmail !== undefined) columns.do_not_email = input.doNotEmail;
    if (input.deceasedDate !== undefined) columns.deceased_date = input.deceasedDate || null;
    if (input.birthDate !== undefined) {
      const [year, month, day] = input.birthDate ? input.birthDate.split('-').map(Number) : [null, null, null];
      Object.assign(columns, { birth_year: year, birth_month: month, birth_day: day });
    }
    return columns;
  }

  /** Deleting a person deletes their user account too, so a person with one needs an administrator (403). */
  async deletePerson(caller: Caller, id: number): Promise<void> {
    if (isSelf(caller, id)) throw forbidden("Can't delete yourself");
    await withTransaction(this.db, async (repos) => {
      if (await repos.users.findById(id)) {
        if (!deletesUserPeople(caller)) throw forbidden('Only an administrator may delete a person who has a user account');
        await assertAnotherAdministratorRemains(repos, id);
      }
      if (!(await repos.persons.delete(id))) throw notFound('Person not found');
    });
  }

  /** Up to 15 people whose first name, last name or e-mail contains `query`. */
  async search(query: string) {
    return this.repos.persons.search(query.trim(), 15);
  }

  /** One page of people by last name, then first name; `q` keeps those `search` would find. */
  async listPeople(page: ListPage) {
    return this.repos.persons.list(pageOf(page));
  }

  /** Everyone, with their family's name and address, by last name then first name (the people export). */
  async exportPeople() {
    return this.repos.persons.exportRows();
  }

  /** One page of families by name with their member counts; `q` keeps those whose name or e-mail contains it. */
  async listFamilies(page: ListPage) {
    return this.repos.families.list(pageOf(page));
  }

  async createFamily(caller: Caller, input: FamilyCommand) {
    const name = input.name.trim();
    if (name === '') throw invalid('name is required');
    return this.repos.families.insert({
      name,
      address1: blankToNull(input.address1) ?? null,
      address2: blankToNull(input.address2) ?? null,
      city: blankToNull(input.city) ?? null,
      state: blankToNull(input.state) ?? null,
      zip: blankToNull(input.zip) ?? null,
      country: blankToNull(input.country) ?? null,
      home_phone: blankToNull(input.homePhone) ?? null,
      email: mailboxOrNull(input.email, 'email') ?? null,
      work_phone: null,
      cell_phone: null,
      entered_by: caller.personId,
      date_entered: await this.time.now(),
    });
  }

  /** Changes the fields sent; a blank optional field is cleared. */
  async updateFamily(id: number, input: Partial<FamilyCommand>) {
    const changes: Updateable<FamiliesTable> = {};
    if (input.name !== undefined) {
      const name = input.name.trim();
      if (name === '') throw invalid('name must not be empty');
      changes.name = name;
    }
    for (const field of ['address1', 'address2', 'city', 'state', 'zip', 'country'] as const) {
      if (input[field] !== undefined) changes[field] = blankToNull(input[field]);
    }
    if (input.homePhone !== undefined) changes.home_phone = blankToNull(input.homePhone);
    if (input.email !== undefined) changes.email = mailboxOrNull(input.email, 'email');
    const family = await this.repos.families.update(id, changes);
    if (!family) throw notFound('Family not found');
    return { family, memberIds: await this.repos.persons.idsInFamily(id) };
  }

  async getFamily(id: number) {
    const family = await this.repos.families.findById(id);
    if (!family) throw notFound('Family not found');
    return { family, memberIds: await this.repos.persons.idsInFamily(id) };
  }
}
