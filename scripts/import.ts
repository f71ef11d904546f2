/**
 * `npm run import -- FILE [--commit] [--map "Header=field"]…`: the People page's import from the command line. Without
 * --commit it is the dry run: it prints, row by row, who would be created, who is already here (matched) and which
 * rows are refused and why, and writes nothing. With --commit it writes that plan in one transaction (all or
 * nothing), printing progress. --map chooses a column's field when its header is not recognised ("Vorname=firstName",
 * or "Notes=" to leave a column out). It works on the configured database (DATA_DIR or DATABASE_URL, as `npm start`);
 * the embedded database must be stopped first, because only one process may open its data directory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { migrateToLatest, openPglite, openPostgres, type Database } from '../src/db/database.js';
import { systemClock } from '../src/domain/clock.js';
import { AppError } from '../src/domain/errors.js';
import { IMPORT_FIELDS, type ColumnMapping, type ImportField } from '../src/domain/people/import-mapping.js';
import type { DryRun } from '../src/domain/people/import.service.js';
import { buildServices } from '../src/domain/services.js';
import { Refusal, runCommand } from './snapshot/cli.js';

const USAGE = `Usage: npm run import -- FILE [--commit] [--map "Header=field"]…
Fields: ${IMPORT_FIELDS.join(', ')} (empty after = leaves the column out)`;

/** "Header=field" options as a mapping; an unknown field is refused with the list of fields. */
function mappingOf(options: string[]): ColumnMapping | undefined {
  if (options.length === 0) return undefined;
  return Object.fromEntries(options.map((option) => {
    const at = option.lastIndexOf('=');
    if (at < 1) throw new Refusal(`--map takes "Header=field", not "${option}".\n${USAGE}`);
    const field = option.slice(at + 1).trim();
    if (field !== '' && !(IMPORT_FIELDS as readonly string[]).includes(field)) throw new Refusal(`"${field}" is not a field.\n${USAGE}`);
    return [option.slice(0, at), field === '' ? null : field as ImportField];
  }));
}

const OUTCOME_WORDS = { create: 'create', match: 'match ', refuse: 'REFUSE' } as const;
const MATCH_WORDS = { email: 'same e-mail address and first name', name_birth: 'same name and birth date', name_family: 'same name in the same family' } as const;

function printDryRun({ sheet, mapping, plan }: DryRun): void {
  console.log(`Read ${sheet.rowCount} rows (${sheet.encoding}, "${sheet.delimiter === '\t' ? 'tab' : sheet.delimiter}" between cells). Columns:`);
  for (const header of sheet.headers) console.log(`  ${header.padEnd(28)} → ${mapping[header] ?? '(not imported)'}`);
  for (const note of plan.notes) console.log(note);
  for (const row of plan.rows) {
    const { outcome } = row;
    const why = outcome.kind === 'refuse' ? outcome.reasons.join(' ')
      : outcome.kind === 'match' ? `already here as #${outcome.known.id} (${MATCH_WORDS[outcome.by]})`
        : outcome.family ? `family ${outcome.family.existing ? `${outcome.family.existing.name} (#${outcome.family.existing.id})` : `${outcome.family.name} (new)`}` : 'no family';
    console.log(`  row ${String(row.row).padStart(5)}  ${OUTCOME_WORDS[outcome.kind]}  ${row.name || '(no name)'}: ${why}${row.notes.length ? ` [${row.notes.join(' ')}]` : ''}`);
  }
  const count = (kind: string) => plan.rows.filter((row) => row.outcome.kind === kind).length;
  console.log(`${count('create')} to create, ${count('match')} already here, ${count('refuse')} refused.`);
}

runCommand(async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { commit: { type: 'boolean', default: false }, map: { type: 'string', multiple: true, default: [] } } });
  if (positionals.length !== 1) throw new Refusal(USAGE);
  const file = path.resolve(positionals[0]);
  if (!fs.existsSync(file)) throw new Refusal(`There is no file ${file}.`);
  const request = { file: fs.readFileSync(file), mapping: mappingOf(values.map) };
  const config = loadConfig();
  const database: Database = config.databaseUrl ? openPostgres(config.databaseUrl, { poolSize: 1 }) : await openPglite(config.dataDir);
  try {
    await migrateToLatest(database.db);
    const { peopleImport } = buildServices(database, systemClock);
    const dryRun = await peopleImport.dryRun(request).catch(refusal);
    printDryRun(dryRun);
    if (!values.commit) {
      console.log('This was a dry run: nothing was written. Run it again with --commit to import.');
      return;
    }
    const started = performance.now();
    const isTerminal = process.stdout.isTTY;
    // Entered by the system (0): the command runs at the server, not as one of the church's users.
    const result = await peopleImport.commit(0, { ...request, planId: dryRun.plan.planId }, (done, total) => {
      if (isTerminal) process.stdout.write(`\rimporting: ${done} of ${total} people`);
      else console.log(`importing: ${done} of ${total} people`);
    }).catch(refusal);
    if (isTerminal) process.stdout.write('\n');
    console.log(`Imported ${result.created} people, with ${result.familiesCreated} new ${result.familiesCreated === 1 ? 'family' : 'families'} (${((performance.now() - started) / 1000).toFixed(1)} s); ${result.matched} already here and ${result.refused} refused rows were left alone.`);
  } finally {
    await database.close();
  }
});

/** A refusal of the import (a file that cannot be read, a plan changed meanwhile) as the command's one line. */
function refusal(error: unknown): never {
  throw error instanceof AppError ? new Refusal(error.message) : error;
}
