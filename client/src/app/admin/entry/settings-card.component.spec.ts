import { HttpTestingController } from '@angular/common/http/testing';
import { RouterTestingHarness } from '@angular/router/testing';

import { ADMIN_TOKEN_KEY } from '../../core/admin-session.service';
import { BAD_GATEWAY, errorBody, setUpPage, settle } from '../../testing/page-testing';

const SETTINGS = {
  credit_alert_threshold: 50,
  pickup_slo_minutes: 60,
  stuck_after_hours: 24,
  wip_soft_limit: 10,
  wip_hard_limit: null,
  wip_limits: {},
  run_max_minutes: 60,
  failed_runs_in_a_row: 3,
};

describe('SettingsCardComponent on the admin entry page', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;

  beforeEach(async () => {
    sessionStorage.setItem(ADMIN_TOKEN_KEY, 'admin-token-0123456789');
    ({ harness, http, page } = await setUpPage('/admin'));
    await settle(harness);
  });

  afterEach(() => {
    http.verify();
    sessionStorage.clear();
  });

  const card = () => page().querySelector<HTMLElement>('npc-settings-card')!;
  const field = (name: string) =>
    card().querySelector<HTMLInputElement>(`input[data-field="${name}"]`)!;
  const type = async (name: string, value: string) => {
    field(name).value = value;
    field(name).dispatchEvent(new Event('input'));
    await settle(harness);
  };
  const submit = async () => {
    card().querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await settle(harness);
  };

  async function loaded(): Promise<void> {
    http.expectOne('api/admin/settings').flush(SETTINGS);
    await settle(harness);
  }

  it('shows the settings in force', async () => {
    expect(card().querySelector('[aria-busy="true"]')).not.toBeNull();
    await loaded();
    expect(field('pickup_slo_minutes').value).toBe('60');
    expect(field('stuck_after_hours').value).toBe('24');
  });

  it('saves only the changed field, fractions allowed, and says so', async () => {
    await loaded();
    await type('stuck_after_hours', '0.01');
    await submit();

    const put = http.expectOne({ method: 'PUT', url: 'api/admin/settings' });
    expect(put.request.body).toEqual({ stuck_after_hours: 0.01 });
    put.flush({ ...SETTINGS, stuck_after_hours: 0.01 });
    await settle(harness);

    expect(card().querySelector('[role="status"]')?.textContent).toContain(
      'Saved: pickup SLO 60 min, stuck after 0.01h, WIP warning at 10, no hard limit.',
    );
    expect(field('stuck_after_hours').value).toBe('0.01');
  });

  it("saves the run alerts' thresholds", async () => {
    await loaded();
    expect(field('run_max_minutes').value).toBe('60');
    expect(field('failed_runs_in_a_row').value).toBe('3');
    await type('run_max_minutes', '90');
    await type('failed_runs_in_a_row', '4');
    await submit();
    const put = http.expectOne({ method: 'PUT', url: 'api/admin/settings' });
    expect(put.request.body).toEqual({ run_max_minutes: 90, failed_runs_in_a_row: 4 });
    put.flush({ ...SETTINGS, run_max_minutes: 90, failed_runs_in_a_row: 4 });
    await settle(harness);
    expect(card().querySelector('[role="status"]')?.textContent).toContain(
      'Run alerts after 90 min or 4 failed runs in a row.',
    );
  });

  it('sets a hard WIP limit and clears it again with an empty field', async () => {
    await loaded();
    expect(field('wip_soft_limit').value).toBe('10');
    expect(field('wip_hard_limit').value).toBe('');
    await type('wip_hard_limit', '12');
    await submit();
    const put = http.expectOne({ method: 'PUT', url: 'api/admin/settings' });
    expect(put.request.body).toEqual({ wip_hard_limit: 12 });
    put.flush({ ...SETTINGS, wip_hard_limit: 12 });
    await settle(harness);

    await type('wip_hard_limit', '');
    await submit();
    const clear = http.expectOne({ method: 'PUT', url: 'api/admin/settings' });
    expect(clear.request.body).toEqual({ wip_hard_limit: null });
    clear.flush(SETTINGS);
    await settle(harness);
    expect(card().querySelector('[role="status"]')?.textContent).toContain('no hard limit');
  });

  it("gives one NPC limits of its own, changes them and removes them, sending only that NPC's entry", async () => {
    await loaded();
    const select = card().querySelector<HTMLSelectElement>('select[data-field="npc-add"]')!;
    expect([...select.options].map((o) => o.value)).toEqual([
      'npc-builder',
      'npc-reviewer',
      'npc-tester',
    ]);
    select.value = 'npc-reviewer';
    card().querySelector<HTMLButtonElement>('[data-action="add-npc-limits"]')!.click();
    await settle(harness);
    const row = () => card().querySelector<HTMLElement>('[data-npc-limits="npc-reviewer"]')!;
    const rowField = (name: string) =>
      row().querySelector<HTMLInputElement>(`input[data-field="${name}"]`)!;
    rowField('npc-soft').value = '3';
    rowField('npc-soft').dispatchEvent(new Event('input'));
    rowField('npc-no-hard').click();
    await settle(harness);
    expect(rowField('npc-hard').disabled).toBe(true);
    expect(
      [...card().querySelectorAll<HTMLOptionElement>('select[data-field="npc-add"] option')].map(
        (o) => o.value,
      ),
    ).toEqual(['npc-builder', 'npc-tester']);
    await submit();
    const put = http.expectOne({ method: 'PUT', url: 'api/admin/settings' });
    expect(put.request.body).toEqual({ wip_limits: { 'npc-reviewer': { soft: 3, hard: null } } });
    put.flush({ ...SETTINGS, wip_limits: { 'npc-reviewer': { soft: 3, hard: null } } });
    await settle(harness);
    expect(card().querySelector('[role="status"]')?.textContent).toContain(
      '1 NPC has limits of its own.',
    );

    // A whole number only; nothing is sent while a row is wrong.
    rowField('npc-soft').value = '2.5';
    rowField('npc-soft').dispatchEvent(new Event('input'));
    await submit();
    expect(row().querySelector('[role="alert"]')?.textContent).toContain(
      'npc-reviewer: Enter a whole number of tasks.',
    );
    http.expectNone({ method: 'PUT', url: 'api/admin/settings' });

    row()
      .querySelector<HTMLButtonElement>('button[aria-label="Remove the limits of npc-reviewer"]')!
      .click();
    await settle(harness);
    await submit();
    const removal = http.expectOne({ method: 'PUT', url: 'api/admin/settings' });
    expect(removal.request.body).toEqual({ wip_limits: { 'npc-reviewer': null } });
    removal.flush(SETTINGS);
    await settle(harness);
    expect(card().querySelector('[data-npc-limits]')).toBeNull();
  });

  it('refuses a value that is not a number above zero, without asking the server', async () => {
    await loaded();
    await type('pickup_slo_minutes', '0');
    await submit();
    expect(card().querySelector('mat-error')?.textContent).toContain('Enter a number above zero.');
    http.expectNone({ method: 'PUT', url: 'api/admin/settings' });

    await type('pickup_slo_minutes', '');
    await submit();
    expect(card().querySelector('mat-error')?.textContent).toContain('Enter a number.');
    http.expectNone({ method: 'PUT', url: 'api/admin/settings' });
  });

  it("shows the server's refusal in its words", async () => {
    await loaded();
    await type('pickup_slo_minutes', '90');
    await submit();
    http
      .expectOne({ method: 'PUT', url: 'api/admin/settings' })
      .flush(errorBody('pickup_slo_minutes must be positive'), {
        status: 400,
        statusText: 'Bad Request',
      });
    await settle(harness);
    expect(card().querySelector('[role="alert"]')?.textContent).toContain(
      'Not saved: pickup_slo_minutes must be positive',
    );
  });

  it('offers Retry when the settings cannot be loaded', async () => {
    http.expectOne('api/admin/settings').flush(errorBody('The board failed.'), BAD_GATEWAY);
    await settle(harness);
    expect(card().querySelector('[role="alert"]')?.textContent).toContain('The board failed.');
    card().querySelector<HTMLButtonElement>('[role="alert"] button')!.click();
    await settle(harness);
    await loaded();
    expect(field('pickup_slo_minutes').value).toBe('60');
  });
});
