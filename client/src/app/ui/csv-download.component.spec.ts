import { Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import type { CsvColumn } from './csv';
import * as csv from './csv';
import { CsvDownloadComponent } from './csv-download.component';

interface Row {
  name: string;
  n: number;
}

@Component({
  imports: [CsvDownloadComponent],
  template: `<npc-csv-download
    name="things"
    what="the things"
    [rows]="rows()"
    [columns]="columns"
  />`,
})
class HostComponent {
  readonly rows = signal<Row[]>([
    { name: '=1+1', n: 1 },
    { name: 'b', n: 2 },
  ]);
  readonly columns: CsvColumn<Row>[] = [
    { header: 'Name', value: (r) => r.name },
    { header: 'N', value: (r) => r.n },
  ];
}

describe('CsvDownloadComponent', () => {
  it('saves every row it is given as CSV, named after the table and the date', async () => {
    const save = jest.spyOn(csv, 'saveCsv').mockImplementation(() => undefined);
    const fixture = TestBed.createComponent(HostComponent);
    fixture.detectChanges();
    const button = (fixture.nativeElement as HTMLElement).querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('Download CSV: the things');
    expect(button.getAttribute('title')).toContain('2 rows');

    button.click();
    await fixture.whenStable();
    await new Promise<void>((resolve) => queueMicrotask(resolve));

    expect(save).toHaveBeenCalledTimes(1);
    const [text, fileName] = save.mock.calls[0];
    expect(text).toBe(`\uFEFFName,N\r\n"'=1+1",1\r\nb,2\r\n`);
    expect(fileName).toMatch(/^things-\d{4}-\d{2}-\d{2}\.csv$/);
    save.mockRestore();
  });
});
