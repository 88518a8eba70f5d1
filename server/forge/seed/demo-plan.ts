import type { AccessRole, CreateVisibility } from '@shared/platform/types';
import {
  BASE_LABELS,
  DEMO_SEED,
  HUMANS,
  NPC_USERS,
  ORGS,
  PROGRESS_LABELS,
  REPO_DESCRIPTIONS,
  REPO_NAMES,
} from './demo-data';
import { markNpcOnlyRepos, planCases } from './demo-cases';
import { hostileIssue, planIssues, planPulls } from './demo-issues';
import { planLedger } from './demo-ledger';
import { freshenOpenWork } from './demo-open-work';
import { inRepoOrder, planNpcPulls } from './demo-pulls';
import type { DemoPlan, PlannedOrg, PlannedRepo, PlannedUser } from './demo-plan.types';
import { Prng } from './prng';

const DAY_MS = 86_400_000;
const at = (ms: number): string => new Date(ms).toISOString();

/** Days since the newest commit: under 7 (fresh), 7–30 (yellow on the board), over 30 (red). */
const AGE_BUCKETS: readonly (readonly [number, number])[] = [
  [0.2, 6.5],
  [8, 29],
  [31, 120],
];

/** The org that holds the one secret repository. */
const SECRET_ORG_INDEX = 2;

/**
 * The whole demo as data: ten organizations, their members, 3–8 repositories each
 * (two of them kept alive by NPCs only), issues (open work recently assigned or
 * worked on, plus the cases every NPC signal needs), pull requests (each demo NPC's
 * with a record of its own) and 30 days of credit ledger, all placed in time before
 * `epoch`. Same epoch, same plan.
 */
export function buildDemoPlan(epoch: Date): DemoPlan {
  const rng = new Prng(DEMO_SEED);
  const end = epoch.getTime();
  const humans = HUMANS.map((human) => human.username);

  const users: PlannedUser[] = [
    ...NPC_USERS.map((npc) => ({
      username: npc.username,
      nickname: npc.nickname,
      isNpc: true,
      createdAt: at(end - 300 * DAY_MS),
    })),
    ...HUMANS.map((human, i) => ({
      username: human.username,
      nickname: human.nickname,
      isNpc: false,
      createdAt: at(end - (500 - i * 40) * DAY_MS),
    })),
  ];

  const orgs: PlannedOrg[] = ORGS.map((org, index) => {
    const members: { username: string; role: AccessRole }[] = NPC_USERS.map((npc) => ({
      username: npc.username,
      role: 'Developer',
    }));
    HUMANS.forEach((human, h) => {
      // Rotate each person's organizations so memberships overlap without being identical.
      if ((index + h * 3) % ORGS.length < human.orgCount)
        members.push({ username: human.username, role: human.role });
    });
    return {
      path: org.path,
      remark: org.remark,
      description: org.description,
      createdAt: at(end - (420 - index * 11) * DAY_MS),
      members,
    };
  });

  const drawn: PlannedRepo[] = [];
  ORGS.forEach((org, index) => {
    const names = rng.sample(REPO_NAMES, rng.int(3, 8));
    names.forEach((name, r) => {
      // The first organization shows one repository of each age; the rest are drawn.
      const bucket =
        index === 0 && r < 3
          ? AGE_BUCKETS[r]
          : rng.pick([AGE_BUCKETS[0], AGE_BUCKETS[0], AGE_BUCKETS[1], AGE_BUCKETS[2]]);
      const lastCommit = end - rng.range(bucket[0], bucket[1]) * DAY_MS;
      const visibility: CreateVisibility = r === 0 || rng.chance(0.75) ? 'public' : 'private';
      drawn.push(
        plannedRepo(
          org.path,
          name,
          visibility,
          lastCommit,
          lastCommit - rng.range(20, 400) * DAY_MS,
        ),
      );
    });
    if (index === SECRET_ORG_INDEX) {
      const lastCommit = end - 12 * DAY_MS;
      drawn.push(plannedRepo(org.path, 'vault', 'secret', lastCommit, lastCommit - 90 * DAY_MS));
    }
  });

  const repos = markNpcOnlyRepos(drawn, epoch);

  const issues = freshenOpenWork(
    repos.flatMap((repo) => planIssues(repo, memberHumans(orgs, repo.org, humans), epoch, rng)),
    orgs,
    epoch,
  );
  issues.push(hostileIssue(repos[0], epoch));
  issues.push(...planCases(repos, orgs, (org) => memberHumans(orgs, org, humans), epoch));
  issues.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const people = repos.flatMap((repo) =>
    planPulls(repo, memberHumans(orgs, repo.org, humans), epoch, rng),
  );
  const ledgers = ORGS.map((org) => planLedger(org, epoch, rng));
  // NPC pull requests draw from a stream of their own, after everything else.
  const pulls = inRepoOrder(repos, [
    ...people,
    ...planNpcPulls(repos, orgs, issues, people, epoch),
  ]);
  return { epoch, users, orgs, repos, issues, pulls, ledgers };
}

function plannedRepo(
  org: string,
  name: string,
  visibility: CreateVisibility,
  lastCommit: number,
  created: number,
): PlannedRepo {
  return {
    org,
    name,
    description: REPO_DESCRIPTIONS[name] ?? '',
    visibility,
    createdAt: at(created),
    lastCommitAt: at(lastCommit),
    humanCommitsUntil: null,
    labels: [
      ...BASE_LABELS.map((label) => ({ ...label })),
      ...PROGRESS_LABELS.filter((name) => name !== 'in progress').map((name) => ({
        name,
        color: 'c5def5',
        description: 'Being worked on',
      })),
    ],
  };
}

/** People who belong to an organization (authors and commenters there); everyone if none. */
function memberHumans(
  orgs: readonly PlannedOrg[],
  path: string,
  humans: readonly string[],
): string[] {
  const org = orgs.find((candidate) => candidate.path === path);
  const members = (org?.members ?? [])
    .map((member) => member.username)
    .filter((name) => humans.includes(name));
  return members.length > 0 ? members : [...humans];
}
