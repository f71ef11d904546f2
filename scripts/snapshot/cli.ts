import { ConfigError } from '../../src/config.js';
import { DataDirLockedError, NewerDataError } from '../../src/db/database.js';
import { isDiskFull } from '../../src/db/errors.js';
import { SnapshotError } from '../../src/db/snapshot.js';

/** A command's wrong use or a refusal: reported in one line, without a stack, exit code 1. */
export class Refusal extends Error {}

/** Runs a command's `main`, turning the errors a user can act on into one plain line. */
export function runCommand(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const known = error instanceof Refusal || error instanceof SnapshotError || error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof NewerDataError;
    if (isDiskFull(error)) console.error('The disk is full: nothing was changed. Free some space and run the command again.');
    else console.error(known ? (error as Error).message : error);
    process.exit(1);
  });
}

/** The positional arguments and whether `--force` was given; any other option is refused. */
export function parseArguments(argv: string[], usage: string): { positional: string[]; force: boolean } {
  const unknown = argv.filter((arg) => arg.startsWith('--') && arg !== '--force');
  if (unknown.length > 0) throw new Refusal(`Unknown option ${unknown[0]}.\n${usage}`);
  return { positional: argv.filter((arg) => !arg.startsWith('--')), force: argv.includes('--force') };
}

/** A connection string fit to print: its password replaced. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a connection string that cannot be parsed)';
  }
}

/** Prints progress on one line per table as rows go by (a large church has hundreds of thousands). */
export function progressPrinter(verb: string): { onTable: (table: string, rows: number) => void; done: () => void } {
  let current = '';
  const isTerminal = process.stdout.isTTY;
  return {
    onTable(table, rows) {
      if (table !== current && current !== '' && isTerminal) process.stdout.write('\n');
      if (table !== current && !isTerminal) console.log(`${verb} ${table}`);
      current = table;
      if (isTerminal) process.stdout.write(`\r${verb} ${table}: ${rows.toLocaleString('en-US')} rows`);
    },
    done() {
      if (current !== '' && isTerminal) process.stdout.write('\n');
    },
  };
}

/** The row counts as a two-column table, tables without rows left out. */
export function printCounts(counts: Array<{ table: string; rows: number }>): void {
  const shown = counts.filter((c) => c.rows > 0);
  const width = Math.max(5, ...shown.map((c) => c.table.length));
  for (const { table, rows } of shown) console.log(`  ${table.padEnd(width)}  ${rows.toLocaleString('en-US').padStart(10)}`);
  console.log(`  ${'total'.padEnd(width)}  ${shown.reduce((sum, c) => sum + c.rows, 0).toLocaleString('en-US').padStart(10)}`);
}
