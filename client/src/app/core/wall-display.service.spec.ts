import { Component } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';

import { CURSOR_IDLE_MS, IDLE_CLASS, WALL_CLASS, WallDisplayService } from './wall-display.service';

@Component({ template: '' })
class BlankPage {}

describe('WallDisplayService', () => {
  let router: Router;
  let wall: WallDisplayService;
  const html = document.documentElement;

  beforeEach(() => {
    TestBed.configureTestingModule({
      providers: [
        provideRouter([
          { path: '', component: BlankPage },
          { path: 'tasks', component: BlankPage },
          { path: 'credits', component: BlankPage },
        ]),
      ],
    });
    router = TestBed.inject(Router);
    wall = TestBed.inject(WallDisplayService);
  });

  afterEach(() => jest.useRealTimers());

  it('is on for ?wall=1 on the dashboard and the task board only', async () => {
    await router.navigateByUrl('/?wall=1');
    expect(wall.active()).toBe(true);
    expect(html.classList).toContain(WALL_CLASS);

    await router.navigateByUrl('/tasks?org=acme&wall=1');
    expect(wall.active()).toBe(true);

    await router.navigateByUrl('/credits?wall=1');
    expect(wall.active()).toBe(false);
    expect(html.classList).not.toContain(WALL_CLASS);

    await router.navigateByUrl('/tasks?wall=0');
    expect(wall.active()).toBe(false);
  });

  it('gives the query parameters that turn it on or off, to merge into the URL', async () => {
    await router.navigateByUrl('/tasks');
    expect(wall.toggled()).toEqual({ wall: '1' });
    await router.navigateByUrl('/tasks?wall=1');
    expect(wall.toggled()).toEqual({ wall: null });
  });

  it('hides the pointer after a few seconds without movement, and shows it on movement', async () => {
    jest.useFakeTimers();
    await router.navigateByUrl('/?wall=1');
    jest.advanceTimersByTime(CURSOR_IDLE_MS - 1);
    expect(html.classList).not.toContain(IDLE_CLASS);
    jest.advanceTimersByTime(1);
    expect(html.classList).toContain(IDLE_CLASS);

    html.dispatchEvent(new MouseEvent('mousemove'));
    expect(html.classList).not.toContain(IDLE_CLASS);
    // However much the mouse moves, one timer stands.
    for (let i = 0; i < 100; i++) html.dispatchEvent(new MouseEvent('mousemove'));
    expect(jest.getTimerCount()).toBe(1);

    await router.navigateByUrl('/');
    jest.advanceTimersByTime(CURSOR_IDLE_MS);
    expect(html.classList).not.toContain(IDLE_CLASS);
    expect(jest.getTimerCount()).toBe(0);
  });
});
