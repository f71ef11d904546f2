import { createHash } from 'node:crypto';
import { isMailbox } from '../values.js';
import { FAMILY_ROLES } from './people.service.js';
import { columnsOf, type ColumnMapping, type ImportField } from './import-mapping.js';
import type { SheetFile } from './import-file.js';

/** A person the file names, read from one row. */
export interface ImportedPerson {
  row: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string | null;
  cellPhone: string | null;
  homePhone: string | null;
  workPhone: string | null;
  birth: { year: number | null; month: number; day: number } | null;
  gender: 0 | 1 | 2;
  familyRoleId: number | null;
}

/** A family the file names: the rows that share its key (or its name), with the first address among them. */
export interface ImportedFamily {
  key: string;
  name: string;
  address: { address1: string | null; address2: string | null; city: string | null; state: string | null; zip: string | null; country: string | null };
  /** The existing family its rows join: that of the first of them already here, else none (a new family). */
  existing: { id: number; name: string } | null;
}

/** Someone already stored whom a row may be. */
export interface KnownPerson {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  family_id: number | null;
  family_name: string | null;
}

/** Why a row is someone already here: the same e-mail address and first name, the same name and birth date, or the same name in the family the row joins (a file imported twice). */
export type MatchedBy = 'email' | 'name_birth' | 'name_family';

export type RowOutcome =
  | { kind: 'create'; person: ImportedPerson; family: ImportedFamily | null }
  | { kind: 'match'; person: ImportedPerson; known: KnownPerson; by: MatchedBy }
  /** `repeats`: the row an identical one earlier in the file; only such a refusal leaves the row's family in. */
  | { kind: 'refuse'; reasons: string[]; repeats?: number };

export interface PlannedRow {
  row: number;
  /** The name as the row gives it, for the list; blank when the row has none. */
  name: string;
  outcome: RowOutcome;
  /** What the row gives that will not be kept, in words; the row is imported all the same. */
  notes: string[];
}

export interface ImportPlan {
  rows: PlannedRow[];
  /** The file as a whole, in words (how dates were read, columns left out). */
  notes: string[];
  /** A fingerprint of what the commit will write: a commit whose plan differs (the people changed meanwhile) is refused. */
  planId: string;
}

/** The longest text each column stores (src/db/migrations/0001). */
const LIMITS = { name: 50, email: 100, phone: 30, address: 255, place: 50 } as const;

const FIELD_WORDS: Record<ImportField, string> = {
  firstName: 'first name', middleName: 'middle name', lastName: 'last name', email: 'e-mail address', cellPhone: 'cell phone',
  homePhone: 'home phone', workPhone: 'work phone', birthDate: 'birth date', gender: 'gender', family: 'family name',
  familyKey: 'family id', familyRole: 'family role', address1: 'address', address2: 'second address line', city: 'city',
  state: 'state', zip: 'zip code', country: 'country',
};

const GENDERS: Record<string, 1 | 2> = {
  m: 1, male: 1, man: 1, h: 1, hombre: 1, masculino: 1, varon: 1, '1': 1,
  f: 2, female: 2, woman: 2, mujer: 2, femenino: 2, '2': 2,
};

const ROLE_NAMES: Record<string, number> = {
  ...Object.fromEntries(FAMILY_ROLES.map((role) => [role.name.toLowerCase(), role.role_id])),
  head: 1, 'head of house': 1, 'primary contact': 1, 'jefe de familia': 1, 'cabeza de familia': 1,
  spouse: 2, wife: 2, husband: 2, 'esposo': 2, 'esposa': 2, 'cónyuge': 2, 'conyuge': 2,
  child: 3, son: 3, daughter: 3, 'hijo': 3, 'hija': 3,
  relative: 4, 'otro pariente': 4, 'non-relative': 5, 'no pariente': 5,
};

const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Same person by name: first and last name compared without case, accents or extra spaces. */
const nameKey = (first: string, last: string) => `${plain(first)}|${plain(last)}`;

type DayOrder = 'month-first' | 'day-first';

/**
 * How the file writes dates with slashes: 03/04/1980 is the 4th of March in the United States and the 3rd of April
 * in most Spanish-speaking countries. A date with a first part over 12 settles it for the whole file; without one,
 * month first (the United States, and the public registration's MM/DD/YYYY).
 */
function dayOrderOf(dates: string[]): { order: DayOrder; mixed: boolean; decided: boolean } {
  let dayFirst = false;
  let monthFirst = false;
  for (const date of dates) {
    const parts = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(date);
    if (!parts) continue;
    if (Number(parts[1]) > 12) dayFirst = true;
    if (Number(parts[2]) > 12) monthFirst = true;
  }
  return { order: dayFirst && !monthFirst ? 'day-first' : 'month-first', mixed: dayFirst && monthFirst, decided: dayFirst !== monthFirst };
}

const isRealDay = (year: number | null, month: number, day: number) =>
  month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();

/**
 * A birth date: 1980-05-17, 1980-5-17 and ChurchCRM's 5-17 (no year known), or 05/17/1980 / 17/05/1980 by the
 * file's order. Undefined when the text is not a real date.
 */
function birthOf(text: string, order: DayOrder): ImportedPerson['birth'] | undefined {
  let parts = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  let birth: ImportedPerson['birth'] | undefined;
  if (parts) birth = { year: Number(parts[1]), month: Number(parts[2]), day: Number(parts[3]) };
  else if ((parts = /^(\d{1,2})-(\d{1,2})$/.exec(text))) birth = { year: null, month: Number(parts[1]), day: Number(parts[2]) };
  else if ((parts = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text))) {
    const [first, second] = [Number(parts[1]), Number(parts[2])];
    birth = order === 'day-first' ? { year: Number(parts[3]), month: second, day: first } : { year: Number(parts[3]), month: first, day: second };
  }
  return birth && isRealDay(birth.year, birth.month, birth.day) && (birth.year === null || birth.year >= 1850) ? birth : undefined;
}

/** The file's rows read by the mapping, ready for `planImport` once the people they may be are known. */
export interface ImportRead {
  rows: ReadRow[];
  notes: string[];
}

interface ReadRow {
  row: number;
  name: string;
  person?: ImportedPerson;
  reasons: string[];
  notes: string[];
  familyKey: string | null;
  familyName: string | null;
  address: ImportedFamily['address'];
}

/**
 * Reads every row by the mapping, with what makes a row unusable (a missing name, an address that is not one, a date
 * that is not a date, text too long to keep) as its reasons, and what will be left out as notes.
 */
export function readImport(sheet: SheetFile, mapping: ColumnMapping): ImportRead {
  const columns = columnsOf(sheet.headers, mapping);
  const notes: string[] = [];
  const dates = columns.birthDate === undefined ? [] : sheet.rows.map((row) => row.cells[columns.birthDate!]);
  const dayOrder = dayOrderOf(dates);
  if (columns.birthDate !== undefined && dayOrder.decided) {
    notes.push(dayOrder.order === 'day-first' ? 'Dates such as 03/04/1980 are read as day/month/year (4 April 1980).' : 'Dates such as 03/04/1980 are read as month/day/year (March 4, 1980).');
  }
  const rows = sheet.rows.map(({ row, cells }): ReadRow => {
    const reasons: string[] = [];
    const rowNotes: string[] = [];
    const read = (field: ImportField) => (columns[field] === undefined ? '' : cells[columns[field]!]);
    const text = (field: ImportField, limit: number) => {
      const value = read(field);
      if (value.length > limit) reasons.push(`The ${FIELD_WORDS[field]} is longer than ${limit} characters.`);
      return value === '' ? null : value;
    };
    const firstName = text('firstName', LIMITS.name) ?? '';
    const lastName = text('lastName', LIMITS.name) ?? '';
    if (firstName === '') reasons.push(columns.firstName === undefined ? 'No column is chosen as the first name.' : 'The first name is empty.');
    if (lastName === '') reasons.push(columns.lastName === undefined ? 'No column is chosen as the last name.' : 'The last name is empty.');
    const email = text('email', LIMITS.email);
    if (email !== null && !isMailbox(email)) reasons.push(`“${email}” is not an e-mail address.`);
    let birth: ImportedPerson['birth'] = null;
    const birthText = read('birthDate');
    if (birthText !== '') {
      const parsed = birthOf(birthText, dayOrder.order);
      if (parsed === undefined) reasons.push(`“${birthText}” is not a birth date; write it as 1980-05-17.`);
      else if (dayOrder.mixed && /\//.test(birthText)) reasons.push(`“${birthText}”: the file writes dates both day first and month first; write it as 1980-05-17.`);
      else birth = parsed;
    }
    const genderText = plain(read('gender'));
    const gender = genderText === '' ? 0 : GENDERS[genderText] ?? 0;
    if (genderText !== '' && gender === 0) rowNotes.push(`The gender “${read('gender')}” is not one this service keeps (male or female): left blank.`);
    const roleText = plain(read('familyRole'));
    const familyRoleId = roleText === '' ? null : ROLE_NAMES[roleText] ?? null;
    if (roleText !== '' && familyRoleId === null) rowNotes.push(`The family role “${read('familyRole')}” is not one of ${FAMILY_ROLES.map((r) => r.name).join(', ')}: left blank.`);
    const familyName = text('family', LIMITS.name);
    const familyKey = read('familyKey') || null;
    const address = {
      address1: text('address1', LIMITS.address), address2: text('address2', LIMITS.address), city: text('city', LIMITS.place),
      state: text('state', LIMITS.place), zip: text('zip', LIMITS.place), country: text('country', LIMITS.place),
    };
    if (!familyName && !familyKey && Object.values(address).some((value) => value !== null)) {
      rowNotes.push('The address is kept with a family, and this row names none: the address is left out.');
    }
    const person: ImportedPerson = {
      row, firstName, lastName, email, birth, gender, familyRoleId,
      middleName: text('middleName', LIMITS.name),
      cellPhone: text('cellPhone', LIMITS.phone),
      homePhone: text('homePhone', LIMITS.phone),
      workPhone: text('workPhone', LIMITS.phone),
    };
    return {
      row, name: `${firstName} ${lastName}`.trim(), reasons, notes: rowNotes, familyKey, familyName, address,
      ...(reasons.length === 0 && { person }),
    };
  });
  return { rows, notes };
}

/** The rows' e-mail addresses and last names in lower case, for the database to find who of them is already here. */
export function lookupKeys(read: ImportRead) {
  const people = read.rows.flatMap((row) => (row.person ? [row.person] : []));
  return {
    emails: [...new Set(people.flatMap((p) => (p.email ? [p.email.toLowerCase()] : [])))],
    lastNames: [...new Set(people.map((p) => p.lastName.toLowerCase()))],
  };
}

const sameBirth = (person: ImportedPerson, known: KnownPerson) =>
  person.birth !== null && known.birth_month === person.birth.month && known.birth_day === person.birth.day
  && (person.birth.year === null || known.birth_year === null || known.birth_year === person.birth.year);

const emailKey = (email: string, firstName: string) => `${email.toLowerCase()}|${plain(firstName)}`;

/**
 * Who a row is, if they are here already: the same e-mail address and first name (a couple may share one address,
 * so the address alone does not make two rows one person), else the same name and birth date. Indexed, so that
 * thousands of rows against thousands of people stay a few milliseconds.
 */
function matcher(known: readonly KnownPerson[]) {
  const byEmail = new Map<string, KnownPerson>();
  const byName = new Map<string, KnownPerson[]>();
  for (const person of known) {
    if (person.email) {
      const key = emailKey(person.email, person.first_name);
      if (!byEmail.has(key)) byEmail.set(key, person);
    }
    const name = nameKey(person.first_name, person.last_name);
    if (!byName.has(name)) byName.set(name, []);
    byName.get(name)!.push(person);
  }
  return (person: ImportedPerson): { known: KnownPerson; by: 'email' | 'name_birth' } | undefined => {
    const sameEmail = person.email ? byEmail.get(emailKey(person.email, person.firstName)) : undefined;
    if (sameEmail) return { known: sameEmail, by: 'email' };
    const sameName = byName.get(nameKey(person.firstName, person.lastName))?.find((k) => sameBirth(person, k));
    return sameName ? { known: sameName, by: 'name_birth' } : undefined;
  };
}

/**
 * What an import will do, row by row: create the person (in a new family, in the family of a member already here,
 * or in none), leave a person already here as they are (matched), or refuse the row, with the reasons. A row that
 * repeats an earlier one (as a match would find it) is refused, and so is every other row of a family one of whose
 * rows is refused: a family is imported whole or not at all.
 */
export function planImport(read: ImportRead, known: readonly KnownPerson[]): ImportPlan {
  const outcomes = new Map<number, RowOutcome>();
  const notesOf = new Map(read.rows.map((row) => [row.row, [...row.notes]]));
  const matchOf = matcher(known);
  const seenByEmail = new Map<string, number>();
  const seenByBirth = new Map<string, number>();
  for (const row of read.rows) {
    const { person } = row;
    if (!person) {
      outcomes.set(row.row, { kind: 'refuse', reasons: row.reasons });
      continue;
    }
    const email = person.email ? emailKey(person.email, person.firstName) : undefined;
    const birth = person.birth ? `${nameKey(person.firstName, person.lastName)}|${person.birth.year}-${person.birth.month}-${person.birth.day}` : undefined;
    const earlier = email && seenByEmail.has(email)
      ? { row: seenByEmail.get(email)!, by: 'the same e-mail address and first name' }
      : birth && seenByBirth.has(birth) ? { row: seenByBirth.get(birth)!, by: 'the same name and birth date' } : undefined;
    if (earlier) {
      outcomes.set(row.row, { kind: 'refuse', reasons: [`Row ${earlier.row} is the same person (${earlier.by}): this row is left out.`], repeats: earlier.row });
      continue;
    }
    if (email) seenByEmail.set(email, row.row);
    if (birth) seenByBirth.set(birth, row.row);
    const match = matchOf(person);
    outcomes.set(row.row, match ? { kind: 'match', person, ...match } : { kind: 'create', person, family: null });
  }

  // Families: the rows sharing a family key (else a family name), all in or all out.
  const groupOf = (row: ReadRow) => (row.familyKey ? `key:${plain(row.familyKey)}` : row.familyName ? `name:${plain(row.familyName)}` : null);
  const groups = new Map<string, ReadRow[]>();
  for (const row of read.rows) {
    const group = groupOf(row);
    if (group && !groups.has(group)) groups.set(group, []);
    if (group) groups.get(group)!.push(row);
  }
  for (const [key, members] of groups) {
    const refused = members.find((member) => {
      const outcome = outcomes.get(member.row)!;
      return outcome.kind === 'refuse' && outcome.repeats === undefined;
    });
    const familyName = members.find((member) => member.familyName)?.familyName ?? members.find((member) => member.person)?.person!.lastName ?? '';
    if (refused) {
      for (const member of members) {
        if (outcomes.get(member.row)!.kind === 'create') {
          outcomes.set(member.row, { kind: 'refuse', reasons: [`Row ${refused.row} of the same family (${familyName}) is refused, and a family is imported whole: fix that row and import again.`] });
        }
      }
      continue;
    }
    const matched = members.map((member) => outcomes.get(member.row)!).find((outcome) => outcome.kind === 'match' && outcome.known.family_id !== null);
    const existing = matched?.kind === 'match' ? { id: matched.known.family_id!, name: matched.known.family_name ?? familyName } : null;
    const address = members.map((member) => member.address).find((a) => Object.values(a).some((value) => value !== null))
      ?? { address1: null, address2: null, city: null, state: null, zip: null, country: null };
    const family: ImportedFamily = { key, name: familyName, address, existing };
    for (const member of members) {
      const outcome = outcomes.get(member.row)!;
      const namesake = existing && outcome.kind === 'create'
        ? known.find((k) => k.family_id === existing.id && nameKey(k.first_name, k.last_name) === nameKey(outcome.person.firstName, outcome.person.lastName))
        : undefined;
      if (namesake && outcome.kind === 'create') outcomes.set(member.row, { kind: 'match', person: outcome.person, known: namesake, by: 'name_family' });
      else if (outcome.kind === 'create') outcomes.set(member.row, { ...outcome, family });
      if (outcome.kind === 'match' && existing && outcome.known.family_id !== existing.id) {
        notesOf.get(member.row)!.push(`Already in another family (${outcome.known.family_name ?? 'none'}): left there.`);
      }
    }
  }

  const rows = read.rows.map((row) => ({ row: row.row, name: row.name, outcome: outcomes.get(row.row)!, notes: notesOf.get(row.row)! }));
  return { rows, notes: read.notes, planId: fingerprint(rows) };
}

/** What the commit writes and leaves, as a short hash: each row's outcome, the people matched, and who is created where. */
function fingerprint(rows: readonly PlannedRow[]): string {
  const hash = createHash('sha256');
  for (const { row, outcome } of rows) {
    const detail = outcome.kind === 'match' ? outcome.known.id : outcome.kind === 'create' ? JSON.stringify([outcome.person, outcome.family]) : '';
    hash.update(`${row}:${outcome.kind}:${detail}\n`);
  }
  return hash.digest('base64url').slice(0, 22);
}
