/**
 * Schema migrations, applied in order inside one transaction each. `PRAGMA user_version`
 * records how many have run. Append new steps; never edit a released one.
 *
 * Times are RFC 3339 UTC strings with milliseconds (`Date#toISOString`), so text order
 * is time order. Credit amounts are integer hundredths, so sums stay exact.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;

  -- Users and organizations share one namespace, as on the platform: a name is either.
  CREATE TABLE namespaces (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE COLLATE NOCASE,
    kind TEXT NOT NULL CHECK (kind IN ('org', 'user')),
    created_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE users (
    id INTEGER PRIMARY KEY REFERENCES namespaces (id) ON DELETE CASCADE,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    nickname TEXT NOT NULL,
    email TEXT NOT NULL,
    bio TEXT NOT NULL DEFAULT '',
    is_npc INTEGER NOT NULL DEFAULT 0,
    is_admin INTEGER NOT NULL DEFAULT 0,
    frozen INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE orgs (
    id INTEGER PRIMARY KEY REFERENCES namespaces (id) ON DELETE CASCADE,
    path TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name TEXT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    site TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;

  -- role: 10 Guest, 20 Reporter, 30 Developer, 40 Master, 50 Owner.
  CREATE TABLE memberships (
    org_id INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role INTEGER NOT NULL,
    PRIMARY KEY (org_id, user_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX memberships_user ON memberships (user_id, org_id);

  CREATE TABLE tokens (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    scopes TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX tokens_user ON tokens (user_id);

  CREATE TABLE repos (
    id INTEGER PRIMARY KEY,
    namespace_id INTEGER NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
    name TEXT NOT NULL COLLATE NOCASE,
    description TEXT NOT NULL DEFAULT '',
    visibility TEXT NOT NULL CHECK (visibility IN ('public', 'private', 'secret')),
    site TEXT NOT NULL DEFAULT '',
    topics TEXT NOT NULL DEFAULT '',
    license TEXT NOT NULL DEFAULT '',
    star_count INTEGER NOT NULL DEFAULT 0,
    fork_count INTEGER NOT NULL DEFAULT 0,
    status INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    last_commit_at TEXT,
    issue_seq INTEGER NOT NULL DEFAULT 0,
    pull_seq INTEGER NOT NULL DEFAULT 0,
    UNIQUE (namespace_id, name)
  ) STRICT;

  CREATE TABLE issues (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    -- Copied from the repository so organization-wide lists walk one index.
    namespace_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL CHECK (state IN ('open', 'closed')),
    state_reason TEXT NOT NULL,
    author_id INTEGER NOT NULL REFERENCES users (id),
    priority TEXT NOT NULL DEFAULT '0',
    work_mode INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    last_acted_at TEXT NOT NULL,
    closed_at TEXT,
    UNIQUE (repo_id, number)
  ) STRICT;
  CREATE INDEX issues_repo_created ON issues (repo_id, created_at);
  CREATE INDEX issues_repo_updated ON issues (repo_id, updated_at);
  CREATE INDEX issues_repo_acted ON issues (repo_id, last_acted_at);
  CREATE INDEX issues_repo_state ON issues (repo_id, state, created_at);
  CREATE INDEX issues_ns_created ON issues (namespace_id, created_at);
  CREATE INDEX issues_ns_updated ON issues (namespace_id, updated_at);
  CREATE INDEX issues_ns_acted ON issues (namespace_id, last_acted_at);
  CREATE INDEX issues_author ON issues (author_id);

  CREATE TABLE labels (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    name TEXT NOT NULL COLLATE NOCASE,
    color TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    UNIQUE (repo_id, name)
  ) STRICT;

  CREATE TABLE issue_labels (
    issue_id INTEGER NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
    label_id INTEGER NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
    PRIMARY KEY (issue_id, label_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX issue_labels_label ON issue_labels (label_id, issue_id);

  CREATE TABLE issue_assignees (
    issue_id INTEGER NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (issue_id, user_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX issue_assignees_user ON issue_assignees (user_id, issue_id);

  CREATE TABLE comments (
    id INTEGER PRIMARY KEY,
    issue_id INTEGER NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
    author_id INTEGER NOT NULL REFERENCES users (id),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX comments_issue ON comments (issue_id, created_at);

  CREATE TABLE pulls (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    namespace_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL CHECK (state IN ('open', 'closed', 'merged')),
    author_id INTEGER NOT NULL REFERENCES users (id),
    base_ref TEXT NOT NULL,
    base_sha TEXT NOT NULL DEFAULT '',
    head_ref TEXT NOT NULL,
    head_sha TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    closed_at TEXT,
    UNIQUE (repo_id, number)
  ) STRICT;
  CREATE INDEX pulls_repo_state ON pulls (repo_id, state, created_at);
  CREATE INDEX pulls_repo_created ON pulls (repo_id, created_at);
  CREATE INDEX pulls_ns_created ON pulls (namespace_id, created_at);

  CREATE TABLE ledger (
    id INTEGER PRIMARY KEY,
    namespace_id INTEGER NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
    amount INTEGER NOT NULL,
    balance INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('spend', 'topup')),
    note TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX ledger_namespace ON ledger (namespace_id, created_at);
  `,
  // Part 2: repository activity, releases and uploaded attachments.
  `
  CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    actor_id INTEGER NOT NULL REFERENCES users (id),
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX events_repo_created ON events (repo_id, created_at);

  CREATE TABLE releases (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    tag_name TEXT NOT NULL,
    target_commitish TEXT NOT NULL,
    name TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    draft INTEGER NOT NULL DEFAULT 0,
    prerelease INTEGER NOT NULL DEFAULT 0,
    author_id INTEGER NOT NULL REFERENCES users (id),
    created_at TEXT NOT NULL,
    published_at TEXT NOT NULL,
    UNIQUE (repo_id, tag_name)
  ) STRICT;
  CREATE INDEX releases_repo_created ON releases (repo_id, created_at);

  -- kind: files or imgs; the bytes live under uploads/<kind>/<key>, never under the name.
  CREATE TABLE uploads (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('files', 'imgs')),
    key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    size INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    uploader_id INTEGER NOT NULL REFERENCES users (id),
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX uploads_repo ON uploads (repo_id);
  `,
  // Part 3: what the published API shows around pulls, commits and releases.
  `
  ALTER TABLE releases ADD COLUMN make_latest TEXT NOT NULL DEFAULT 'legacy'
    CHECK (make_latest IN ('true', 'false', 'legacy'));

  -- An asset's bytes are an upload of the release's repository (uploads.key).
  CREATE TABLE release_assets (
    id INTEGER PRIMARY KEY,
    release_id INTEGER NOT NULL REFERENCES releases (id) ON DELETE CASCADE,
    upload_key TEXT NOT NULL,
    name TEXT NOT NULL,
    size INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    download_count INTEGER NOT NULL DEFAULT 0,
    uploader_id INTEGER NOT NULL REFERENCES users (id),
    created_at TEXT NOT NULL,
    UNIQUE (release_id, name)
  ) STRICT;

  CREATE TABLE pull_assignees (
    pull_id INTEGER NOT NULL REFERENCES pulls (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (pull_id, user_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE pull_labels (
    pull_id INTEGER NOT NULL REFERENCES pulls (id) ON DELETE CASCADE,
    label_id INTEGER NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
    PRIMARY KEY (pull_id, label_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE pull_comments (
    id INTEGER PRIMARY KEY,
    pull_id INTEGER NOT NULL REFERENCES pulls (id) ON DELETE CASCADE,
    author_id INTEGER NOT NULL REFERENCES users (id),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX pull_comments_pull ON pull_comments (pull_id, created_at);

  CREATE TABLE pull_reviews (
    id INTEGER PRIMARY KEY,
    pull_id INTEGER NOT NULL REFERENCES pulls (id) ON DELETE CASCADE,
    author_id INTEGER NOT NULL REFERENCES users (id),
    body TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL CHECK (state IN ('approved', 'commented', 'changes_requested')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX pull_reviews_pull ON pull_reviews (pull_id, created_at);

  CREATE TABLE pull_review_comments (
    id INTEGER PRIMARY KEY,
    review_id INTEGER NOT NULL REFERENCES pull_reviews (id) ON DELETE CASCADE,
    author_id INTEGER NOT NULL REFERENCES users (id),
    path TEXT NOT NULL,
    line INTEGER NOT NULL,
    body TEXT NOT NULL,
    commit_sha TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX pull_review_comments_review ON pull_review_comments (review_id, created_at);

  CREATE TABLE commit_statuses (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    sha TEXT NOT NULL,
    context TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'success', 'failure', 'error')),
    description TEXT NOT NULL DEFAULT '',
    target_url TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (repo_id, sha, context)
  ) STRICT;

  -- Files attached to a commit (build outputs, reports); bytes as for release assets.
  CREATE TABLE commit_assets (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    sha TEXT NOT NULL,
    upload_key TEXT NOT NULL,
    name TEXT NOT NULL,
    size INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    download_count INTEGER NOT NULL DEFAULT 0,
    author_id INTEGER NOT NULL REFERENCES users (id),
    created_at TEXT NOT NULL,
    UNIQUE (repo_id, sha, name)
  ) STRICT;

  CREATE TABLE commit_annotations (
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    sha TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (repo_id, sha, key)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE tag_annotations (
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (repo_id, tag, key)
  ) STRICT, WITHOUT ROWID;
  `,
  `
  -- Sub-groups: an organization under another, its path the parent's path and its own
  -- name (\`org/team\`). Top-level organizations have no parent.
  ALTER TABLE orgs ADD COLUMN parent_id INTEGER REFERENCES orgs (id) ON DELETE CASCADE;
  -- The domain a top-level organization is bound to, as given when it was created.
  ALTER TABLE orgs ADD COLUMN domain TEXT NOT NULL DEFAULT '';
  CREATE INDEX orgs_parent ON orgs (parent_id, path);

  -- Custom issue properties: the keys a repository defines, and the values issues carry.
  CREATE TABLE issue_property_defs (
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('string', 'date', 'number')),
    position INTEGER NOT NULL,
    PRIMARY KEY (repo_id, key)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE issue_properties (
    issue_id INTEGER NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (issue_id, key)
  ) STRICT, WITHOUT ROWID;

  -- Review comments as published: on a range of lines (line is the first) on either side
  -- of the diff, or on a whole file (lines 0).
  ALTER TABLE pull_review_comments ADD COLUMN end_line INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE pull_review_comments ADD COLUMN start_side TEXT NOT NULL DEFAULT 'right'
    CHECK (start_side IN ('left', 'right'));
  ALTER TABLE pull_review_comments ADD COLUMN end_side TEXT NOT NULL DEFAULT 'right'
    CHECK (end_side IN ('left', 'right'));
  ALTER TABLE pull_review_comments ADD COLUMN subject_type TEXT NOT NULL DEFAULT 'line'
    CHECK (subject_type IN ('line', 'file'));
  UPDATE pull_review_comments SET end_line = line;

  -- An issue's planned start and end dates (YYYY-MM-DD), empty when unset.
  ALTER TABLE issues ADD COLUMN start_date TEXT NOT NULL DEFAULT '';
  ALTER TABLE issues ADD COLUMN end_date TEXT NOT NULL DEFAULT '';
  `,
  `
  -- Locked branches (the published branch locks); deleting the repository takes its
  -- locks along.
  CREATE TABLE branch_locks (
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    branch TEXT NOT NULL,
    locked_by INTEGER NOT NULL REFERENCES users (id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (repo_id, branch)
  ) STRICT, WITHOUT ROWID;
  `,
  `
  -- Builds (the published build records): a run of pipelines on a commit. Its course is
  -- planned when it starts (plan: pipelines, stages, durations, cores) and read against
  -- the clock, so its status is never stored: finishes_at is when the plan ends (NULL for
  -- a run that never ends by itself), stopped_at when someone stopped it. charged is set
  -- once the ledger holds the run's charge.
  CREATE TABLE builds (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos (id) ON DELETE CASCADE,
    sn TEXT NOT NULL UNIQUE,
    event TEXT NOT NULL,
    event_url TEXT NOT NULL DEFAULT '',
    user_id INTEGER NOT NULL REFERENCES users (id),
    npc_id INTEGER REFERENCES users (id),
    issue_id INTEGER REFERENCES issues (id) ON DELETE SET NULL,
    pull_id INTEGER REFERENCES pulls (id) ON DELETE SET NULL,
    sha TEXT NOT NULL,
    commit_title TEXT NOT NULL DEFAULT '',
    source_ref TEXT NOT NULL DEFAULT '',
    target_ref TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    outcome TEXT NOT NULL CHECK (outcome IN ('success', 'error')),
    plan TEXT NOT NULL,
    created_at TEXT NOT NULL,
    finishes_at TEXT,
    stopped_at TEXT,
    -- What the whole plan bills: core-hours in thousandths, credits in hundredths.
    core_mh INTEGER NOT NULL,
    cost_cents INTEGER NOT NULL,
    charged INTEGER NOT NULL DEFAULT 0,
    logs_deleted INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  CREATE INDEX builds_repo ON builds (repo_id, created_at);
  CREATE INDEX builds_uncharged ON builds (charged, finishes_at) WHERE charged = 0;
  CREATE INDEX builds_issue ON builds (issue_id, created_at);

  -- A run's charge in the ledger names its build; core-hours in thousandths, negative
  -- when spent. Each organization has an allowance of build core-hours.
  ALTER TABLE ledger ADD COLUMN sn TEXT NOT NULL DEFAULT '';
  ALTER TABLE ledger ADD COLUMN core_mh INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE orgs ADD COLUMN build_core_mh INTEGER NOT NULL DEFAULT 2000000;
  `,
];
