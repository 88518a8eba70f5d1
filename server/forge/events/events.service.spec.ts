import { eventWindow } from './events.service';

describe('event dates', () => {
  it('spans a UTC day or a UTC hour', () => {
    expect(eventWindow('2025-03-04')).toEqual({
      from: '2025-03-04T00:00:00.000Z',
      to: '2025-03-05T00:00:00.000Z',
    });
    expect(eventWindow('2025-03-04-7')).toEqual({
      from: '2025-03-04T07:00:00.000Z',
      to: '2025-03-04T08:00:00.000Z',
    });
    expect(eventWindow('2025-12-31-23').to).toBe('2026-01-01T00:00:00.000Z');
  });

  it.each(['2025-02-30', '2025-13-01', '2025-01-01-24', '25-01-01', 'today', '2025-01-01T00'])(
    'refuses %p',
    (date) => expect(() => eventWindow(date)).toThrow('YYYY-MM-DD'),
  );
});
