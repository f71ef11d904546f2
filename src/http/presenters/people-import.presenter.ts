import { IMPORT_FIELDS } from '../../domain/people/import-mapping.js';
import type { MatchedBy, PlannedRow } from '../../domain/people/import-plan.js';
import type { DryRun, ImportResult } from '../../domain/people/import.service.js';
import { FAMILY_ROLES, type PeopleService } from '../../domain/people/people.service.js';
import type { ImportDryRunView, ImportResultView, ImportRowView } from '../schemas/people-import.schemas.js';
import { csvFile } from '../../shared/csv.js';

const MATCH_WORDS: Record<MatchedBy, string> = {
  email: 'the same e-mail address and first name', name_birth: 'the same name and birth date', name_family: 'the same name in the same family',
};

/** What will happen to a row, in words: for a refused row its reasons, for the others where the person goes. */
function reasonsOf(row: PlannedRow): string[] {
  const { outcome } = row;
  if (outcome.kind === 'refuse') return outcome.reasons;
  if (outcome.kind === 'match') {
    const why = MATCH_WORDS[outcome.by];
    return [`Already here as ${outcome.known.first_name} ${outcome.known.last_name} (#${outcome.known.id}), with ${why}: left as they are.`];
  }
  if (!outcome.family) return ['Will be added, in no family.'];
  return [outcome.family.existing
    ? `Will be added to the family ${outcome.family.existing.name} (#${outcome.family.existing.id}), where others of the file already are.`
    : `Will be added, in the new family ${outcome.family.name}.`];
}

function presentRow(row: PlannedRow): ImportRowView {
  const { outcome } = row;
  const family = outcome.kind === 'create' && outcome.family
    ? { name: outcome.family.existing?.name ?? outcome.family.name, familyId: outcome.family.existing?.id ?? null }
    : outcome.kind === 'match' && outcome.known.family_id !== null ? { name: outcome.known.family_name ?? '', familyId: outcome.known.family_id } : null;
  return {
    row: row.row,
    name: row.name,
    outcome: outcome.kind,
    reasons: reasonsOf(row),
    notes: row.notes,
    family,
    personId: outcome.kind === 'match' ? outcome.known.id : null,
    matchedBy: outcome.kind === 'match' ? outcome.by : null,
  };
}

export function presentDryRun(dryRun: DryRun): ImportDryRunView {
  const { sheet, plan } = dryRun;
  const count = (kind: string) => plan.rows.filter((row) => row.outcome.kind === kind).length;
  const newFamilies = new Set(plan.rows.flatMap((row) => (row.outcome.kind === 'create' && row.outcome.family && !row.outcome.family.existing ? [row.outcome.family.key] : [])));
  return {
    planId: plan.planId,
    file: { encoding: sheet.encoding, delimiter: sheet.delimiter === '\t' ? 'tab' : sheet.delimiter, rows: sheet.rowCount },
    columns: sheet.headers.map((header, index) => ({
      header, field: dryRun.mapping[header] ?? null, suggested: dryRun.suggested[header] ?? null, sample: sheet.samples[index],
    })),
    fields: [...IMPORT_FIELDS],
    summary: { create: count('create'), match: count('match'), refuse: count('refuse'), newFamilies: newFamilies.size },
    notes: plan.notes,
    rows: plan.rows.map(presentRow),
  };
}

export const presentImportResult = (result: ImportResult): ImportResultView => ({
  created: result.created, matched: result.matched, refused: result.refused, familiesCreated: result.familiesCreated, personIds: result.createdIds,
});

const GENDER_WORDS = ['', 'Male', 'Female'] as const;
const ROLE_WORDS = new Map(FAMILY_ROLES.map((role) => [role.role_id, role.name]));
const pad = (value: number) => String(value).padStart(2, '0');

/** The people export's columns: headers the import recognises, so that a file exported here comes back matched. */
const EXPORT_HEADER = [
  'Person ID', 'First Name', 'Middle Name', 'Last Name', 'Email', 'Cell Phone', 'Home Phone', 'Work Phone', 'Birth Date', 'Gender',
  'Family ID', 'Family', 'Family Role', 'Address 1', 'Address 2', 'City', 'State', 'Zip', 'Country',
];

/**
 * Everyone as a CSV file for a spreadsheet: UTF-8 with a byte-order mark (without one Excel reads accents wrongly),
 * birth dates as 1980-05-17 (or 05-17 when the year is not known, as ChurchCRM writes them).
 */
export function peopleCsv(rows: Awaited<ReturnType<PeopleService['exportPeople']>>): string {
  return `\uFEFF${csvFile(EXPORT_HEADER, rows.map((p) => [
    p.id, p.first_name, p.middle_name, p.last_name, p.email, p.cell_phone, p.home_phone, p.work_phone,
    p.birth_month && p.birth_day ? `${p.birth_year ? `${p.birth_year}-` : ''}${pad(p.birth_month)}-${pad(p.birth_day)}` : null,
    GENDER_WORDS[p.gender as 0 | 1 | 2] ?? '', p.family_id, p.family_name, p.family_role_id ? ROLE_WORDS.get(p.family_role_id) ?? null : null,
    p.address1, p.address2, p.city, p.state, p.zip, p.country,
  ]))}`;
}
