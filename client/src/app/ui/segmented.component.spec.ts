import { Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { Segment, SegmentedComponent } from './segmented.component';

@Component({
  imports: [SegmentedComponent],
  template: `<npc-segmented
    label="Time window"
    [segments]="segments"
    [value]="value()"
    (valueChange)="chosen.push($event); value.set($event)"
  />`,
})
class HostComponent {
  readonly segments: Segment<7 | 30>[] = [
    { value: 7, label: '7 days' },
    { value: 30, label: '30 days', icon: 'schedule' },
  ];
  readonly value = signal<7 | 30>(7);
  readonly chosen: (7 | 30)[] = [];
}

describe('SegmentedComponent', () => {
  async function render() {
    const fixture = TestBed.createComponent(HostComponent);
    await fixture.whenStable();
    const element = fixture.nativeElement as HTMLElement;
    const buttons = () => [...element.querySelectorAll('button')];
    return { fixture, element, buttons };
  }

  it('names the group and marks only the chosen segment as pressed', async () => {
    const { element, buttons } = await render();

    const group = element.querySelector('[role="group"]');
    expect(group?.getAttribute('aria-label')).toBe('Time window');
    expect(buttons().map((b) => b.textContent?.trim())).toEqual(['7 days', '30 days']);
    expect(buttons().map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    expect(buttons()[1].querySelector('npc-icon')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('tells its owner of a new choice, and not of a press on the chosen one', async () => {
    const { fixture, buttons } = await render();

    buttons()[0].click();
    expect(fixture.componentInstance.chosen).toEqual([]);

    buttons()[1].click();
    await fixture.whenStable();
    expect(fixture.componentInstance.chosen).toEqual([30]);
    expect(buttons().map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
  });
});
