import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import { SnapshotError, writeSnapshot, type SnapshotRecord } from './snapshot.js';

/**
 * A snapshot on disk: gzip-compressed JSON lines, one record a line. Written beside its final name and renamed
 * when complete, so that an interrupted backup never leaves a file that looks whole.
 */
export async function saveSnapshotFile(db: Kysely<DB>, file: string, onTable?: (table: string, rows: number) => void): Promise<Record<string, number>> {
  removeLeftoverPartials(path.dirname(file));
  const partial = `${file}.partial-${process.pid}`;
  const gzip = zlib.createGzip();
  const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
  let lastTable = '';
  let rowsOfTable = 0;
  try {
    const counts = await writeSnapshot(db, async (record) => {
      if (record.kind === 'rows') {
        rowsOfTable = record.table === lastTable ? rowsOfTable + record.rows.length : record.rows.length;
        lastTable = record.table;
        onTable?.(record.table, rowsOfTable);
      }
      if (!gzip.write(`${JSON.stringify(record)}\n`)) await new Promise((resolve) => gzip.once('drain', resolve));
    });
    gzip.end();
    await written;
    fs.renameSync(partial, file);
    return counts;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** What backups killed before their end left in `directory`: the files of writers that no longer run. */
function removeLeftoverPartials(directory: string): void {
  for (const entry of fs.existsSync(directory) ? fs.readdirSync(directory) : []) {
    const pid = Number(/\.partial-(\d+)$/.exec(entry)?.[1]);
    if (pid > 0 && pid !== process.pid && !isRunning(pid)) fs.rmSync(path.join(directory, entry), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The records of a snapshot file, read as they are needed. */
export async function* readSnapshotFile(file: string): AsyncGenerator<SnapshotRecord> {
  if (!fs.existsSync(file)) throw new SnapshotError(`There is no file ${file}`);
  const lines = readline.createInterface({ input: Readable.from(fs.createReadStream(file).pipe(zlib.createGunzip())), crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const line of lines) {
      number++;
      if (line === '') continue;
      try {
        yield JSON.parse(line) as SnapshotRecord;
      } catch {
        throw new SnapshotError(`${file} is damaged at line ${number}: it is not a snapshot record`);
      }
    }
  } catch (error) {
    if (error instanceof SnapshotError) throw error;
    throw new SnapshotError(`${file} cannot be read as a snapshot: ${(error as Error).message}`);
  }
}
