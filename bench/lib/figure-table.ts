import type { ServingFigure } from './peer-load.js';

/** A serving figure's speed as the tables print it: req/s (p50 / p99 ms). */
export const speedCell = (f: ServingFigure) => `${f.requestsPerSecond} (${f.p50} / ${f.p99})`;

/** Its CPU per request, with the service's and the database's milliseconds and the requests they were spent on. */
export const cpuCell = (f: ServingFigure) => `${f.cpuMsPerRequest} (${f.cpuMs.service} + ${f.cpuMs.database} ms over ${f.requests})`;

/** Its answers by status, and the requests that got none. */
export const answersCell = (f: ServingFigure) => `${Object.entries(f.statusCounts).map(([code, n]) => `${n}×${code}`).join(', ')}, ${f.errors} errors`;

/** A Markdown table, each column as wide as its widest cell, so that it reads in a terminal as in the README. */
export function markdownTable(header: readonly string[], body: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((row) => row[i].length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
