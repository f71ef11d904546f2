/**
 * The node arguments `npm start` runs the service with, read from package.json's `start` script, so that the tests
 * and benchmarks that start the service in a process of their own (to hold its pid) start it exactly the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** For example `['--max-old-space-size=512', 'scripts/start.mjs']`: `npm start`'s command without its leading `node`. */
export function startArguments() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [command, ...args] = scripts.start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`package.json's start script must run node, not ${command}`);
  return args;
}
