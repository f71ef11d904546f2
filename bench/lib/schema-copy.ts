import { execFileSync } from 'node:child_process';

/**
 * Copies of the schema `from` of the database at `url`, made in the same database: its pg_dump, taken once, run
 * again by psql with the schema's name replaced. Answers the function that makes the copy `to`, which must not exist.
 * The copies hold no statistics: analyze them before measuring.
 */
export function schemaCopier(url: string, from: string): (to: string) => void {
  const dump = execFileSync('pg_dump', ['--no-owner', '--schema', from, url], { encoding: 'utf8', maxBuffer: 1 << 30 });
  return (to) => {
    execFileSync('psql', ['--quiet', '--set', 'ON_ERROR_STOP=1', url], { input: dump.replaceAll(from, to), stdio: ['pipe', 'ignore', 'inherit'] });
  };
}
