/**
 * A table's figures as a CSV file the browser saves, escaped as the service's own CSV files are (a cell that begins
 * with = + - @, a tab or a carriage return gets a leading ', so a spreadsheet does not run it as a formula).
 */
export function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const line = (cells: ReadonlyArray<string | number | null>) => cells.map((value) => {
    const text = value === null ? '' : typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
    return /[",;\r\n\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  }).join(',');
  return `${[header, ...rows].map(line).join('\r\n')}\r\n`;
}

export function saveCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
