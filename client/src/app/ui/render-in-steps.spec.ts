import { Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { renderInSteps } from './render-in-steps';

@Component({
  template: `<ul [attr.aria-busy]="list.filling()">
    @for (item of list.items(); track item) {
      <li>{{ item }}</li>
    }
  </ul>`,
})
class HostComponent {
  readonly source = signal<readonly number[] | null>(null);
  readonly list = renderInSteps(this.source, 5);
}

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

describe('renderInSteps', () => {
  function render() {
    const fixture = TestBed.createComponent(HostComponent);
    fixture.detectChanges();
    const root = fixture.nativeElement as HTMLElement;
    const items = () => root.querySelectorAll('li').length;
    const busy = () => root.querySelector('ul')?.getAttribute('aria-busy');
    return { fixture, host: fixture.componentInstance, items, busy };
  }

  it('shows the first answer a few items per task, busy until complete', async () => {
    const { fixture, host, items, busy } = render();
    expect(items()).toBe(0);

    host.source.set(range(12));
    fixture.detectChanges();
    expect(items()).toBe(5);
    expect(busy()).toBe('true');

    // Stable only once the list is complete: the steps count as pending work.
    await fixture.whenStable();
    fixture.detectChanges();
    expect(items()).toBe(12);
    expect(busy()).toBe('false');
  });

  it('shows later answers at once, and a short first answer at once', async () => {
    const { fixture, host, items } = render();
    host.source.set(range(3));
    fixture.detectChanges();
    expect(items()).toBe(3);

    host.source.set(range(40, 100));
    fixture.detectChanges();
    expect(items()).toBe(40);
    await fixture.whenStable();
    expect(items()).toBe(40);
  });

  it('stops stepping when the view is destroyed', async () => {
    const { fixture, host } = render();
    host.source.set(range(30));
    fixture.detectChanges();
    expect(host.list.filling()).toBe(true);
    fixture.destroy();
    // The pending work ends with the view: nothing keeps the app from being stable.
    expect(host.list.filling()).toBe(false);
    expect(host.list.items()).toHaveLength(30);
  });
});
