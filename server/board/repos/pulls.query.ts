import { IsOneOfParam, OptionalParam } from '../common/query-rules';
import type { PullListState } from '@shared/platform/types';

/** Query of the pull request routes: `state`, open when absent. */
export class PullsQuery {
  @OptionalParam()
  @IsOneOfParam(['open', 'closed', 'all'])
  state: PullListState = 'open';
}
