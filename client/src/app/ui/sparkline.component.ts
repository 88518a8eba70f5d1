import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

/** The sparkline's drawing box, in its own units (CSS pixels at its natural size). */
export const SPARK_WIDTH = 64;
export const SPARK_HEIGHT = 24;
const PAD = 3;

/** A sparkline's line and last point, in the drawing box's units. */
export interface SparkShape {
  points: string;
  last: { x: number; y: number } | null;
}

/**
 * Where a sparkline's values fall: evenly spaced left to right, scaled so the largest
 * reaches the top and zero the bottom (all zeros lie flat on the bottom).
 */
export function sparkShape(values: readonly number[]): SparkShape {
  if (values.length === 0) return { points: '', last: null };
  const top = Math.max(...values, 0);
  const step = values.length > 1 ? (SPARK_WIDTH - 2 * PAD) / (values.length - 1) : 0;
  const at = values.map((value, index) => ({
    x: round(PAD + index * step + (values.length > 1 ? 0 : (SPARK_WIDTH - 2 * PAD) / 2)),
    y: round(SPARK_HEIGHT - PAD - (top > 0 ? (value / top) * (SPARK_HEIGHT - 2 * PAD) : 0)),
  }));
  return { points: at.map((p) => `${p.x},${p.y}`).join(' '), last: at.at(-1) ?? null };
}

const round = (n: number): number => Math.round(n * 10) / 10;

/**
 * A tiny line of a few values (an NPC's completed tasks per week) for a table cell: an
 * inline SVG, no chart library, so a table of them costs nothing to load. It says what it
 * shows in `label`, values included, since a line says nothing to a screen reader.
 */
@Component({
  selector: 'npc-sparkline',
  template: `
    <svg
      role="img"
      [attr.viewBox]="viewBox"
      [attr.width]="width"
      [attr.height]="height"
      [attr.aria-label]="label()"
      focusable="false"
    >
      <title>{{ label() }}</title>
      <line
        class="base"
        x1="0"
        [attr.y1]="height - 0.5"
        [attr.x2]="width"
        [attr.y2]="height - 0.5"
      />
      <polyline [attr.points]="shape().points" />
      @if (shape().last; as last) {
        <circle [attr.cx]="last.x" [attr.cy]="last.y" r="2.5" />
      }
    </svg>
  `,
  styles: `
    :host {
      display: inline-block;
      line-height: 0;
      color: var(--mat-sys-primary);
    }
    polyline {
      fill: none;
      stroke: currentColor;
      stroke-width: 1.75;
      stroke-linejoin: round;
      stroke-linecap: round;
    }
    circle {
      fill: currentColor;
    }
    .base {
      stroke: var(--mat-sys-outline-variant);
      stroke-width: 1;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class SparklineComponent {
  readonly values = input.required<readonly number[]>();
  /** What the line shows, values included. */
  readonly label = input.required<string>();

  protected readonly width = SPARK_WIDTH;
  protected readonly height = SPARK_HEIGHT;
  protected readonly viewBox = `0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`;
  protected readonly shape = computed(() => sparkShape(this.values()));
}
