import {
  CreditsUrlState,
  DEFAULT_CREDITS_STATE,
  creditsQueryParams,
  parseCreditsState,
} from './credits-url-state';

const toUrl = (state: CreditsUrlState) =>
  Object.fromEntries(Object.entries(creditsQueryParams(state)).filter(([, v]) => v !== null));

describe('credits URL state', () => {
  it.each<Partial<CreditsUrlState>>([
    {},
    { days: 30 },
    { sort: 'balance', dir: 'asc' },
    { sort: 'runs_out', dir: 'desc', days: 30, org: 'helix-data' },
  ])('survives a round trip: %o', (change) => {
    const state = { ...DEFAULT_CREDITS_STATE, ...change };
    expect(parseCreditsState(toUrl(state))).toEqual(state);
  });

  it('accepts only the windows the API accepts', () => {
    expect(parseCreditsState({ days: '14' }).days).toBe(7);
    expect(toUrl({ ...DEFAULT_CREDITS_STATE, days: 30 })).toEqual({ days: '30' });
  });
});
