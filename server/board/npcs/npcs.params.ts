import { IsSlugParam } from '../common/query-rules';

/** `:handle` of an NPC: its username. */
export class NpcParams {
  @IsSlugParam()
  handle!: string;
}
