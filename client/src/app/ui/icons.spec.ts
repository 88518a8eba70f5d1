import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { ICONS, ICON_IMPORTS, ICON_PATHS, IconName } from './icons';

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
    // <npc-icon name="name" />
    for (const m of text.matchAll(/<npc-icon\b[^>]*\sname="([^"]*)"/g)) add(m[1]);
    // <npc-icon [name]="cond ? 'a' : 'b'" />
    for (const m of text.matchAll(/<npc-icon\b[^>]*\s\[name\]="([^"]*)"/g))
      quoted(m[1]).forEach(add);
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

  it('leaves no Material icon behind: every icon is an <npc-icon> with a name', () => {
    const others: string[] = [];
    for (const { file, text } of sources()) {
      for (const m of text.matchAll(/<(mat-icon|npc-icon)\b[^>]*>/g)) {
        if (m[1] !== 'npc-icon' || !/\s\[?name\]?=/.test(m[0]) || !m[0].endsWith('/>'))
          others.push(`${file}: ${m[0]}`);
      }
    }
    expect(others).toEqual([]);
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

  it('draws every icon as the one path of its Material Symbols SVG', () => {
    for (const [name, svg] of Object.entries(ICONS)) {
      const d = ICON_PATHS[name as IconName];
      expect(d.length).toBeGreaterThan(10);
      expect(svg).toContain(`d="${d}"`);
    }
  });

  it('renders the named icon, hidden from assistive technology, and follows a new name', () => {
    @Component({
      imports: [ICON_IMPORTS],
      template: `<button type="button" aria-label="Refresh"><npc-icon [name]="icon()" /></button>`,
    })
    class Host {
      readonly icon = signal<IconName>('refresh');
    }
    const fixture = TestBed.createComponent(Host);
    fixture.detectChanges();
    const icon = (fixture.nativeElement as HTMLElement).querySelector('npc-icon') as HTMLElement;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.classList).toContain('mat-icon');
    expect(icon.querySelector('svg')?.getAttribute('viewBox')).toBe('0 -960 960 960');
    expect(icon.querySelector('path')?.getAttribute('d')).toBe(ICON_PATHS.refresh);

    fixture.componentInstance.icon.set('check');
    fixture.detectChanges();
    expect(icon.querySelector('path')?.getAttribute('d')).toBe(ICON_PATHS.check);
    expect(icon.dataset['icon']).toBe('check');
  });
});
