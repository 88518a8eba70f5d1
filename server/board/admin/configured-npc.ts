import { InvalidError } from '../../common/errors';
import { withCode } from '../common/error-code';
import type { BoardConfig } from '../config/board-config';

/**
 * Refuse an NPC handle the board is not configured with (400). Checked before anything
 * that reads the platform, so a wrong handle costs no platform call.
 */
export function assertConfiguredNpc(config: BoardConfig, npc: string): void {
  if (!config.npcHandles.includes(npc)) {
    const allowed = config.npcHandles.join(', ');
    throw new InvalidError(
      `npc must be one of ${allowed}`,
      withCode('unknown_npc', { field: 'npc', npc, allowed }),
    );
  }
}
