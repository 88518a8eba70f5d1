import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { TestBed } from '@angular/core/testing';
import { MatIconRegistry } from '@angular/material/icon';
import { DomSanitizer } from '@angular/platform-browser';
import { firstValueFrom } from 'rxjs';

import { ICONS, IconName, registerIcons } from './icons';

const APP_DIR = join(__dirname, '..');

/** Every template and component source of the app (tests and the icon registry left out). */
function sources(): { file: string; text: string }[] {
  return readdirSync(APP_DIR, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(html|ts)$/.test(e.name) && !e.name.endsWith('.spec.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => file !== join(__dirname, 'icons.ts'))
    .map((file) => ({ file: file.slice(APP_DIR.length + 1), text: readFileSync(file, 'utf8') }));
}

/**
 * Quoted names inside an expression that are not compared against:
 * `state === 'closed' ? 'a' : 'b'` names `a` and `b`.
 */
const quoted = (expression: string): string[] =>
  [...expression.matchAll(/([=!]==\s*)?'([^']*)'/g)].filter((m) => !m[1]).map((m) => m[2]);

/** Every icon name a template or component mentions, with where it does. */
function namedIcons(): { name: string; where: string }[] {
  const found: { name: string; where: string }[] = [];
  for (const { file, text } of sources()) {
    const add = (name: string) => found.push({ name, where: file });
    // <mat-icon svgIcon="name" />
    for (const m of text.matchAll(/\bsvgIcon="([^"]*)"/g)) add(m[1]);
    // <mat-icon [svgIcon]="cond ? 'a' : 'b'" />
    for (const m of text.matchAll(/\[svgIcon\]="([^"]*)"/g)) quoted(m[1]).forEach(add);
    // <npc-empty-state icon="name" />
    for (const m of text.matchAll(/<npc-[a-z-]+[^>]*\sicon="([^"]*)"/g)) add(m[1]);
    // Navigation links and tiles in code: { icon: 'name' }; inputs: input<IconName>('name').
    for (const m of text.matchAll(/\bicon: '([^']*)'/g)) add(m[1]);
    for (const m of text.matchAll(/input<IconName>\('([^']*)'\)/g)) add(m[1]);
    for (const m of text.matchAll(/computed<IconName>\(([^;]*)\)/g)) quoted(m[1]).forEach(add);
  }
  return found;
}

describe('icons', () => {
  it('registers every icon a template or component names', () => {
    const named = namedIcons();
    // The scan must see the app's icons, or it proves nothing.
    expect(named.length).toBeGreaterThan(40);
    const missing = named.filter(({ name }) => !(name in ICONS));
    expect(missing).toEqual([]);
  });

  it('leaves no ligature icon behind: every <mat-icon> names an SVG icon', () => {
    const ligatures: string[] = [];
    for (const { file, text } of sources()) {
      for (const m of text.matchAll(/<mat-icon\b[^>]*>/g)) {
        if (!/\[?svgIcon\]?=/.test(m[0]) || !m[0].endsWith('/>'))
          ligatures.push(`${file}: ${m[0]}`);
      }
    }
    expect(ligatures).toEqual([]);
  });

  it('ships no icon the app does not name', () => {
    const named = new Set(namedIcons().map((i) => i.name));
    expect(Object.keys(ICONS).filter((name) => !named.has(name))).toEqual([]);
  });

  it('keeps the icons small: under 30 KB of SVG in all', () => {
    const bytes = Object.values(ICONS).reduce((sum, svg) => sum + new Blob([svg]).size, 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(30 * 1024);
  });

  it('hands every icon to the Material registry as an SVG', async () => {
    const registry = TestBed.inject(MatIconRegistry);
    registerIcons(registry, TestBed.inject(DomSanitizer));
    for (const name of Object.keys(ICONS) as IconName[]) {
      const svg = await firstValueFrom(registry.getNamedSvgIcon(name));
      expect(svg.tagName.toLowerCase()).toBe('svg');
      expect(svg.querySelector('path')).not.toBeNull();
    }
  });
});
