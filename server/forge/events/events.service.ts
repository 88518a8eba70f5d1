import { Injectable } from '@nestjs/common';
import type { PlatformEvent } from '@shared/platform/types';
import { InvalidError } from '../../common/errors';
import type { Page, Paging } from '../http/paging';
import type { RepoContext } from '../access/request-context';
import { toPlatformEvent } from './event.converter';
import { EventsRepository, type IssueActivityRow } from './events.repository';
import type { NewEvent } from './events.types';

const HOUR_MS = 3_600_000;

/** `YYYY-MM-DD` (a UTC day) or `YYYY-MM-DD-H` (a UTC hour) → the instants it spans. */
export function eventWindow(date: string): { from: string; to: string } {
  const match = /^(\d{4}-\d{2}-\d{2})(?:-(\d{1,2}))?$/.exec(date);
  const day = match ? Date.parse(`${match[1]}T00:00:00.000Z`) : NaN;
  const hour = match?.[2] === undefined ? null : Number(match[2]);
  if (
    !match ||
    Number.isNaN(day) ||
    new Date(day).toISOString().slice(0, 10) !== match[1] ||
    (hour !== null && hour > 23)
  ) {
    throw new InvalidError('date must be YYYY-MM-DD or YYYY-MM-DD-H (UTC)', { field: 'date' });
  }
  const from = hour === null ? day : day + hour * HOUR_MS;
  const to = from + (hour === null ? 24 * HOUR_MS : HOUR_MS);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** Repository activity: recorded by the services that make it, listed per day or hour. */
@Injectable()
export class EventsService {
  constructor(private readonly events: EventsRepository) {}

  /** Record events (synchronous, so callers can include it in their transaction). */
  record(...events: NewEvent[]): void {
    for (const event of events) this.events.insert(event);
  }

  /** The events of one issue, oldest first (after event `afterId` when given). */
  issueActivities(
    repoId: number,
    number: number,
    afterId: number,
    paging: Paging,
  ): Page<IssueActivityRow> {
    const { rows, total } = this.events.forIssue(
      repoId,
      String(number),
      afterId,
      paging.pageSize,
      paging.offset,
    );
    return { items: rows, total };
  }

  /** A repository's events of a UTC day or hour, newest first. */
  list(ctx: RepoContext, date: string, paging: Paging): Page<PlatformEvent> {
    const window = eventWindow(date);
    const { repo } = ctx.granted();
    const { rows, total } = this.events.list(
      repo.id,
      window.from,
      window.to,
      paging.pageSize,
      paging.offset,
    );
    return { items: rows.map(toPlatformEvent), total };
  }
}
