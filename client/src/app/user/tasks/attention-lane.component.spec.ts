import { Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import type { Issue } from '@shared/board/entities';

import { ClockService } from '../../core/clock.service';
import { anIssue } from '../../testing/fixtures';
import { NOW } from '../../testing/page-testing';
import { AttentionLaneComponent, LANE_CARDS_PER_STEP } from './attention-lane.component';

@Component({
  imports: [AttentionLaneComponent],
  template: `<npc-attention-lane
    [issues]="issues()"
    [counting]="counting()"
    (onlyThese)="asked = asked + 1"
  />`,
})
class HostComponent {
  readonly issues = signal<Issue[] | null>([]);
  readonly counting = signal(false);
  asked = 0;
}

const stuck = (number: number, detail = 'no NPC activity for 2 d 3 h') =>
  anIssue({
    number,
    column: 'in_progress',
    attention: { reason: 'stuck', since: '2026-11-20T08:00:00Z', slo_minutes: null, detail },
  });
const overdue = (number: number) =>
  anIssue({
    number,
    attention: {
      reason: 'overdue',
      since: '2026-11-22T09:00:00Z',
      slo_minutes: 60,
      detail: 'waiting for pickup 3 h, SLO 1 h',
    },
  });

describe('AttentionLaneComponent', () => {
  function render(issues: Issue[] | null) {
    TestBed.configureTestingModule({
      providers: [provideRouter([]), { provide: ClockService, useValue: { now: signal(NOW) } }],
    });
    const fixture = TestBed.createComponent(HostComponent);
    fixture.componentInstance.issues.set(issues);
    fixture.detectChanges();
    const el = fixture.nativeElement as HTMLElement;
    return { fixture, el };
  }

  const cards = (el: HTMLElement) =>
    [...el.querySelectorAll<HTMLAnchorElement>('[data-lane] npc-issue-card a')].map(
      (a) => a.dataset['issue'],
    );

  it('lists the stuck and overdue cards, longest waiting first, and counts them', () => {
    const { el } = render([anIssue({ number: 1 }), overdue(2), stuck(3), anIssue({ number: 4 })]);
    expect(cards(el)).toEqual(['acme/web#3', 'acme/web#2']);
    expect(el.querySelector('[data-lane] h2 [data-count]')?.textContent?.trim()).toBe('2');
    expect(el.querySelector('[data-lane] h2')?.textContent).toContain('Needs attention');
  });

  it('marks each card with the reason and the detail', () => {
    const { el } = render([stuck(3), overdue(2)]);
    const badges = [...el.querySelectorAll('npc-attention-badge')].map((b) => ({
      reason: b.getAttribute('data-reason'),
      text: b.textContent?.replace(/\s+/g, ' ').trim(),
    }));
    expect(badges).toEqual([
      { reason: 'stuck', text: 'Stuck: no NPC activity for 2d 4h' },
      { reason: 'overdue', text: 'Overdue pickup: waiting for pickup 3h, SLO 1h' },
    ]);
  });

  it('is absent when nothing needs attention', () => {
    const { el } = render([anIssue({ number: 1 }), anIssue({ number: 2 })]);
    expect(el.querySelector('[data-lane]')).toBeNull();
    expect(el.textContent?.trim()).toBe('');
  });

  it('holds its place while the issues load, then fills it or goes', () => {
    const { fixture, el } = render(null);
    const placeholder = el.querySelector('[data-lane-placeholder]');
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder?.querySelectorAll('.card-skeleton')).toHaveLength(LANE_CARDS_PER_STEP);
    fixture.componentInstance.issues.set([stuck(1)]);
    fixture.detectChanges();
    expect(el.querySelector('[data-lane-placeholder]')).toBeNull();
    expect(cards(el)).toEqual(['acme/web#1']);
    fixture.componentInstance.issues.set([anIssue({ number: 2 })]);
    fixture.detectChanges();
    expect(el.querySelector('[data-lane]')).toBeNull();
  });

  it('holds its place, saying so, while attention is still being counted', () => {
    const { fixture, el } = render(null);
    fixture.componentInstance.issues.set([anIssue({ number: 1 })]);
    fixture.componentInstance.counting.set(true);
    fixture.detectChanges();
    const placeholder = el.querySelector('[data-lane-placeholder]');
    expect(placeholder?.querySelector('[data-lane-counting]')?.textContent).toContain(
      'Counting work that needs attention',
    );
    expect(placeholder?.querySelectorAll('.card-skeleton')).toHaveLength(LANE_CARDS_PER_STEP);
    fixture.componentInstance.issues.set([stuck(1)]);
    fixture.componentInstance.counting.set(false);
    fixture.detectChanges();
    expect(el.querySelector('[data-lane-placeholder]')).toBeNull();
    expect(cards(el)).toEqual(['acme/web#1']);
  });

  it('keeps the cards it showed while a reload counts again, then shows the new count', () => {
    const { fixture, el } = render([stuck(1), overdue(2)]);
    fixture.componentInstance.issues.set([anIssue({ number: 1 }), anIssue({ number: 2 })]);
    fixture.componentInstance.counting.set(true);
    fixture.detectChanges();
    expect(el.querySelector('[data-lane-placeholder]')).toBeNull();
    expect(cards(el)).toEqual(['acme/web#1', 'acme/web#2']);
    fixture.componentInstance.issues.set([stuck(1)]);
    fixture.componentInstance.counting.set(false);
    fixture.detectChanges();
    expect(cards(el)).toEqual(['acme/web#1']);
  });

  it('keeps "Show more" through a reload of the same cards, not for another list', () => {
    const many = Array.from({ length: LANE_CARDS_PER_STEP + 2 }, (_, i) => stuck(i + 1));
    const { fixture, el } = render(many);
    el.querySelector<HTMLButtonElement>('button.more')?.click();
    fixture.detectChanges();
    fixture.componentInstance.issues.set([...many.slice(1), stuck(99)]);
    fixture.detectChanges();
    expect(cards(el)).toHaveLength(LANE_CARDS_PER_STEP + 2);
    const others = Array.from({ length: LANE_CARDS_PER_STEP + 2 }, (_, i) => stuck(i + 200));
    fixture.componentInstance.issues.set(others);
    fixture.detectChanges();
    expect(cards(el)).toHaveLength(LANE_CARDS_PER_STEP);
  });

  it('shows a first step of cards, then more on request', () => {
    const many = Array.from({ length: LANE_CARDS_PER_STEP + 2 }, (_, i) => stuck(i + 1));
    const { fixture, el } = render(many);
    expect(cards(el)).toHaveLength(LANE_CARDS_PER_STEP);
    const more = el.querySelector<HTMLButtonElement>('button.more');
    expect(more?.textContent).toContain('2 left');
    more?.click();
    fixture.detectChanges();
    expect(cards(el)).toHaveLength(LANE_CARDS_PER_STEP + 2);
    expect(el.querySelector('button.more')).toBeNull();
  });

  it('asks for the attention filter from "Show only these"', () => {
    const { fixture, el } = render([stuck(1)]);
    const button = [...el.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Show only these'),
    );
    button?.click();
    expect(fixture.componentInstance.asked).toBe(1);
  });
});
