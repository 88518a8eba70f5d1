import { IsIn, IsOptional } from 'class-validator';
import type { PullListState } from '@shared/platform/types';

/** Query of the pull request routes: `state`, open when absent. */
export class PullsQuery {
  @IsOptional()
  @IsIn(['open', 'closed', 'all'], { message: '$property must be open, closed or all' })
  state: PullListState = 'open';
}
