import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';

import { ClockService } from '../core/clock.service';
import type { CsvColumn } from './csv';
import { formatCount } from './format';

/**
 * *Download CSV* for a table: every row it is given (the page passes all rows matching
 * its filters, in its order, not only those rendered) in the columns it is given. The CSV
 * library is fetched on the first click, so pages that never export never load it.
 */
@Component({
  selector: 'npc-csv-download',
  imports: [MatButtonModule],
  template: `
    <button
      mat-stroked-button
      type="button"
      class="csv-download"
      [attr.data-csv]="name()"
      [attr.aria-label]="label()"
      [attr.title]="title()"
      [disabled]="busy()"
      (click)="download()"
    >
      <ng-container i18n="@@ui.csv.download">Download CSV</ng-container>
    </button>
  `,
  styles: `
    :host {
      display: inline-block;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class CsvDownloadComponent {
  private readonly clock = inject(ClockService);

  /** The rows to write, already filtered and sorted. */
  readonly rows = input.required<readonly unknown[]>();
  readonly columns = input.required<readonly CsvColumn<unknown>[]>();
  /** The file's base name; the date is appended (`credits-2026-11-22.csv`). */
  readonly name = input.required<string>();
  /** What the table holds, for the button's accessible name ("the credit balances"). */
  readonly what = input.required<string>();

  protected readonly busy = signal(false);
  protected readonly label = computed(
    () => $localize`:@@ui.csv.downloadLabel:Download CSV: ${this.what()}:what:`,
  );
  protected readonly title = computed(() => {
    const n = this.rows().length;
    const count = formatCount(n);
    return n === 1
      ? $localize`:@@ui.csv.hintOne:${count}:count: row: all that match the filters, in this order`
      : $localize`:@@ui.csv.hintMany:${count}:count: rows: all that match the filters, in this order`;
  });

  protected async download(): Promise<void> {
    if (this.busy()) return;
    this.busy.set(true);
    try {
      const { csvFileName, saveCsv, toCsv } = await import('./csv');
      saveCsv(
        toCsv(this.rows(), this.columns()),
        csvFileName(this.name(), new Date(this.clock.now())),
      );
    } finally {
      this.busy.set(false);
    }
  }
}
