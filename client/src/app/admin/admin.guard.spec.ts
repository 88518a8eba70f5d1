import { Component } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { AdminSessionService } from '../core/admin-session.service';
import { adminGuard, returnUrl } from './admin.guard';

@Component({ template: '<h1>Entry</h1>' })
class EntryStub {}

@Component({ template: '<h1>Dispatch</h1>' })
class DispatchStub {}

describe('adminGuard', () => {
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    sessionStorage.clear();
    TestBed.configureTestingModule({
      providers: [
        provideRouter([
          { path: 'admin', component: EntryStub },
          { path: 'admin/dispatch', component: DispatchStub, canActivate: [adminGuard] },
        ]),
      ],
    });
    harness = await RouterTestingHarness.create();
  });

  const heading = () => harness.routeNativeElement?.querySelector('h1')?.textContent;

  it('sends a signed-out visitor to the sign-in form, with the page asked for', async () => {
    await harness.navigateByUrl('/admin/dispatch');

    expect(heading()).toBe('Entry');
    expect(TestBed.inject(Router).url).toBe('/admin?next=%2Fadmin%2Fdispatch');
  });

  it('lets a signed-in admin through', async () => {
    TestBed.inject(AdminSessionService).signIn('admin-token-0123456789');
    await harness.navigateByUrl('/admin/dispatch');

    expect(heading()).toBe('Dispatch');
  });
});

describe('returnUrl', () => {
  it('accepts admin pages only', () => {
    expect(returnUrl('/admin/credits')).toBe('/admin/credits');
    expect(returnUrl('/admin/dashboard?days=30')).toBe('/admin/dashboard?days=30');
    expect(returnUrl('/tasks')).toBeNull();
    expect(returnUrl('https://evil.test/admin/x')).toBeNull();
    expect(returnUrl('//evil.test/admin/')).toBeNull();
    expect(returnUrl(undefined)).toBeNull();
  });
});
