import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { CommitRecordsRepository } from '../commits/commit-records.repository';
import { EventsRepository } from '../events/events.repository';
import type { NewEvent } from '../events/events.types';
import { statePayload } from '../issues/issue-activity';
import { PullDetailsRepository } from '../pulls/pull-details.repository';
import { UploadStore } from '../uploads/upload-store';
import { UploadsRepository } from '../uploads/uploads.repository';
import { ROLE_LEVELS } from '../access/roles';
import { CommentsRepository } from '../issues/comments.repository';
import { IssuesRepository } from '../issues/issues.repository';
import { LabelsRepository } from '../issues/labels.repository';
import { OrgsRepository } from '../orgs/orgs.repository';
import {
  IssuePropertiesRepository,
  type IssuePropertyDefinition,
} from '../issues/issue-properties.repository';
import { PullsRepository } from '../pulls/pulls.repository';
import { ReposRepository } from '../repos/repos.repository';
import { BuildsRepository } from '../builds/builds.repository';
import { LedgerRepository } from '../credits/ledger.repository';
import { GitAdapter } from '../git/git.adapter';
import { GitWriteAdapter } from '../git/git-write.adapter';
import { ReleasesRepository } from '../releases/releases.repository';
import { ForgeDatabase } from '../storage/forge-database';
import { MetaRepository } from '../storage/meta.repository';
import { UsersRepository } from '../users/users.repository';
import { ADMIN_USERNAME } from '../users/users.service';
import {
  BUILD_CASES_KEY,
  planDemoBuilds,
  withBuildCharges,
  type DemoCharge,
  type PlannedBuild,
} from './demo-builds';
import { planHistories, type PlannedHistory, type PlannedRelease } from './demo-history';
import { buildDemoPlan } from './demo-plan';
import { HELD_ISSUES_KEY, type HeldIssues } from './held-issues';
import type { DemoPlan, PlannedPull } from './demo-plan.types';

/** The showcase organization's sub-group. */
const DEMO_SUB_GROUP = 'maintainers';

/** Custom issue properties the showcase repository defines. */
const DEMO_ISSUE_PROPERTIES: readonly IssuePropertyDefinition[] = [
  { key: 'component', name: 'Component', type: 'string' },
  { key: 'estimate', name: 'Estimate (days)', type: 'number' },
  { key: 'due_date', name: 'Due date', type: 'date' },
];
const DEMO_COMPONENTS = ['api', 'ui', 'docs', 'build'] as const;

/** What the showcase repository gets, prepared outside the seed's transaction. */
interface Showcase {
  org: string;
  repo: string;
  pull: PlannedPull;
  release: PlannedRelease;
  mainSha: string;
  headSha: string;
  baseSha: string;
  asset: { key: string; bytes: Buffer; name: string };
}

/** The commit a repository's builds ran on: its default branch's newest. */
interface RepoHead {
  sha: string;
  title: string;
}

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
  builds: number;
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
    private readonly events: EventsRepository,
    private readonly pullDetails: PullDetailsRepository,
    private readonly records: CommitRecordsRepository,
    private readonly uploads: UploadStore,
    private readonly uploadRows: UploadsRepository,
    private readonly issueProperties: IssuePropertiesRepository,
    private readonly builds: BuildsRepository,
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
    const showcase = await this.prepareShowcase(plan, histories);
    const builds = planDemoBuilds(plan);
    const heads = await this.repoHeads(builds);
    this.db.transaction(() => {
      this.write(plan, histories, builds, heads);
      if (showcase) this.writeShowcase(plan, showcase);
    });
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
      builds: builds.length,
    };
    this.logger.log(
      `Demo data seeded in ${Date.now() - started} ms: ${summary.orgs} organizations, ${summary.repos} repositories, ` +
        `${summary.issues} issues, ${summary.pulls} pull requests, ${summary.commits} commits (epoch ${epoch.toISOString()})`,
    );
    return summary;
  }

  /**
   * The first repository with a release and a pull request #1 without planned reviews
   * gets what the rest of the published API shows: a release asset, a commented and
   * reviewed pull (that review its first) with an assignee and a label, commit statuses
   * and annotations. Git state (branch tips) and the asset's bytes come first, the records
   * in the seed's transaction.
   */
  private async prepareShowcase(
    plan: DemoPlan,
    histories: readonly PlannedHistory[],
  ): Promise<Showcase | null> {
    // Pull #1 of a repository: its first pull request in the plan.
    const firstPull = (h: PlannedHistory): PlannedPull | undefined =>
      plan.pulls.find((pull) => pull.org === h.org && pull.repo === h.name);
    const history = histories.find(
      (h) => h.releases.length > 0 && firstPull(h)?.reviews.length === 0,
    );
    if (!history) return null;
    const pull = firstPull(history) as PlannedPull;
    const refs = await this.git.refs({ owner: history.org, name: history.name });
    const tip = (branch: string): string => refs.refs.get(`refs/heads/${branch}`)?.commit ?? '';
    const release = history.releases[history.releases.length - 1];
    const asset = Buffer.from(`${release.name}\n\n${release.body}\n`, 'utf8');
    const key = createHash('sha256')
      .update(`${history.org}/${history.name}@${release.tag}`)
      .digest('hex')
      .slice(0, 32);
    await this.uploads.write('files', key, Readable.from([asset]), asset.length, () => undefined);
    return {
      org: history.org,
      repo: history.name,
      pull,
      release,
      mainSha: tip(refs.head),
      headSha: tip(pull.head),
      baseSha: tip(pull.base),
      asset: { key, bytes: asset, name: 'RELEASE-NOTES.md' },
    };
  }

  private writeShowcase(plan: DemoPlan, showcase: Showcase): void {
    const repoId = this.repos.idOf(showcase.org, showcase.repo);
    if (repoId === undefined) return;
    const user = (username: string): number => this.users.byUsername(username)?.id as number;
    const org = plan.orgs.find((o) => o.path === showcase.org);
    const reviewer =
      org?.members.find((member) => member.username !== showcase.pull.author)?.username ?? 'admin';
    const at = showcase.pull.updatedAt;
    const release = this.releases.byTag(repoId, showcase.release.tag);
    if (release) {
      this.uploadRows.insert(
        {
          repoId,
          kind: 'files',
          key: showcase.asset.key,
          name: showcase.asset.name,
          size: showcase.asset.bytes.length,
          contentType: 'text/markdown; charset=utf-8',
          uploaderId: user(showcase.release.author),
          expires: 0,
        },
        showcase.release.createdAt,
      );
      this.releases.insertAsset({
        releaseId: release.id,
        uploadKey: showcase.asset.key,
        name: showcase.asset.name,
        size: showcase.asset.bytes.length,
        contentType: 'text/markdown; charset=utf-8',
        sha256: createHash('sha256').update(showcase.asset.bytes).digest('hex'),
        uploaderId: user(showcase.release.author),
        createdAt: showcase.release.createdAt,
      });
      this.records.setTagAnnotation(
        repoId,
        showcase.release.tag,
        'release.notes',
        showcase.asset.name,
      );
    }
    const pull = this.pulls.byNumbers(repoId, [1])[0];
    if (pull) {
      this.pullDetails.addAssignees(pull.id, [user(reviewer)]);
      const label = this.labels.list(repoId, undefined, 1, 0).rows[0];
      if (label) this.pullDetails.addLabels(pull.id, [label.id]);
      this.pullDetails.insertComment(
        pull.id,
        user(reviewer),
        'Looks good overall; one note inline.',
        at,
      );
      const reviewId = this.pullDetails.insertReview(
        pull.id,
        user(reviewer),
        'commented',
        'A few notes.',
        at,
      );
      this.pullDetails.insertReviewComment(
        reviewId,
        user(reviewer),
        {
          path: `notes/${showcase.pull.head.replace(/\//g, '-')}.md`,
          subjectType: 'line',
          line: 1,
          endLine: 1,
          startSide: 'right',
          endSide: 'right',
          body: 'Could the title say what changes for users?',
          commitSha: showcase.headSha,
        },
        at,
      );
    }
    this.writeSubGroup(showcase.org, reviewer, showcase.release.createdAt);
    this.writeIssueProperties(repoId);
    for (const sha of [showcase.headSha, showcase.mainSha].filter((s) => s !== '')) {
      this.records.setStatus(repoId, sha, {
        context: 'ci/build',
        state: 'success',
        description: 'Build and tests passed',
        target_url: '',
        created_at: at,
      });
    }
    if (showcase.mainSha) {
      this.records.setCommitAnnotation(repoId, showcase.mainSha, 'reviewed-by', reviewer);
      // The release notes also hang off the default branch's newest commit, as a build leaves files.
      this.records.addCommitAsset(repoId, showcase.mainSha, {
        upload_key: showcase.asset.key,
        name: showcase.asset.name,
        size: showcase.asset.bytes.length,
        content_type: 'text/markdown; charset=utf-8',
        sha256: createHash('sha256').update(showcase.asset.bytes).digest('hex'),
        authorId: user(showcase.release.author),
        created_at: at,
      });
    }
  }

  /**
   * A sub-group of the showcase organization, with one member of its own. It holds no
   * repositories or issues, and the top-level lists leave it out, so the board's figures
   * are those of the organizations alone.
   */
  private writeSubGroup(org: string, member: string, at: string): void {
    const parent = this.orgs.byPath(org, 0);
    const admin = this.users.byUsername(ADMIN_USERNAME);
    const user = this.users.byUsername(member);
    if (!parent || !admin) return;
    const id = this.orgs.insert(
      {
        path: `${org}/${DEMO_SUB_GROUP}`,
        name: DEMO_SUB_GROUP,
        remark: 'Maintainers',
        description: `People who look after the repositories of ${org}.`,
        site: '',
        email: '',
        parentId: parent.id,
        createdAt: at,
      },
      admin.id,
      ROLE_LEVELS.Owner,
    );
    if (user) this.orgs.setRole(id, user.id, ROLE_LEVELS.Developer);
  }

  /**
   * Custom issue properties of the showcase repository: a component on every issue, an
   * estimate on every other one and a due date on every third, taken from its number.
   */
  private writeIssueProperties(repoId: number): void {
    for (const definition of DEMO_ISSUE_PROPERTIES) this.issueProperties.define(repoId, definition);
    const issues = this.db.all<{ id: number; number: number; created_at: string }>(
      'SELECT id, number, created_at FROM issues WHERE repo_id = ? ORDER BY number',
      [repoId],
    );
    for (const issue of issues) {
      const component = DEMO_COMPONENTS[issue.number % DEMO_COMPONENTS.length];
      this.issueProperties.set(issue.id, 'component', component);
      if (issue.number % 2 === 1)
        this.issueProperties.set(issue.id, 'estimate', String((issue.number % 5) + 1));
      if (issue.number % 3 === 0) {
        const due = new Date(Date.parse(issue.created_at) + 14 * 86_400_000);
        this.issueProperties.set(issue.id, 'due_date', due.toISOString().slice(0, 10));
      }
    }
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

  /** The newest commit of each repository that has builds (read before the transaction). */
  private async repoHeads(builds: readonly PlannedBuild[]): Promise<Map<string, RepoHead>> {
    const heads = new Map<string, RepoHead>();
    for (const path of new Set(builds.map((build) => `${build.org}/${build.repo}`))) {
      const [owner, name] = path.split('/');
      try {
        const { sha } = await this.git.resolveCommit({ owner, name });
        const title = (await this.git.commit({ owner, name }, sha)).message.split('\n')[0];
        heads.set(path, { sha, title });
      } catch {
        // A repository without commits has no builds to show.
      }
    }
    return heads;
  }

  /**
   * The builds of the demo, with their issues' ids; returns each organization's run
   * charges for its ledger, and records the case tasks the simulator must leave alone.
   */
  private writeBuilds(
    builds: readonly PlannedBuild[],
    heads: ReadonlyMap<string, RepoHead>,
    ids: {
      user: (username: string) => number;
      repo: (path: string) => number;
      issue: (index: number) => { id: number; number: number };
    },
  ): Map<string, DemoCharge[]> {
    const charges = new Map<string, DemoCharge[]>();
    const caseIssues: number[] = [];
    for (const build of builds) {
      const path = `${build.org}/${build.repo}`;
      const head = heads.get(path);
      if (!head) continue;
      const repoId = ids.repo(path);
      const issue = build.issue === null ? null : ids.issue(build.issue);
      const row = this.builds.insert({
        repoId,
        sn: this.builds.nextSn(repoId, build.createdAt),
        event: build.event,
        eventUrl: issue ? `/${path}/-/issues/${issue.number}` : '',
        userId: ids.user(build.user),
        npcId: build.npc === null ? null : ids.user(build.npc),
        issueId: issue?.id ?? null,
        pullId: null,
        sha: head.sha,
        commitTitle: head.title,
        sourceRef: 'main',
        targetRef: 'main',
        title: build.title,
        plan: build.plan,
        outcome: build.outcome,
        createdAt: build.createdAt,
        charged: build.charged,
        stoppedAt: build.stoppedAt ?? undefined,
      });
      if (build.case && issue) caseIssues.push(issue.id);
      if (!build.charged) continue;
      const list = charges.get(build.org) ?? [];
      list.push({
        at: build.chargedAt,
        cents: build.cents,
        coreMh: build.coreMh,
        sn: row.sn,
      });
      charges.set(build.org, list);
    }
    this.meta.set(BUILD_CASES_KEY, JSON.stringify(caseIssues));
    return charges;
  }

  private write(
    plan: DemoPlan,
    histories: readonly PlannedHistory[],
    builds: readonly PlannedBuild[],
    heads: ReadonlyMap<string, RepoHead>,
  ): void {
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

    const held: HeldIssues = { stuck: [], overdue: [] };
    const issueIds: { id: number; number: number }[] = [];
    for (const issue of plan.issues) {
      const repoId = repoIds.get(`${issue.org}/${issue.repo}`) as number;
      const last = [
        issue.createdAt,
        issue.closedAt ?? '',
        ...issue.comments.map((c) => c.createdAt),
        ...issue.assignments.map((a) => a.at),
      ]
        .sort()
        .pop() as string;
      const { id: issueId, number: issueNumber } = this.issues.insert({
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
      issueIds.push({ id: issueId, number: issueNumber });
      if (issue.hold) held[issue.hold].push(issueId);
      this.issues.addLabels(
        issueId,
        issue.labels.map((name) => labelIds.get(`${repoId}:${name}`) as number),
      );
      this.issues.addAssignees(issueId, issue.assignees.map(id));
      const ref = { number: String(issueNumber), title: issue.title };
      // Opened, assignment changes, comments and the close, in time order (ties in that order).
      const events: NewEvent[] = [
        {
          repoId,
          type: 'IssueEvent',
          actorId: id(issue.author),
          payload: statePayload('opened', ref),
          createdAt: issue.createdAt,
        },
        ...issue.assignments.map((change): NewEvent => ({
          repoId,
          type: 'IssueEvent',
          actorId: id(change.actor),
          payload: { action: change.action, assignees: change.assignees, issue: ref },
          createdAt: change.at,
        })),
      ];
      for (const comment of issue.comments) {
        const row = this.comments.insert(
          issueId,
          id(comment.author),
          comment.body,
          comment.createdAt,
        );
        events.push({
          repoId,
          type: 'IssueCommentEvent',
          actorId: id(comment.author),
          payload: { action: 'created', issue: ref, comment: { id: String(row.id) } },
          createdAt: comment.createdAt,
        });
      }
      if (issue.state === 'closed' && issue.closedAt) {
        // People close what is not planned; the one doing the work closes what it completed.
        const closer =
          issue.stateReason === 'not_planned' ? issue.author : (issue.assignees[0] ?? issue.author);
        events.push({
          repoId,
          type: 'IssueEvent',
          actorId: id(closer),
          payload: statePayload('closed', ref, issue.stateReason),
          createdAt: issue.closedAt,
        });
      }
      events.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      for (const event of events) this.events.insert(event);
    }
    this.meta.set(HELD_ISSUES_KEY, JSON.stringify(held));

    for (const pull of plan.pulls) {
      const row = this.pulls.insert({
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
      for (const review of pull.reviews)
        this.pullDetails.insertReview(
          row.id,
          id(review.author),
          review.state,
          review.body,
          review.createdAt,
        );
    }

    const charges = this.writeBuilds(builds, heads, {
      user: id,
      repo: (path) => repoIds.get(path) as number,
      issue: (index) => issueIds[index],
    });
    for (const planned of plan.ledgers) {
      const namespaceId = orgIds.get(planned.org) as number;
      const ledger = withBuildCharges(planned, charges.get(planned.org) ?? []);
      for (const entry of ledger.entries)
        this.ledger.append(
          namespaceId,
          entry.amount,
          entry.kind,
          entry.note,
          entry.createdAt,
          entry.sn === undefined ? undefined : { sn: entry.sn, coreMh: entry.coreMh ?? 0 },
        );
    }
    this.meta.set(SEEDED_KEY, plan.epoch.toISOString());
  }
}
