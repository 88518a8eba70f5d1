import { AdminController } from '../admin/admin.controller';
import { AlertsController } from '../alerts/alerts.controller';
import type { BoardConfig } from '../config/board-config';
import { CreditsController } from '../credits/credits.controller';
import { IssuesController } from '../issues/issues.controller';
import { MetaController } from '../meta/meta.controller';
import { NpcsController } from '../npcs/npcs.controller';
import { OrgsController } from '../orgs/orgs.controller';
import { ReposController } from '../repos/repos.controller';
import { RunsController } from '../runs/runs.controller';
import { CacheKeys } from './cache-keys';
import { PublicReads } from './public-reads';

/** Every controller with a read a viewer may ask for, and the admin ones. */
const CONTROLLERS = [
  AdminController,
  AlertsController,
  CreditsController,
  IssuesController,
  MetaController,
  NpcsController,
  OrgsController,
  ReposController,
  RunsController,
];

describe('CacheKeys.route', () => {
  const reads = PublicReads.of(CONTROLLERS);
  const keys = new CacheKeys({ basePath: '/board/' } as BoardConfig, reads);

  it('takes the public reads from the handlers that declare them, and no admin one', () => {
    // meta, orgs, an organization's repos and credits, snapshot, history, issues, runs, npcs
    // and one NPC; a repository's issues, an issue, its comments, its runs and the pulls,
    // each in both spellings of the repository.
    expect(reads.size).toBe(20);
    expect(keys.route('/board/api/npcs/npc-builder?days=30')).toBe(
      'route:npcs/npc-builder?days=30',
    );
  });

  it('gives equivalent URLs of a public read one key', () => {
    const variants = [
      '/board/api/issues?state=open&npc=true',
      '/board/api/issues?npc=true&state=open',
      '/board/api/issues?n%70c=true&state=op%65n',
      '/board/api/issues?state=open&&npc=true&org=&',
    ];
    const found = new Set(variants.map((url) => keys.route(url)));
    expect([...found]).toEqual(['route:issues?npc=true&state=open']);
  });

  it('spells defaults out and decodes encoded full names', () => {
    expect(keys.route('/board/api/orgs/acme/credits')).toBe('route:orgs/acme/credits?days=7');
    expect(keys.route('/board/api/orgs/acme/credits?days=7')).toBe(
      'route:orgs/acme/credits?days=7',
    );
    expect(keys.route('/board/api/repos/acme%2Fweb/pulls')).toBe(
      'route:repos/acme/web/pulls?state=open',
    );
    expect(keys.route('/board/api/repos/acme/web/issues/12')).toBe(
      'route:repos/acme/web/issues/12',
    );
  });

  it('has no key for invalid, unknown-parameter or repeated-parameter URLs', () => {
    for (const url of [
      '/board/api/issues?state=opened',
      '/board/api/issues?colour=red',
      '/board/api/issues?state=open&state=closed',
      '/board/api/orgs?x=1',
      '/board/api/orgs/acme/credits?days=8',
      '/board/api/repos/acme/web/issues/0',
      '/board/api/repos/%E0%A4%A/web/issues',
    ]) {
      expect(keys.route(url)).toBeNull();
    }
  });

  it('never gives a key to an admin route, whatever it is decorated with', () => {
    for (const url of [
      '/board/api/admin/overview',
      '/board/api/admin/overview?days=7',
      '/board/api/admin/settings',
      '/board/api/issues/create',
      '/api/orgs',
    ]) {
      expect(keys.route(url)).toBeNull();
    }
  });
});
