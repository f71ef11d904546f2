/*
 * The CSV the service sends and the web app saves (the report's tables), written once: src/shared is imported by both,
 * so it imports nothing (tests/domain/layering.test.ts, web-layering.test.ts).
 */

/**
 * One CSV line (RFC 4180). A cell that begins with = + - @, a tab or a carriage return gets a leading ', so that a
 * spreadsheet shows it as text instead of running it as a formula (OWASP's CSV injection advice); the people import
 * takes that ' off again.
 */
export function csvLine(cells: ReadonlyArray<string | number | null>): string {
  return cells.map((value) => {
    const text = value === null ? '' : typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
    return /[",;\r\n\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  }).join(',');
}

/** Rows as a CSV file: a header line, then one line per row, with CRLF line ends as spreadsheets write them. */
export const csvFile = (header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>) =>
  `${[header, ...rows].map(csvLine).join('\r\n')}\r\n`;
