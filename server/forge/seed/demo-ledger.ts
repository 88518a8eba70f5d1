import type { DemoOrg } from './demo-data';
import type { PlannedLedger } from './demo-plan.types';
import type { Prng } from './prng';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** History the board can back-fill from: a little over 30 days. */
const HISTORY_HOURS = 30 * 24 + 2;

/**
 * Hourly NPC spending over the last 30 days around the org's daily rate (quieter at
 * weekends and at night), its top-ups, and an opening balance chosen so the balance at
 * the epoch is exactly `finalBalance`.
 */
export function planLedger(org: DemoOrg, epoch: Date, rng: Prng): PlannedLedger {
  const end = Math.floor(epoch.getTime() / HOUR_MS) * HOUR_MS;
  const start = end - HISTORY_HOURS * HOUR_MS;
  const moves: { at: number; amount: number; kind: 'spend' | 'topup'; note: string }[] = [];
  for (let at = start + HOUR_MS; at <= end; at += HOUR_MS) {
    const date = new Date(at);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 0.45 : 1;
    const hour = date.getUTCHours();
    const daytime = hour >= 7 && hour < 20 ? 1.35 : 0.45;
    const cents = Math.round(
      ((org.dailySpend * 100) / 24) * weekend * daytime * rng.range(0.55, 1.45),
    );
    if (cents > 0) moves.push({ at, amount: -cents, kind: 'spend', note: 'NPC model calls' });
  }
  for (const [daysBefore, credits] of org.topUps) {
    moves.push({
      at: end - daysBefore * DAY_MS + 30 * 60_000,
      amount: Math.round(credits * 100),
      kind: 'topup',
      note: 'Top-up',
    });
  }
  moves.sort((a, b) => a.at - b.at);
  const net = moves.reduce((sum, move) => sum + move.amount, 0);
  const opening = Math.round(org.finalBalance * 100) - net;
  return {
    org: org.path,
    entries: [
      {
        amount: opening,
        kind: 'topup',
        note: 'Opening balance',
        createdAt: new Date(start).toISOString(),
      },
      ...moves.map((move) => ({
        amount: move.amount,
        kind: move.kind,
        note: move.note,
        createdAt: new Date(move.at).toISOString(),
      })),
    ],
  };
}
