import type { Kysely } from 'kysely';
import { withTransaction, type Repositories } from '../../db/repositories/index.js';
import type { DB, NewPerson } from '../../db/schema.js';
import type { ChurchTime } from '../church-time.js';
import { DatabaseService } from '../database-service.js';
import { conflict } from '../errors.js';
import { readSheet, type SheetFile } from './import-file.js';
import { mappingOf, suggestedMapping, type ColumnMapping } from './import-mapping.js';
import { lookupKeys, planImport, readImport, type ImportedFamily, type ImportPlan } from './import-plan.js';

/** A file to import and the mapping the user chose (columns left out keep the suggested field). */
export interface ImportRequest {
  file: Uint8Array;
  mapping?: ColumnMapping;
}

export interface DryRun {
  /** How the file was read, with each column's first value (to tell columns apart when choosing their fields). */
  sheet: Omit<SheetFile, 'rows'> & { rowCount: number; samples: string[] };
  /** The mapping used, and the one the headers suggest (to undo a change). */
  mapping: ColumnMapping;
  suggested: ColumnMapping;
  plan: ImportPlan;
}

export interface ImportResult {
  created: number;
  matched: number;
  refused: number;
  familiesCreated: number;
  /** The people created, in the file's order. */
  createdIds: number[];
}

/** How many people go in one statement: a few thousand parameters, far below PostgreSQL's 65,535. */
const BATCH = 500;

/**
 * People and families imported from a spreadsheet (issue 33 #3): a dry run that writes nothing and says row by row
 * what would happen, then a commit that writes exactly that, all or nothing.
 */
export class PeopleImportService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime) {
    super(db);
  }

  /** What importing the file would do; writes nothing. 400 for a file that cannot be read. */
  async dryRun(request: ImportRequest): Promise<DryRun> {
    return this.planWith(this.repos, request);
  }

  /**
   * Writes the dry run's plan: the people it creates and the new families they form, in one transaction; matched
   * and refused rows are left alone. 409 when the plan is no longer `planId`'s (the file, the mapping or the people
   * already here changed since the dry run). `onProgress` hears how many of the people are written.
   */
  async commit(
    enteredBy: number,
    request: ImportRequest & { planId: string },
    onProgress?: (done: number, total: number) => void,
  ): Promise<ImportResult> {
    const now = await this.time.now();
    return withTransaction(this.db, async (repos) => {
      const { plan } = await this.planHolding(repos, request);
      const creates = plan.rows.flatMap((row) => (row.outcome.kind === 'create' ? [row.outcome] : []));
      const newFamilies = [...new Map(creates.flatMap((c) => (c.family && !c.family.existing ? [[c.family.key, c.family]] : []))).values()];
      const familyIds = new Map<string, number>();
      for (let start = 0; start < newFamilies.length; start += BATCH) {
        const batch = newFamilies.slice(start, start + BATCH);
        const ids = await repos.families.insertMany(batch.map((family) => ({
          name: family.name, ...family.address, home_phone: null, work_phone: null, cell_phone: null, email: null,
          entered_by: enteredBy, date_entered: now,
        })));
        batch.forEach((family, index) => familyIds.set(family.key, ids[index]));
      }
      const familyIdOf = (family: ImportedFamily | null) => (family ? family.existing?.id ?? familyIds.get(family.key)! : null);
      const createdIds: number[] = [];
      onProgress?.(0, creates.length);
      for (let start = 0; start < creates.length; start += BATCH) {
        const batch = creates.slice(start, start + BATCH);
        const stored = await repos.persons.insertMany(batch.map(({ person, family }): NewPerson => ({
          first_name: person.firstName, middle_name: person.middleName, last_name: person.lastName, email: person.email,
          cell_phone: person.cellPhone, home_phone: person.homePhone, work_phone: person.workPhone,
          birth_year: person.birth?.year ?? null, birth_month: person.birth?.month ?? null, birth_day: person.birth?.day ?? null,
          gender: person.gender, family_id: familyIdOf(family), family_role_id: person.familyRoleId,
          title: null, suffix: null, work_email: null, deceased_date: null, entered_by: enteredBy, date_entered: now,
        })));
        createdIds.push(...stored.map((row) => row.id));
        onProgress?.(createdIds.length, creates.length);
      }
      const count = (kind: string) => plan.rows.filter((row) => row.outcome.kind === kind).length;
      return { created: creates.length, matched: count('match'), refused: count('refuse'), familiesCreated: newFamilies.length, createdIds };
    });
  }

  /** 409 unless the plan, made afresh, is still the dry run's (400 for a file that cannot be read); writes nothing. */
  async assertPlanHolds(request: ImportRequest & { planId: string }): Promise<void> {
    await this.planHolding(this.repos, request);
  }

  private async planHolding(repos: Repositories, request: ImportRequest & { planId: string }): Promise<DryRun> {
    const dryRun = await this.planWith(repos, request);
    if (dryRun.plan.planId !== request.planId) {
      throw conflict('The file, the columns chosen or the people already here changed since the dry run: run the dry run again and check it before importing');
    }
    return dryRun;
  }

  private async planWith(repos: Repositories, request: ImportRequest): Promise<DryRun> {
    const sheet = readSheet(request.file);
    const mapping = mappingOf(sheet.headers, request.mapping);
    const read = readImport(sheet, mapping);
    const { emails, lastNames } = lookupKeys(read);
    const known = await repos.persons.importCandidates(emails, lastNames);
    const { rows, ...file } = sheet;
    const samples = file.headers.map((_, column) => rows.find((row) => row.cells[column] !== '')?.cells[column] ?? '');
    return { sheet: { ...file, rowCount: rows.length, samples }, mapping, suggested: suggestedMapping(sheet.headers), plan: planImport(read, known) };
  }
}
