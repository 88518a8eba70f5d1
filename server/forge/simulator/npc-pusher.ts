import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { GitAdapter } from '../git/git.adapter';
import { GitWriteAdapter } from '../git/git-write.adapter';
import { BRANCH_PREFIX } from '../git/ref-snapshot';
import { ISSUE_TOPICS } from '../seed/demo-data';
import type { Prng } from '../seed/prng';
import { PushRecorder } from '../transport/push-recorder.service';
import { SimulatorRepository } from './simulator.repository';

/** The file NPC commits append to. */
const WORKLOG = '.npc/worklog.md';
/** Chance per organization and round that an NPC pushes a commit. */
const PUSH_CHANCE = 0.35;

/**
 * The simulator's commits: an NPC appends to a work log on a repository's default
 * branch through the git adapter (one fast-import), and the push recorder records it
 * like any push (PushEvent, `last_updated_at`).
 */
@Injectable()
export class NpcPusher {
  constructor(
    private readonly sim: SimulatorRepository,
    private readonly git: GitAdapter,
    private readonly writes: GitWriteAdapter,
    private readonly recorder: PushRecorder,
    private readonly clock: Clock,
  ) {}

  /** One round of commits across the organizations; returns how many were pushed. */
  async round(rng: Prng): Promise<number> {
    const npcs = this.sim.npcs();
    if (npcs.length === 0) return 0;
    let pushed = 0;
    for (const org of this.sim.orgs()) {
      if (!rng.chance(PUSH_CHANCE)) continue;
      const targets = this.sim.pushTargets(org.id);
      if (targets.length === 0) continue;
      const target = rng.pick(targets);
      const npc = rng.pick(npcs);
      const repo = { owner: org.path, name: target.name };
      const topic = rng.pick(ISSUE_TOPICS);
      const done = await this.git.exclusive(repo, async () => {
        const before = await this.git.freshRefs(repo);
        const tip = before.refs.get(BRANCH_PREFIX + before.head);
        // An empty repository gets its first commit from a person, not from the simulator.
        if (!tip) return false;
        const log = await this.git.read(repo, `${tip.commit}:${WORKLOG}`);
        const at = this.clock.now();
        const line = `- ${at.toISOString()} ${npc.username}: ${topic}\n`;
        await this.writes.commitFiles(
          repo,
          before.head,
          { name: npc.nickname, email: npc.email, date: at },
          `npc: ${topic.toLowerCase()}`,
          [
            {
              path: WORKLOG,
              content: `${log?.data.toString('utf8') ?? '# NPC work log\n\n'}${line}`,
            },
          ],
        );
        const after = await this.git.freshRefs(repo);
        await this.recorder.record(target.id, repo, npc.id, before, after);
        return true;
      });
      if (done) pushed += 1;
    }
    return pushed;
  }
}
