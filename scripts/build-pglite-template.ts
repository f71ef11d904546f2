/**
 * `npm run build:pglite-template`: builds `src/db/pglite-template.tar.br`, an empty PGlite data directory with
 * every migration applied, as a brotli-compressed tarball. A first start on an empty DATA_DIR unpacks it instead
 * of running initdb (2.5–4 s). Run it after adding a migration; a test fails while the template lacks one.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { migrateToLatest, PGLITE_TEMPLATE_FILE, pgliteParsers, wrapPglite } from '../src/db/database.js';

const started = performance.now();
const step = (text: string) => console.log(`pglite template: ${text} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

step('creating an empty database (initdb takes a few seconds)');
const pglite = await PGlite.create({ parsers: pgliteParsers() });
const database = await wrapPglite(pglite);
try {
  const applied = await migrateToLatest(database.db);
  step(`applied ${applied.length} migrations: ${applied.join(', ')}`);
  // Moving to a new WAL segment and checkpointing with recycling off deletes the segment full of initdb's
  // records: the shipped one is nearly all zeros, and a start from it has next to nothing to replay.
  await pglite.exec('set wal_recycle = off');
  await pglite.query('select pg_switch_wal()');
  await pglite.exec('checkpoint');
  step('checkpointed; dumping and compressing');
  const tar = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  // Brotli's 16 MB window sees that the three databases (template0, template1, postgres) are nearly the same
  // pages: 0.8 MB where gzip's 32 KB window leaves 3 MB.
  const compressed = zlib.brotliCompressSync(tar, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_LGWIN]: 24, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tar.length },
  });
  fs.writeFileSync(PGLITE_TEMPLATE_FILE, compressed);
  step(`wrote ${path.relative(process.cwd(), PGLITE_TEMPLATE_FILE)}, ${(compressed.length / 1024 / 1024).toFixed(1)} MB`);
} finally {
  await database.close();
}
