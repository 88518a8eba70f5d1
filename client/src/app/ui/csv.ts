import { unparse } from 'papaparse';

/** What one CSV cell may hold: numbers stay numbers, nothing is an empty cell. */
export type CsvValue = string | number | boolean | null;

/** One column of an export: its header and how a row fills it. */
export interface CsvColumn<T> {
  header: string;
  // Method syntax, so a column of a page's row type fits a list of any rows' columns.
  value(row: T): CsvValue;
}

/** Byte order mark, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula: a cell starting with `=`, `+`, `-`, `@`,
 * tab or carriage return. Such text cells get a leading `'`; numbers are never touched.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The rows as an RFC 4180 CSV document (CRLF line ends, fields quoted when they hold a
 * comma, quote or line break, quotes doubled), headed by the columns' headers and
 * preceded by a byte order mark. The rows are written as given: the caller passes every
 * row matching its filters, in its order.
 */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const body = unparse(
    {
      fields: columns.map((c) => c.header),
      data: rows.map((row) => columns.map((c) => cellValue(c.value(row)))),
    },
    { newline: '\r\n', escapeFormulae: FORMULA_START, header: true },
  );
  return CSV_BOM + body + '\r\n';
}

function cellValue(value: CsvValue): string | number | boolean {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return value;
}

/** A file name for an export: `<name>-<YYYY-MM-DD>.csv`, safe on every file system. */
export function csvFileName(name: string, now: Date): string {
  const base = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Offers `text` to the browser as a download named `fileName`. */
export function saveCsv(text: string, fileName: string, doc: Document = document): void {
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference to the blob by now.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
