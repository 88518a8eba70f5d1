import { APP_BASE_HREF } from '@angular/common';
import { Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { Params, Router, provideRouter } from '@angular/router';

import { AppLink, appUrl } from './app-link';

@Component({ template: '' })
class Page {}

@Component({
  imports: [AppLink],
  template: `
    <a npcLink="/tasks" [query]="query()" data-link="tasks">Tasks</a>
    <a npcLink="/credits" target="_blank" data-link="tab">Credits</a>
  `,
})
class Host {
  readonly query = signal<Params | null>({ repository: 'acme/web app', attention: 'stuck' });
}

describe('AppLink', () => {
  beforeEach(() => {
    TestBed.configureTestingModule({
      providers: [
        provideRouter([
          { path: 'tasks', component: Page },
          { path: 'credits', component: Page },
        ]),
        { provide: APP_BASE_HREF, useValue: '/board/' },
      ],
    });
  });

  async function render() {
    const fixture = TestBed.createComponent(Host);
    await fixture.whenStable();
    const link = (name: string) =>
      (fixture.nativeElement as HTMLElement).querySelector<HTMLAnchorElement>(
        `a[data-link="${name}"]`,
      )!;
    return { fixture, link };
  }

  it("writes the router's address under the base href, query parameters encoded", async () => {
    const { fixture, link } = await render();
    expect(link('tasks').getAttribute('href')).toBe(
      '/board/tasks?repository=acme%2Fweb%20app&attention=stuck',
    );

    fixture.componentInstance.query.set({ org: 'acme', issue: null });
    await fixture.whenStable();
    expect(link('tasks').getAttribute('href')).toBe('/board/tasks?org=acme');

    fixture.componentInstance.query.set(null);
    await fixture.whenStable();
    expect(link('tasks').getAttribute('href')).toBe('/board/tasks');
  });

  it('navigates in the app on a plain click', async () => {
    const { fixture, link } = await render();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link('tasks').dispatchEvent(click);
    await fixture.whenStable();
    expect(click.defaultPrevented).toBe(true);
    expect(TestBed.inject(Router).url).toBe('/tasks?repository=acme%2Fweb%20app&attention=stuck');
  });

  it('leaves a click with a modifier, or on a link to another tab, to the browser', async () => {
    const { fixture, link } = await render();
    const navigate = jest.spyOn(TestBed.inject(Router), 'navigateByUrl');
    const withCtrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link('tasks').dispatchEvent(withCtrl);
    // jsdom does not follow links, so the tab link's default action is harmless here.
    const onTab = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link('tab').dispatchEvent(onTab);
    await fixture.whenStable();
    expect(withCtrl.defaultPrevented).toBe(false);
    expect(onTab.defaultPrevented).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("writes every address exactly as the router's own serializer does", () => {
    const router = TestBed.inject(Router);
    const cases: [string, Params | null][] = [
      ['/tasks', null],
      ['/tasks', {}],
      ['/credits', { org: 'acme' }],
      ['/tasks', { repository: 'acme/web app', attention: 'stuck', issue: 12 }],
      ['/tasks', { q: "a+b=c&d?e#f;g,h:i@j$k%l'm(n)o!p*q~r" }],
      ['/tasks', { npc: 'npc-ünïcødé 名前', empty: '', none: null, gone: undefined }],
      ['/tasks', { label: ['bug', 'needs review'], other: [] }],
      ['/admin/dispatch', { 'odd name': 'x y' }],
    ];
    for (const [path, queryParams] of cases) {
      expect(appUrl(path, queryParams)).toBe(
        router.serializeUrl(router.createUrlTree([path], { queryParams })),
      );
    }
  });
});
