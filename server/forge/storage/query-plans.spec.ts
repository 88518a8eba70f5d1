import type { CreateVisibility } from '@shared/platform/types';
import { LedgerRepository } from '../credits/ledger.repository';
import { CommentsRepository } from '../issues/comments.repository';
import type { IssueFilter } from '../issues/issue.types';
import { IssuesRepository } from '../issues/issues.repository';
import { LabelsRepository } from '../issues/labels.repository';
import { OrgsRepository } from '../orgs/orgs.repository';
import { PullsRepository } from '../pulls/pulls.repository';
import { ReposRepository } from '../repos/repos.repository';
import { ForgeDatabase, type SqlParams } from './forge-database';

/** Records the query plan of every read the repositories make. */
class PlanRecordingDatabase extends ForgeDatabase {
  readonly plans: { sql: string; plan: string[] }[] = [];

  override all<T>(sql: string, params: SqlParams = []): T[] {
    this.plans.push({ sql, plan: this.explain(sql, params) });
    return super.all<T>(sql, params);
  }

  override get<T>(sql: string, params: SqlParams = []): T | undefined {
    this.plans.push({ sql, plan: this.explain(sql, params) });
    return super.get<T>(sql, params);
  }
}

/** A step that reads a whole table (or index) rather than seeking into an index. */
function fullScans(plan: string[]): string[] {
  return plan.filter((step) => /^SCAN /.test(step) && !/^SCAN json_each/.test(step));
}

describe('list queries use indexes', () => {
  let db: PlanRecordingDatabase;

  beforeEach(() => {
    db = new PlanRecordingDatabase(':memory:');
  });
  afterEach(() => db.close());

  const base: IssueFilter = {
    scope: { repoId: 1 },
    labelsOperator: 'AND',
    orderBy: '-created_at',
    limit: 100,
    offset: 0,
  };
  const orgScope = { namespaceId: 1, repoIds: [1, 2, 3] };
  const issueCases: [string, IssueFilter][] = [
    ['default order', base],
    ['open, oldest first', { ...base, state: 'open', orderBy: 'created_at' }],
    ['-updated_at', { ...base, orderBy: '-updated_at' }],
    ['-last_acted_at', { ...base, orderBy: '-last_acted_at' }],
    [
      'every filter',
      {
        ...base,
        state: 'open',
        keyword: 'x',
        labels: ['bug'],
        authors: ['a'],
        assignees: ['b'],
        unassigned: true,
        priorities: ['1'],
        updatedFrom: '2025-01-01T00:00:00.000Z',
        closedBefore: '2025-02-01T00:00:00.000Z',
      },
    ],
    ['organization-wide', { ...base, scope: orgScope }],
    [
      'organization-wide, open, -updated_at',
      { ...base, scope: orgScope, state: 'open', orderBy: '-updated_at' },
    ],
  ];

  it.each(issueCases)('issue list: %s', (_name, filter) => {
    new IssuesRepository(db).list(filter);
    expect(db.plans).toHaveLength(2);
    for (const { plan } of db.plans) {
      expect(fullScans(plan)).toEqual([]);
      expect(plan.some((step) => /^SEARCH i USING (COVERING )?INDEX/.test(step))).toBe(true);
    }
    // Without a time range, pages come straight off the index order, not from a sort of every match
    // (with one, SQLite seeks the range and sorts what it found, which is fine too).
    const ranged = filter.updatedFrom !== undefined || filter.closedBefore !== undefined;
    if (!ranged) expect(db.plans[0].plan.some((step) => step.includes('TEMP B-TREE'))).toBe(false);
  });

  it('labels and assignees of a page', () => {
    const issues = new IssuesRepository(db);
    issues.labelsOf([1, 2]);
    issues.assigneesOf([1, 2]);
    for (const { plan } of db.plans) expect(fullScans(plan)).toEqual([]);
  });

  it('comments, repository labels, pulls, ledger, repositories and organizations', () => {
    new CommentsRepository(db).list(1, false, 10, 0);
    new LabelsRepository(db).list(1, 'x', 10, 0);
    new PullsRepository(db).list({ repoId: 1 }, ['open'], 10, 0);
    new PullsRepository(db).list(orgScope, [], 10, 0);
    new LedgerRepository(db).since(1, '2025-01-01T00:00:00.000Z', 100, 0);
    new LedgerRepository(db).balance(1);
    const visibilities: CreateVisibility[] = ['public', 'private'];
    const repos = new ReposRepository(db);
    repos.list({
      namespaceId: 1,
      visibilities,
      orderBy: 'last_updated_at',
      desc: true,
      limit: 10,
      offset: 0,
      search: 'x',
    });
    repos.list({
      accessibleTo: 2,
      visibilities,
      orderBy: 'slug_path',
      desc: false,
      limit: 10,
      offset: 0,
    });
    new OrgsRepository(db).listForMember(2, 10, 0);
    new OrgsRepository(db).listChildren(1, 2, 10, 0, 'x');
    new OrgsRepository(db).inheritedRole('acme/team', 2);
    for (const { sql, plan } of db.plans) expect([sql, fullScans(plan)]).toEqual([sql, []]);
  });
});
