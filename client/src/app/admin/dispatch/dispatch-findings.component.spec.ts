import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import type { DispatchFinding } from '@shared/board/dispatch';

import { DispatchFindingsComponent } from './dispatch-findings.component';

const FINDINGS: DispatchFinding[] = [
  {
    code: 'wip_limit',
    severity: 'block',
    message: 'server words',
    params: { npc: 'npc-builder', count: 4, limit: 4, soft: 2, hard: 4 },
    links: [{ label: 'Open tasks of npc-builder', url: '/tasks?npc=npc-builder&state=open' }],
  },
  {
    code: 'npc_stuck_here',
    severity: 'warn',
    message: 'server words',
    params: { npc: 'npc-builder', count: 1 },
    links: [
      { label: 'acme/web#7 Fix login', url: '/tasks?repo=acme%2Fweb&issue=7' },
      { label: 'All stuck tasks of npc-builder', url: '/tasks?npc=npc-builder&attention=stuck' },
    ],
  },
  {
    code: 'below_threshold',
    severity: 'warn',
    message: "acme's balance (12) is below the alert threshold (50)",
    // A dispatch recorded before findings had params.
    params: undefined as unknown as DispatchFinding['params'],
    links: [{ label: 'Credits of acme', url: '/credits?org=acme' }],
  },
];

describe('DispatchFindingsComponent', () => {
  async function render(findings: DispatchFinding[], checking = false): Promise<HTMLElement> {
    TestBed.configureTestingModule({ providers: [provideRouter([])] });
    const fixture = TestBed.createComponent(DispatchFindingsComponent);
    fixture.componentRef.setInput('findings', findings);
    fixture.componentRef.setInput('checking', checking);
    await fixture.whenStable();
    return fixture.nativeElement as HTMLElement;
  }

  const squash = (text: string | null | undefined): string =>
    (text ?? '').replace(/\s+/g, ' ').trim();

  it('writes each finding from its code and params, and its page links by name', async () => {
    const page = await render(FINDINGS);
    const item = (code: string) => page.querySelector(`[data-finding="${code}"]`)!;

    expect(squash(item('wip_limit').querySelector('p')?.textContent)).toBe(
      'Blocks: npc-builder already holds 4 open tasks; its limit is 4',
    );
    expect(squash(item('npc_stuck_here').querySelector('p')?.textContent)).toBe(
      'Warning: npc-builder has 1 stuck task',
    );
    const links = [...item('npc_stuck_here').querySelectorAll('a')].map((a) =>
      squash(a.textContent),
    );
    expect(links).toEqual(['acme/web#7 Fix login', 'All stuck tasks of npc-builder']);
    expect(squash(item('wip_limit').querySelector('a')?.textContent)).toBe(
      'Open tasks of npc-builder',
    );
  });

  it("falls back to the finding's own message when it carries no params", async () => {
    const page = await render(FINDINGS);
    expect(squash(page.querySelector('[data-finding="below_threshold"] p')?.textContent)).toBe(
      "Warning: acme's balance (12) is below the alert threshold (50)",
    );
    expect(squash(page.querySelector('[data-finding="below_threshold"] a')?.textContent)).toBe(
      'Credits of acme',
    );
  });

  it('says when nothing stands in the way, or that it is checking', async () => {
    expect(squash((await render([])).querySelector('[data-findings="clear"]')?.textContent)).toBe(
      'Nothing stands in the way.',
    );
    TestBed.resetTestingModule();
    const checking = await render([], true);
    expect(squash(checking.querySelector('[data-findings="clear"]')?.textContent)).toBe(
      'Checking this dispatch…',
    );
    expect(checking.querySelector('h2')?.textContent).toContain('Checks');
    expect(checking.querySelector('h2 .checking')?.textContent).toBe('checking…');
  });
});
