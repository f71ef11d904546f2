/**
 * The node arguments of package.json's scripts, so that the tests and benchmarks that run `npm start` or a data
 * command in a process of their own (to hold its pid, or without npm's own start-up) run it exactly the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** For example `['scripts/run.mjs', 'scripts/backup.ts']` for `backup`: the script's command without its leading `node`. */
export function scriptArguments(name) {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [command, ...args] = scripts[name].trim().split(/\s+/);
  if (command !== 'node') throw new Error(`package.json's ${name} script must run node, not ${command}`);
  return args;
}

/** For example `['--max-old-space-size=512', 'scripts/start.mjs']`: `npm start`'s command without its leading `node`. */
export function startArguments() {
  return scriptArguments('start');
}
