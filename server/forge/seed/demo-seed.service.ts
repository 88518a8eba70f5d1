import { Injectable, Logger } from '@nestjs/common';
import { ROLE_LEVELS } from '../common/roles';
import { CommentsRepository } from '../issues/comments.repository';
import { IssuesRepository } from '../issues/issues.repository';
import { LabelsRepository } from '../issues/labels.repository';
import { OrgsRepository } from '../orgs/orgs.repository';
import { PullsRepository } from '../pulls/pulls.repository';
import { ReposRepository } from '../repos/repos.repository';
import { LedgerRepository } from '../credits/ledger.repository';
import { GitAdapter } from '../git/git.adapter';
import { GitWriteAdapter } from '../git/git-write.adapter';
import { ReleasesRepository } from '../releases/releases.repository';
import { ForgeDatabase } from '../storage/forge-database';
import { MetaRepository } from '../storage/meta.repository';
import { UsersRepository } from '../users/users.repository';
import { ADMIN_USERNAME } from '../users/users.service';
import { planHistories, type PlannedHistory } from './demo-history';
import { buildDemoPlan } from './demo-plan';
import type { DemoPlan } from './demo-plan.types';

/** Meta key set once the demo seed has run, so it runs on first start only. */
export const SEEDED_KEY = 'demo_seeded_at';

/** Bare repositories created at once while seeding. */
const GIT_CONCURRENCY = 4;

export interface SeedSummary {
  orgs: number;
  repos: number;
  issues: number;
  pulls: number;
  ledgerEntries: number;
  commits: number;
  npcCommits: number;
  tags: number;
  releases: number;
}

/**
 * Writes the demo plan: bare repositories first (git before the database, as for any
 * repository), then every record in one transaction. Writes history directly through
 * the repositories because services stamp "now", and the demo needs the past.
 */
@Injectable()
export class DemoSeedService {
  private readonly logger = new Logger('Forge');

  constructor(
    private readonly db: ForgeDatabase,
    private readonly meta: MetaRepository,
    private readonly git: GitAdapter,
    private readonly gitWrites: GitWriteAdapter,
    private readonly releases: ReleasesRepository,
    private readonly users: UsersRepository,
    private readonly orgs: OrgsRepository,
    private readonly repos: ReposRepository,
    private readonly issues: IssuesRepository,
    private readonly labels: LabelsRepository,
    private readonly comments: CommentsRepository,
    private readonly pulls: PullsRepository,
    private readonly ledger: LedgerRepository,
  ) {}

  /** Whether the seed has run in this data directory (or organizations exist anyway). */
  alreadySeeded(): boolean {
    return this.meta.get(SEEDED_KEY) !== null || this.orgs.allPaths().length > 0;
  }

  /** Seed the demo around `epoch` unless it has been done; returns what was written, or null. */
  async seedOnce(epoch: Date): Promise<SeedSummary | null> {
    if (this.alreadySeeded()) return null;
    const started = Date.now();
    const plan = buildDemoPlan(epoch);
    const histories = planHistories(plan);
    await this.createRepositories(histories);
    this.db.transaction(() => this.write(plan, histories));
    const summary: SeedSummary = {
      orgs: plan.orgs.length,
      repos: plan.repos.length,
      issues: plan.issues.length,
      pulls: plan.pulls.length,
      ledgerEntries: plan.ledgers.reduce((sum, ledger) => sum + ledger.entries.length, 0),
      commits: histories.reduce((sum, history) => sum + history.commits, 0),
      npcCommits: histories.reduce((sum, history) => sum + history.npcCommits, 0),
      tags: histories.reduce((sum, history) => sum + history.tags.length, 0),
      releases: histories.reduce((sum, history) => sum + history.releases.length, 0),
    };
    this.logger.log(
      `Demo data seeded in ${Date.now() - started} ms: ${summary.orgs} organizations, ${summary.repos} repositories, ` +
        `${summary.issues} issues, ${summary.pulls} pull requests, ${summary.commits} commits (epoch ${epoch.toISOString()})`,
    );
    return summary;
  }

  /** Each repository: `git init`, then its whole history through one `git fast-import`. */
  private async createRepositories(histories: readonly PlannedHistory[]): Promise<void> {
    const queue = [...histories];
    const worker = async (): Promise<void> => {
      for (let repo = queue.shift(); repo; repo = queue.shift()) {
        await this.git.initBare(repo.org, repo.name);
        await this.gitWrites.fastImport({ owner: repo.org, name: repo.name }, repo.stream, {
          pack: true,
        });
      }
    };
    await Promise.all(Array.from({ length: GIT_CONCURRENCY }, worker));
  }

  private write(plan: DemoPlan, histories: readonly PlannedHistory[]): void {
    const history = new Map(histories.map((h) => [`${h.org}/${h.name}`, h]));
    const userIds = new Map<string, number>();
    const admin = this.users.byUsername(ADMIN_USERNAME);
    if (!admin) throw new Error('The admin user must exist before seeding');
    userIds.set(ADMIN_USERNAME, admin.id);
    for (const user of plan.users) {
      const existing = this.users.byUsername(user.username);
      const row =
        existing ??
        this.users.insert({
          username: user.username,
          nickname: user.nickname,
          email: `${user.username}@users.forge.local`,
          bio: user.isNpc ? 'Automated NPC account' : '',
          isNpc: user.isNpc,
          isAdmin: false,
          createdAt: user.createdAt,
        });
      userIds.set(user.username, row.id);
    }
    const id = (username: string): number => userIds.get(username) as number;

    const orgIds = new Map<string, number>();
    for (const org of plan.orgs) {
      const orgId = this.orgs.insert(
        {
          path: org.path,
          name: org.path,
          remark: org.remark,
          description: org.description,
          site: '',
          email: '',
          createdAt: org.createdAt,
        },
        admin.id,
        ROLE_LEVELS.Owner,
      );
      for (const member of org.members)
        this.orgs.setRole(orgId, id(member.username), ROLE_LEVELS[member.role]);
      orgIds.set(org.path, orgId);
    }

    const repoIds = new Map<string, number>();
    const labelIds = new Map<string, number>();
    for (const repo of plan.repos) {
      const repoId = this.repos.insert({
        namespaceId: orgIds.get(repo.org) as number,
        name: repo.name,
        description: repo.description,
        visibility: repo.visibility,
        createdAt: repo.createdAt,
        lastCommitAt: history.get(`${repo.org}/${repo.name}`)?.newest ?? null,
      });
      repoIds.set(`${repo.org}/${repo.name}`, repoId);
      for (const release of history.get(`${repo.org}/${repo.name}`)?.releases ?? []) {
        this.releases.insert({
          repoId,
          tagName: release.tag,
          targetCommitish: 'main',
          name: release.name,
          body: release.body,
          draft: false,
          prerelease: false,
          authorId: id(release.author),
          createdAt: release.createdAt,
          publishedAt: release.createdAt,
        });
      }
      for (const label of repo.labels) {
        labelIds.set(
          `${repoId}:${label.name}`,
          this.labels.insert(repoId, label.name, label.color, label.description).id,
        );
      }
    }

    for (const issue of plan.issues) {
      const repoId = repoIds.get(`${issue.org}/${issue.repo}`) as number;
      const last = [
        issue.createdAt,
        issue.closedAt ?? '',
        ...issue.comments.map((c) => c.createdAt),
      ]
        .sort()
        .pop() as string;
      const { id: issueId } = this.issues.insert({
        repoId,
        namespaceId: orgIds.get(issue.org) as number,
        title: issue.title,
        body: issue.body,
        authorId: id(issue.author),
        priority: issue.priority,
        workMode: false,
        createdAt: issue.createdAt,
        state: issue.state,
        stateReason: issue.stateReason,
        closedAt: issue.closedAt,
        updatedAt: last,
        lastActedAt: last,
      });
      this.issues.addLabels(
        issueId,
        issue.labels.map((name) => labelIds.get(`${repoId}:${name}`) as number),
      );
      this.issues.addAssignees(issueId, issue.assignees.map(id));
      for (const comment of issue.comments)
        this.comments.insert(issueId, id(comment.author), comment.body, comment.createdAt);
    }

    for (const pull of plan.pulls) {
      this.pulls.insert({
        repoId: repoIds.get(`${pull.org}/${pull.repo}`) as number,
        namespaceId: orgIds.get(pull.org) as number,
        title: pull.title,
        body: pull.body,
        authorId: id(pull.author),
        baseRef: pull.base,
        baseSha: '',
        headRef: pull.head,
        headSha: '',
        state: pull.state,
        createdAt: pull.createdAt,
        updatedAt: pull.updatedAt,
        closedAt: pull.state === 'open' ? null : pull.updatedAt,
      });
    }

    for (const ledger of plan.ledgers) {
      const namespaceId = orgIds.get(ledger.org) as number;
      for (const entry of ledger.entries)
        this.ledger.append(namespaceId, entry.amount, entry.kind, entry.note, entry.createdAt);
    }
    this.meta.set(SEEDED_KEY, plan.epoch.toISOString());
  }
}
