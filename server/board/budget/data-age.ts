import { Injectable } from '@nestjs/common';

/**
 * When each organization's data shown was fetched from the platform: the oldest datum of
 * the last answer built for it. `/metrics` exports the age per organization.
 */
@Injectable()
export class DataAge {
  private readonly asOf = new Map<string, number>();

  /** The organization's latest answer used data fetched at `fetchedAt` (epoch ms) at the oldest. */
  note(org: string, fetchedAt: number): void {
    this.asOf.set(org, fetchedAt);
  }

  /** Age in seconds of each organization's data at `now`. */
  ages(now: number): Map<string, number> {
    return new Map([...this.asOf].map(([org, at]) => [org, Math.max(0, (now - at) / 1000)]));
  }
}
