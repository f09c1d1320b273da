// CSV cells for the files managers open in a spreadsheet (the price list, the sales report).

/** One cell: quoted when it holds a comma, quote or line break; a cell a spreadsheet would run as a
 * formula is written as text (leading apostrophe), which the price list's import reads back without it. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV with CRLF line ends (RFC 4180), ending in a line break. */
export function csvRows(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
