/** NPC rules (docs/rules.md#npc-detection). */

export interface UserLike {
  username: string;
  is_npc?: boolean;
}

/** A user is an NPC when the platform marks it so, or its username is a configured handle. */
export function isNpcUser(user: UserLike, npcHandles: readonly string[]): boolean {
  if (user.is_npc === true) return true;
  const name = user.username.toLowerCase();
  return npcHandles.some((handle) => handle.toLowerCase() === name);
}

/** An NPC issue has an NPC author or an NPC assignee (users already resolved). */
export function isNpcIssue(issue: {
  author: { is_npc: boolean };
  assignees: readonly { is_npc: boolean }[];
}): boolean {
  return issue.author.is_npc || issue.assignees.some((a) => a.is_npc);
}

/** No human commit for this long makes a repository dormant for people. */
export const DORMANT_AFTER_DAYS = 30;
