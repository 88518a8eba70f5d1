import { parse } from 'papaparse';

import { CSV_BOM, CsvColumn, csvFileName, saveCsv, toCsv } from './csv';

interface Row {
  name: string;
  count: number | null;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Count', value: (r) => r.count },
];

/** The records of a CSV document as the CSV library reads them. */
function records(text: string): string[][] {
  return parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

describe('toCsv', () => {
  it('starts with a byte order mark and ends every record with CRLF', () => {
    const csv = toCsv([{ name: 'a', count: 1 }], COLUMNS);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('Name,Count\r\na,1\r\n');
  });

  it('prefixes a text cell that a spreadsheet would run as a formula', () => {
    const csv = toCsv([{ name: '=HYPERLINK("x")', count: 2 }], COLUMNS);
    expect(csv).toContain(`"'=HYPERLINK(""x"")",2`);
    expect(records(csv)[1]).toEqual([`'=HYPERLINK("x")`, '2']);
  });

  it.each(['+1', '-x', '@sum', '\tx', '\rx', '=a\nb'])('prefixes text starting %j', (name) => {
    expect(records(toCsv([{ name, count: 0 }], COLUMNS))[1][0]).toBe(`'${name}`);
  });

  it('leaves numbers unquoted and unprefixed, negative ones too', () => {
    const csv = toCsv(
      [
        { name: 'a', count: -5 },
        { name: 'b', count: 12.4 },
      ],
      COLUMNS,
    );
    expect(csv).toContain('\r\na,-5\r\n');
    expect(csv).toContain('\r\nb,12.4\r\n');
  });

  it('writes null and non-finite numbers as empty cells', () => {
    const csv = toCsv(
      [
        { name: 'a', count: null },
        { name: 'b', count: Number.NaN },
      ],
      COLUMNS,
    );
    expect(records(csv).slice(1)).toEqual([
      ['a', ''],
      ['b', ''],
    ]);
  });

  it('round-trips commas, quotes and line breaks through the CSV parser', () => {
    const names = ['a, b', 'say "hi"', 'two\nlines', 'crlf\r\nhere', ' padded ', 'ümlaut 中文'];
    const csv = toCsv(
      names.map((name, count) => ({ name, count })),
      COLUMNS,
    );
    expect(records(csv)).toEqual([
      ['Name', 'Count'],
      ...names.map((name, count) => [name, String(count)]),
    ]);
  });

  it('writes the rows in the order given, every one of them', () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ name: `r${249 - i}`, count: i }));
    const read = records(toCsv(rows, COLUMNS)).slice(1);
    expect(read).toHaveLength(250);
    expect(read[0]).toEqual(['r249', '0']);
    expect(read[249]).toEqual(['r0', '249']);
  });
});

describe('csvFileName', () => {
  it('appends the UTC date and keeps the name file-system safe', () => {
    expect(csvFileName('tasks acme/web', new Date('2026-11-22T23:30:00Z'))).toBe(
      'tasks-acme-web-2026-11-22.csv',
    );
    expect(csvFileName('///', new Date('2026-11-22T00:00:00Z'))).toBe('export-2026-11-22.csv');
  });
});

describe('saveCsv', () => {
  it('clicks a download link to a CSV blob with the file name', () => {
    const created: Blob[] = [];
    const url = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:test';
    });
    Object.assign(URL, { createObjectURL: url, revokeObjectURL: jest.fn() });
    const clicks: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download });
    });
    saveCsv('a,b\r\n', 'x.csv');
    expect(clicks).toEqual([{ href: 'blob:test', download: 'x.csv' }]);
    expect(created[0].type).toBe('text/csv;charset=utf-8');
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });
});
