import { CsvError, parse } from 'csv-parse/sync';
import { invalid } from '../errors.js';

/** The most rows one import takes: a church's whole roll at once, while the dry run's answer stays a few megabytes. */
export const IMPORT_ROW_LIMIT = 20_000;

/** A spreadsheet as read: its header row, its data rows (cells trimmed) and how the file was written. */
export interface SheetFile {
  headers: string[];
  /** Each data row with its row number in the spreadsheet (the header's is 1), as many cells as headers. */
  rows: Array<{ row: number; cells: string[] }>;
  encoding: 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'Windows-1252';
  delimiter: ',' | ';' | '\t';
}

/**
 * The file's text. Excel writes "CSV UTF-8" with a byte-order mark, "Unicode text" as UTF-16 with one, and plain
 * "CSV" in the computer's code page (Windows-1252 for English and Spanish); a file that is not valid UTF-8 is read
 * as the latter, so "Muñoz" survives either way.
 */
function decode(bytes: Uint8Array): { text: string; encoding: SheetFile['encoding'] } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16BE' };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'Windows-1252' };
  }
}

/**
 * The separator the header row uses most, outside quotes: a comma, a semicolon (spreadsheets in Spanish and most of
 * Europe, where the comma is the decimal mark) or a tab (Excel's "Unicode text").
 */
function delimiterOf(text: string): SheetFile['delimiter'] {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  return (Object.entries(counts) as Array<[SheetFile['delimiter'], number]>).reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** A cell as a person wrote it: our own export's guard against spreadsheet formulas (a leading ') taken off again. */
const cellText = (value: string) => {
  const text = value.trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
};

/** Why csv-parse stopped, in words for whoever saved the file. */
function unreadable(error: CsvError): Error {
  const line = 'lines' in error && typeof error.lines === 'number' ? ` (line ${error.lines})` : '';
  const why = error.code === 'CSV_QUOTE_NOT_CLOSED'
    ? 'a quoted cell is never closed'
    : error.code === 'CSV_INVALID_CLOSING_QUOTE' ? 'a closing quote is followed by more text' : 'it is not well-formed';
  return invalid(`The file cannot be read as CSV: ${why}${line}. Save it from the spreadsheet again as CSV and retry`);
}

/**
 * Reads a CSV file (RFC 4180 quoting, a byte-order mark, `,` `;` or tab separators, UTF-8, UTF-16 or Windows-1252).
 * Throws 400 for a file that is empty, has no data rows, more than IMPORT_ROW_LIMIT of them, or broken quoting.
 */
export function readSheet(bytes: Uint8Array): SheetFile {
  const { text, encoding } = decode(bytes);
  const delimiter = delimiterOf(text);
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, bom: true });
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(error);
    throw error;
  }
  // Blank rows are skipped but keep their number, so that "row 12" is row 12 in the spreadsheet.
  const [header, ...data] = records.map((cells, index) => ({ row: index + 1, cells }))
    .filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (!header) throw invalid('The file is empty: it needs a header row naming the columns, then one row per person');
  if (data.length === 0) throw invalid('The file has a header row but no people under it');
  if (data.length > IMPORT_ROW_LIMIT) throw invalid(`The file has ${data.length} rows; import at most ${IMPORT_ROW_LIMIT} at a time`);
  const headers = header.cells.map(cellText);
  return {
    headers,
    rows: data.map(({ row, cells }) => ({ row, cells: headers.map((_, column) => cellText(cells[column] ?? '')) })),
    encoding,
    delimiter,
  };
}
