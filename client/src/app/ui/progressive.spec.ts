import { ApplicationRef, Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { progressively } from './progressive';

@Component({
  template: `<ul [attr.aria-busy]="list.filling()">
    @for (n of list.items(); track n) {
      <li>{{ n }}</li>
    }
    @for (n of list.rest(); track n) {
      <li class="placeholder"></li>
    }
  </ul>`,
})
class HostComponent {
  readonly data = signal<number[] | null>(null);
  readonly list = progressively(this.data, { first: 4, step: 3 });
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

describe('progressively', () => {
  function render() {
    const fixture = TestBed.createComponent(HostComponent);
    fixture.detectChanges();
    const element = fixture.nativeElement as HTMLElement;
    const items = () => element.querySelectorAll('li:not(.placeholder)').length;
    const placeholders = () => element.querySelectorAll('li.placeholder').length;
    const busy = () => element.querySelector('ul')?.getAttribute('aria-busy');
    return { fixture, host: fixture.componentInstance, items, placeholders, busy };
  }

  /** Lets the next step's task run, then renders. */
  async function nextTask(fixture: { detectChanges(): void }): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve));
    fixture.detectChanges();
  }

  it('renders nothing and is not busy without data', () => {
    const { items, busy } = render();
    expect(items()).toBe(0);
    expect(busy()).toBe('false');
  });

  it('renders the first items at once and the rest a step per task, busy meanwhile', async () => {
    const { fixture, host, items, placeholders, busy } = render();
    host.data.set(range(10));
    fixture.detectChanges();
    expect(items()).toBe(4);
    expect(busy()).toBe('true');
    await nextTask(fixture);
    expect(items()).toBe(7);
    await nextTask(fixture);
    expect(items()).toBe(10);
    expect(busy()).toBe('false');
    expect(placeholders()).toBe(0);
  });

  it('holds a place for each item still to come while filling', async () => {
    const { fixture, host, placeholders } = render();
    expect(placeholders()).toBe(0);
    host.data.set(range(10));
    fixture.detectChanges();
    expect(placeholders()).toBe(6);
    expect(host.list.rest()).toEqual([5, 6, 7, 8, 9, 10]);
    await nextTask(fixture);
    expect(placeholders()).toBe(3);
    await nextTask(fixture);
    expect(placeholders()).toBe(0);
  });

  it('renders a short first answer whole', () => {
    const { fixture, host, items, busy } = render();
    host.data.set(range(4));
    fixture.detectChanges();
    expect(items()).toBe(4);
    expect(busy()).toBe('false');
  });

  it('renders later answers whole', async () => {
    const { fixture, host, items } = render();
    host.data.set(range(5));
    fixture.detectChanges();
    await nextTask(fixture);
    expect(items()).toBe(5);
    host.data.set(range(20));
    fixture.detectChanges();
    expect(items()).toBe(20);
  });

  it('keeps the app unstable until the list is complete', async () => {
    const { fixture, host } = render();
    const appRef = TestBed.inject(ApplicationRef);
    host.data.set(range(10));
    fixture.detectChanges();
    const stable = appRef.whenStable();
    let settled = false;
    void stable.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await nextTask(fixture);
    await nextTask(fixture);
    await stable;
    expect((fixture.nativeElement as HTMLElement).querySelectorAll('li').length).toBe(10);
  });
});
