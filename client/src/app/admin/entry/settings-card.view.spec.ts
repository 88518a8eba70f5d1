import {
  changedSettings,
  npcLimitRows,
  rowLimits,
  savedText,
  settingProblem,
  wipLimitsChange,
} from './settings-card.view';

describe('settingProblem', () => {
  it.each([
    [60, null],
    ['0.5', null],
    ['0.01', null],
    [' 24 ', null],
    ['', 'Enter a number.'],
    [null, 'Enter a number.'],
    ['abc', 'Enter a number, e.g. 60 or 0.5.'],
    ['0', 'Enter a number above zero.'],
    [-1, 'Enter a number above zero.'],
    ['1e400', 'Enter a number, e.g. 60 or 0.5.'],
  ])('pickup SLO %j: %j', (raw, problem) => {
    expect(settingProblem(raw, 'pickup_slo_minutes')).toBe(problem);
  });

  it('caps each setting at its own maximum', () => {
    expect(settingProblem(10_080, 'pickup_slo_minutes')).toBeNull();
    expect(settingProblem(10_081, 'pickup_slo_minutes')).toBe('Enter at most 10080.');
    expect(settingProblem(720, 'stuck_after_hours')).toBeNull();
    expect(settingProblem(720.5, 'stuck_after_hours')).toBe('Enter at most 720.');
  });
});

describe('settingProblem for WIP limits', () => {
  it('takes whole numbers only, and an empty hard limit as none', () => {
    expect(settingProblem('10', 'wip_soft_limit')).toBeNull();
    expect(settingProblem('2.5', 'wip_soft_limit')).toBe('Enter a whole number of tasks.');
    expect(settingProblem('', 'wip_soft_limit')).toBe('Enter a number.');
    expect(settingProblem('', 'wip_hard_limit')).toBeNull();
    expect(settingProblem('many', 'wip_hard_limit')).toBe('Enter a whole number, e.g. 10.');
    expect(settingProblem(10_001, 'wip_hard_limit')).toBe('Enter at most 10000.');
  });
});

describe('changedSettings', () => {
  const current = {
    pickup_slo_minutes: 60,
    stuck_after_hours: 24,
    wip_soft_limit: 10,
    wip_hard_limit: null,
    run_max_minutes: 60,
    failed_runs_in_a_row: 3,
  };
  const same = {
    wip_soft_limit: 10,
    wip_hard_limit: '',
    run_max_minutes: 60,
    failed_runs_in_a_row: '3',
  };

  it('sends only the fields that changed, as numbers', () => {
    expect(
      changedSettings(current, { ...same, pickup_slo_minutes: 60, stuck_after_hours: '0.01' }),
    ).toEqual({ stuck_after_hours: 0.01 });
    expect(
      changedSettings(current, { ...same, pickup_slo_minutes: 90, stuck_after_hours: 48 }),
    ).toEqual({
      pickup_slo_minutes: 90,
      stuck_after_hours: 48,
    });
    expect(
      changedSettings(current, { ...same, pickup_slo_minutes: 60, stuck_after_hours: 24 }),
    ).toEqual({});
  });

  it('leaves out a field that is not valid', () => {
    expect(
      changedSettings(current, { ...same, pickup_slo_minutes: -5, stuck_after_hours: 12 }),
    ).toEqual({
      stuck_after_hours: 12,
    });
  });

  it('sets and clears the hard WIP limit', () => {
    const typed = { ...same, pickup_slo_minutes: 60, stuck_after_hours: 24, wip_soft_limit: '5' };
    expect(changedSettings(current, { ...typed, wip_hard_limit: '8' })).toEqual({
      wip_soft_limit: 5,
      wip_hard_limit: 8,
    });
    expect(
      changedSettings({ ...current, wip_hard_limit: 8 }, { ...typed, wip_hard_limit: ' ' }),
    ).toEqual({ wip_soft_limit: 5, wip_hard_limit: null });
  });

  it("sends the run alerts' thresholds, the failed runs as a whole number", () => {
    expect(
      changedSettings(current, {
        ...same,
        pickup_slo_minutes: 60,
        stuck_after_hours: 24,
        run_max_minutes: '90',
        failed_runs_in_a_row: '5',
      }),
    ).toEqual({ run_max_minutes: 90, failed_runs_in_a_row: 5 });
    expect(settingProblem('2.5', 'failed_runs_in_a_row')).toBe('Enter a whole number of runs.');
  });

  it('says what was saved', () => {
    const runs = { run_max_minutes: 60, failed_runs_in_a_row: 3 };
    expect(
      savedText({
        pickup_slo_minutes: 30,
        stuck_after_hours: 0.5,
        wip_soft_limit: 10,
        wip_hard_limit: null,
        ...runs,
      }),
    ).toBe(
      'Saved: pickup SLO 30 min, stuck after 0.5h, WIP warning at 10, no hard limit. Run alerts after 60 min or 3 failed runs in a row.',
    );
    expect(
      savedText({
        pickup_slo_minutes: 30,
        stuck_after_hours: 1,
        wip_soft_limit: 3,
        wip_hard_limit: 5,
        ...runs,
      }),
    ).toBe(
      'Saved: pickup SLO 30 min, stuck after 1h, WIP warning at 3, refused at 5. Run alerts after 60 min or 3 failed runs in a row.',
    );
  });

  it('reads own limits into rows and back: empty keeps the global one, "no limit" is null', () => {
    const rows = npcLimitRows({
      'npc-b': { soft: 4 },
      'npc-a': { hard: null },
      'npc-c': { soft: 2, hard: 6 },
    });
    expect(rows).toEqual([
      { npc: 'npc-a', soft: '', hard: '', noHard: true },
      { npc: 'npc-b', soft: '4', hard: '', noHard: false },
      { npc: 'npc-c', soft: '2', hard: '6', noHard: false },
    ]);
    expect(rows.map(rowLimits)).toEqual([{ hard: null }, { soft: 4 }, { soft: 2, hard: 6 }]);
    expect(rowLimits({ npc: 'x', soft: ' ', hard: '', noHard: false })).toBeNull();
    // "No limit" wins over a typed limit.
    expect(rowLimits({ npc: 'x', soft: '', hard: '9', noHard: true })).toEqual({ hard: null });
  });

  it('sends only the NPCs whose own limits change, null for the ones removed or emptied', () => {
    const current = { 'npc-a': { soft: 4 }, 'npc-b': { hard: 8 }, 'npc-c': { soft: 1 } };
    expect(
      wipLimitsChange(current, [
        { npc: 'npc-a', soft: '4', hard: '', noHard: false },
        { npc: 'npc-b', soft: '', hard: '9', noHard: false },
        { npc: 'npc-d', soft: '', hard: '', noHard: true },
      ]),
    ).toEqual({ 'npc-c': null, 'npc-b': { hard: 9 }, 'npc-d': { hard: null } });
    expect(
      wipLimitsChange({ 'npc-a': {} }, [{ npc: 'npc-a', soft: '', hard: '', noHard: false }]),
    ).toEqual({});
    expect(
      wipLimitsChange(current, [{ npc: 'npc-a', soft: '', hard: '', noHard: false }]),
    ).toMatchObject({
      'npc-a': null,
    });
  });

  it('says how many NPCs have limits of their own', () => {
    const settings = {
      pickup_slo_minutes: 60,
      stuck_after_hours: 24,
      wip_soft_limit: 10,
      wip_hard_limit: null,
      run_max_minutes: 45,
      failed_runs_in_a_row: 2,
    };
    expect(savedText(settings, { 'npc-a': { soft: 2 }, 'npc-b': { hard: null } })).toBe(
      'Saved: pickup SLO 60 min, stuck after 24h, WIP warning at 10, no hard limit. 2 NPCs have limits of their own. Run alerts after 45 min or 2 failed runs in a row.',
    );
  });
});
