/**
 * `node scripts/run.mjs scripts/backup.ts ARGS…`: the data commands' npm scripts (backup, restore, migrate-to,
 * demo, seed) run the command from its bundle (scripts/bundle.mjs). The command reads ARGS from
 * `process.argv.slice(2)`, as it would when run directly.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundled } from './bundle.mjs';

const entry = process.argv[2];
if (!entry?.endsWith('.ts')) {
  console.error('Usage: node scripts/run.mjs scripts/COMMAND.ts [ARGS…]');
  process.exit(2);
}
const bundle = await bundled(entry);
process.argv.splice(1, 2, path.resolve(entry));
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
