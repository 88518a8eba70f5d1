import { changedSettings, savedText, settingProblem } from './settings-card.view';

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
  };
  const same = { wip_soft_limit: 10, wip_hard_limit: '' };

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
    const typed = { pickup_slo_minutes: 60, stuck_after_hours: 24, wip_soft_limit: '5' };
    expect(changedSettings(current, { ...typed, wip_hard_limit: '8' })).toEqual({
      wip_soft_limit: 5,
      wip_hard_limit: 8,
    });
    expect(
      changedSettings({ ...current, wip_hard_limit: 8 }, { ...typed, wip_hard_limit: ' ' }),
    ).toEqual({ wip_soft_limit: 5, wip_hard_limit: null });
  });

  it('says what was saved', () => {
    expect(
      savedText({
        pickup_slo_minutes: 30,
        stuck_after_hours: 0.5,
        wip_soft_limit: 10,
        wip_hard_limit: null,
      }),
    ).toBe('Saved: pickup SLO 30 min, stuck after 0.5 h, WIP warning at 10, no hard limit.');
    expect(
      savedText({
        pickup_slo_minutes: 30,
        stuck_after_hours: 1,
        wip_soft_limit: 3,
        wip_hard_limit: 5,
      }),
    ).toBe('Saved: pickup SLO 30 min, stuck after 1 h, WIP warning at 3, refused at 5.');
  });
});
