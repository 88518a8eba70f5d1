// The translations as the Chinese bundle renders them: plurals, values and units.
import './testing/chinese';

import { Component, LOCALE_ID, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import type { Issue } from '@shared/board/entities';

import { APP_LOCALE } from './core/locale';
import { ClockService } from './core/clock.service';
import { anIssue } from './testing/fixtures';
import { NOW } from './testing/page-testing';
import { formatCount, formatDuration, relativeTime } from './ui/format';
import { AttentionLaneComponent } from './user/tasks/attention-lane.component';

@Component({
  imports: [AttentionLaneComponent],
  template: `<npc-attention-lane [issues]="issues()" [counting]="false" />`,
})
class HostComponent {
  readonly issues = signal<Issue[] | null>([]);
}

const stuck = (number: number) =>
  anIssue({
    number,
    column: 'in_progress',
    attention: {
      reason: 'stuck',
      since: new Date(NOW - (2 * 24 + 4) * 3_600_000).toISOString(),
      slo_minutes: null,
      detail: 'no NPC activity for 2 d 4 h',
    },
  });

describe('the app in Chinese', () => {
  it('formats in the Chinese locale by default', () => {
    expect(APP_LOCALE).toBe('zh-CN');
    expect(formatDuration(26 * 3_600_000)).toBe('1天 2小时');
    expect(relativeTime(NOW - 3 * 86_400_000, NOW)).toBe('3天前');
    expect(relativeTime(NOW - 1000, NOW)).toBe('刚刚');
    expect(formatCount(12_345)).toBe('12,345');
  });

  it('renders a plural, its count and a written-out detail from the translations', () => {
    TestBed.configureTestingModule({
      providers: [
        provideRouter([]),
        { provide: ClockService, useValue: { now: signal(NOW) } },
        { provide: LOCALE_ID, useValue: 'zh-CN' },
      ],
    });
    const fixture = TestBed.createComponent(HostComponent);
    fixture.componentInstance.issues.set(Array.from({ length: 8 }, (_, i) => stuck(i + 1)));
    fixture.detectChanges();
    const el = fixture.nativeElement as HTMLElement;
    const text = (selector: string) =>
      el.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
    expect(text('[data-lane] h2')).toContain('需要关注');
    expect(text('[data-lane] button.more')).toBe('显示更多（还剩 2 个）');
    expect(text('npc-attention-badge')).toBe('停滞：NPC 已 2天 4小时 没有活动');
  });
});
