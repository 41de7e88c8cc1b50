import { allowGraphqlBodies } from './graphql-body-mode.js';
import { fillSecretsAllowedHosts } from './secret-default-hosts.js';
import type { SqliteDatabase } from './sqlite/sqlite-database.js';

/**
 * One numbered schema step. Steps are only ever appended: a released step is never edited. Steps run in a
 * transaction with foreign keys on, unless one of them says it rebuilds tables; either way a step must keep
 * every reference valid, or the whole upgrade is rolled back.
 */
export interface Migration {
  readonly version: number;
  readonly sql: string;
  /**
   * The step rebuilds a table that others reference: the upgrade then runs with foreign keys off (dropping the
   * old table would otherwise delete or null every row that references it) and checks every reference
   * (`PRAGMA foreign_key_check`) before it commits.
   */
  readonly rebuildsTables?: true;
  /** What SQL alone cannot do, run right after `sql` in the same transaction: rows computed by the app's rules. */
  readonly fill?: (db: SqliteDatabase) => void;
}

/** `PRAGMA application_id` of a Client database ("Clnt"), so another program's SQLite file is not migrated. */
export const APPLICATION_ID = 0x436c6e74;

/*
 * Every entity table has `seq INTEGER PRIMARY KEY` beside its UUID: it is the insertion order that breaks
 * ties between rows created in the same millisecond, and unlike an implicit rowid VACUUM never renumbers it.
 * Folders, endpoints, environments and the active environment reference their parent together with its
 * project, so the database itself refuses a folder, endpoint or active environment of another project.
 */
const INITIAL_SCHEMA = `
PRAGMA application_id = ${APPLICATION_ID};

CREATE TABLE projects (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX projects_by_name ON projects (name COLLATE NOCASE, created_at, seq);

CREATE TABLE project_variables (
  seq INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  UNIQUE (project_id, key)
) STRICT;

CREATE TABLE folders (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  parent_id TEXT,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (id, project_id),
  FOREIGN KEY (parent_id, project_id) REFERENCES folders (id, project_id) ON DELETE CASCADE
) STRICT;
CREATE INDEX folders_by_project ON folders (project_id, created_at, seq);
CREATE INDEX folders_by_parent ON folders (parent_id, project_id);

CREATE TABLE endpoints (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  folder_id TEXT,
  name TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  query_params TEXT NOT NULL,
  headers TEXT NOT NULL,
  body TEXT NOT NULL,
  auth TEXT NOT NULL,
  state TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  FOREIGN KEY (folder_id, project_id) REFERENCES folders (id, project_id) ON DELETE CASCADE
) STRICT;
CREATE INDEX endpoints_by_project ON endpoints (project_id, created_at, seq);
CREATE INDEX endpoints_by_folder ON endpoints (folder_id, project_id);

CREATE TABLE environments (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (id, project_id)
) STRICT;
CREATE INDEX environments_by_project ON environments (project_id, name COLLATE NOCASE, created_at, seq);

CREATE TABLE environment_variables (
  seq INTEGER PRIMARY KEY,
  environment_id TEXT NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  secret INTEGER NOT NULL CHECK (secret IN (0, 1)),
  UNIQUE (environment_id, key)
) STRICT;

CREATE TABLE active_environments (
  project_id TEXT PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  environment_id TEXT NOT NULL,
  FOREIGN KEY (environment_id, project_id) REFERENCES environments (id, project_id) ON DELETE CASCADE
) STRICT;
CREATE INDEX active_environments_by_environment ON active_environments (environment_id, project_id);

CREATE TABLE history (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  project_id TEXT REFERENCES projects (id) ON DELETE CASCADE,
  endpoint_id TEXT REFERENCES endpoints (id) ON DELETE SET NULL,
  method TEXT NOT NULL,
  url TEXT NOT NULL,
  request_headers TEXT NOT NULL,
  request_body TEXT,
  status INTEGER,
  error TEXT,
  duration_ms REAL NOT NULL,
  response_size INTEGER NOT NULL,
  response_headers TEXT NOT NULL,
  response_body TEXT,
  sent_at TEXT NOT NULL
) STRICT;
CREATE INDEX history_by_project ON history (project_id, sent_at, seq);
CREATE INDEX history_by_endpoint ON history (endpoint_id);
`;

/*
 * The local files an imported endpoint's body uploads that the person has not yet agreed to send: an agent's
 * command can name any file the person can read, so the first send of each asks first.
 */
const UNCONFIRMED_UPLOADS = `
CREATE TABLE unconfirmed_uploads (
  endpoint_id TEXT NOT NULL REFERENCES endpoints (id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  PRIMARY KEY (endpoint_id, path)
) STRICT, WITHOUT ROWID;
`;

/* How requests are sent (timeout, redirects, TLS, proxy): a project's defaults and an endpoint's own. */
const REQUEST_SETTINGS = `
ALTER TABLE projects ADD COLUMN request_settings TEXT NOT NULL DEFAULT '{}';
ALTER TABLE endpoints ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
`;

/* Each project's cookie jar (the cookies its servers set), as the jar serialises itself. */
const COOKIE_JARS = `
CREATE TABLE cookie_jars (
  project_id TEXT PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  jar TEXT NOT NULL
) STRICT;
`;

/* Whether a history entry keeps only part of the response body; NULL for entries recorded before. */
const HISTORY_RESPONSE_CUT = `
ALTER TABLE history ADD COLUMN response_cut INTEGER;
`;

/* The editor tabs a project had open, with their unsaved drafts, as the UI wrote them, for the next window. */
const OPEN_TABS = `
CREATE TABLE open_tabs (
  project_id TEXT PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  state TEXT NOT NULL
) STRICT;
`;

/* The person's settings for the app itself (the theme), by name. */
const PREFERENCES = `
CREATE TABLE preferences (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
`;

/*
 * Who asked for each send (the person, or an agent through the control plane), and the agents' standing
 * permissions to send: a project until a time, or an endpoint for one run of the app (`session` names the run,
 * so a later run drops what an earlier one allowed).
 */
const AGENT_SENDS = `
ALTER TABLE history ADD COLUMN sent_by TEXT CHECK (sent_by IN ('person', 'agent'));

CREATE TABLE agent_permissions (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  endpoint_id TEXT REFERENCES endpoints (id) ON DELETE CASCADE,
  expires_at TEXT,
  session TEXT,
  created_at TEXT NOT NULL,
  CHECK ((expires_at IS NULL) <> (session IS NULL))
) STRICT;
CREATE INDEX agent_permissions_by_project ON agent_permissions (project_id);
`;

/*
 * What imported collections say besides the request: the description of an endpoint and of a folder, and the
 * scripts another client ran around a request (JSON, NULL when there are none), kept as text and never run.
 */
const DESCRIPTIONS_AND_SCRIPTS = `
ALTER TABLE endpoints ADD COLUMN description TEXT NOT NULL DEFAULT '';
ALTER TABLE endpoints ADD COLUMN scripts TEXT;
ALTER TABLE folders ADD COLUMN description TEXT NOT NULL DEFAULT '';
`;

/*
 * Auth set once on a project or a folder, for the endpoints under it that inherit it. A folder inherits unless
 * told otherwise and a project sends none, so every endpoint saved before keeps the auth it had. And the tokens
 * of OAuth 2.0 authorization code grants, per project and grant (a digest of its URLs, client and scope), each
 * token encrypted by the app as secret variables are; the store never sees them in the clear.
 */
const INHERITED_AUTH = `
ALTER TABLE projects ADD COLUMN auth TEXT NOT NULL DEFAULT '{"type":"none"}';
ALTER TABLE folders ADD COLUMN auth TEXT NOT NULL DEFAULT '{"type":"inherit"}';

CREATE TABLE oauth2_tokens (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  grant_key TEXT NOT NULL,
  access_token TEXT NOT NULL,
  refresh_token TEXT,
  expires_at TEXT,
  obtained_at TEXT NOT NULL,
  PRIMARY KEY (project_id, grant_key)
) STRICT, WITHOUT ROWID;
`;

/** Variables can be switched off: kept and shown, but undefined to requests until switched back on. */
const VARIABLES_ENABLED = `
ALTER TABLE project_variables ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1));
ALTER TABLE environment_variables ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1));
`;

/** A JSON array of `{key, value, enabled?}` pairs as compact pairs (see endpoint-columns.ts), NULL when empty. */
function compactPairs(json: string): string {
  return `(SELECT NULLIF(json_group_array(CASE WHEN pair.value ->> 'enabled' = 0
      THEN json_array(pair.value ->> 'key', pair.value ->> 'value', 0)
      ELSE json_array(pair.value ->> 'key', pair.value ->> 'value') END ORDER BY pair.key), '[]')
    FROM json_each(${json}) AS pair)`;
}

/** An ISO-8601 UTC time as milliseconds since 1970 (julianday keeps the milliseconds exactly). */
const epochMs = (time: string): string => `CAST(round((julianday(${time}) - 2440587.5) * 86400000.0) AS INTEGER)`;

/*
 * Endpoints stored compactly (endpoint-columns.ts reads and writes them): the project referenced by its
 * integer `seq` instead of its 36-character UUID (in the row and in endpoints_by_project); pairs as arrays
 * without repeated key names; the body's mode in its own column and its text unescaped; NULL for no query, no
 * headers, no auth of its own, no settings; times as integer milliseconds, and updated_at NULL while it equals
 * created_at. The file held 540 bytes per imported endpoint; this keeps about 250. A folder is referenced by its
 * UUID alone, so triggers keep what the composite key (folder_id, project_id) guaranteed: an endpoint's folder
 * is of the endpoint's project.
 */
const COMPACT_ENDPOINTS = `
CREATE TABLE endpoints_compact (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  project_seq INTEGER NOT NULL REFERENCES projects (seq) ON DELETE CASCADE,
  folder_id TEXT REFERENCES folders (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  query_params TEXT,
  headers TEXT,
  body_mode TEXT NOT NULL CHECK (body_mode IN ('none', 'json', 'text', 'urlencoded', 'multipart', 'file')),
  body TEXT,
  auth TEXT,
  state TEXT NOT NULL,
  settings TEXT,
  description TEXT NOT NULL DEFAULT '',
  scripts TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER
) STRICT;

INSERT INTO endpoints_compact (seq, id, project_seq, folder_id, name, method, path, query_params, headers,
  body_mode, body, auth, state, settings, description, scripts, created_at, updated_at)
SELECT e.seq, e.id, p.seq, e.folder_id, e.name, e.method, e.path,
  ${compactPairs('e.query_params')},
  ${compactPairs('e.headers')},
  e.body ->> 'mode',
  CASE e.body ->> 'mode'
    WHEN 'json' THEN e.body ->> 'text'
    WHEN 'text' THEN e.body ->> 'text'
    WHEN 'file' THEN e.body ->> 'path'
    WHEN 'urlencoded' THEN coalesce(${compactPairs("e.body -> 'fields'")}, '[]')
    WHEN 'multipart' THEN e.body -> 'parts'
  END,
  CASE WHEN e.auth ->> 'type' = 'none' THEN NULL ELSE e.auth END,
  e.state,
  NULLIF(e.settings, '{}'),
  e.description,
  e.scripts,
  ${epochMs('e.created_at')},
  NULLIF(${epochMs('e.updated_at')}, ${epochMs('e.created_at')})
FROM endpoints AS e JOIN projects AS p ON p.id = e.project_id;

DROP TABLE endpoints;
ALTER TABLE endpoints_compact RENAME TO endpoints;
CREATE INDEX endpoints_by_project ON endpoints (project_seq, created_at, seq);
CREATE INDEX endpoints_by_folder ON endpoints (folder_id) WHERE folder_id IS NOT NULL;

CREATE TRIGGER endpoints_folder_of_project_on_insert BEFORE INSERT ON endpoints
WHEN NEW.folder_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM folders JOIN projects ON projects.id = folders.project_id
  WHERE folders.id = NEW.folder_id AND projects.seq = NEW.project_seq)
BEGIN SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: the folder is not of the endpoint''s project'); END;

CREATE TRIGGER endpoints_folder_of_project_on_update BEFORE UPDATE OF folder_id, project_seq ON endpoints
WHEN NEW.folder_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM folders JOIN projects ON projects.id = folders.project_id
  WHERE folders.id = NEW.folder_id AND projects.seq = NEW.project_seq)
BEGIN SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: the folder is not of the endpoint''s project'); END;

CREATE TRIGGER folders_keep_endpoints_project BEFORE UPDATE OF project_id ON folders
WHEN NEW.project_id IS NOT OLD.project_id AND EXISTS (SELECT 1 FROM endpoints WHERE folder_id = OLD.id)
BEGIN SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: the folder holds endpoints of its project'); END;
`;

/*
 * Tests that run: an endpoint's assertion rows (JSON, NULL when it has none), the scripts a folder and the
 * project run around every request under them (JSON as an endpoint's, NULL when none), and the runs kept like
 * History: each one's summary (what the list shows) and its whole result, as JSON, the result cut to a size
 * (`result_cut`). A run keeps the id of the folder it ran, not a reference: the run stays when the folder goes.
 */
const TESTS_AND_RUNS = `
ALTER TABLE endpoints ADD COLUMN tests TEXT;
ALTER TABLE folders ADD COLUMN scripts TEXT;
ALTER TABLE projects ADD COLUMN scripts TEXT;

CREATE TABLE runs (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  started_at TEXT NOT NULL,
  summary TEXT NOT NULL,
  result TEXT NOT NULL,
  result_cut INTEGER NOT NULL CHECK (result_cut IN (0, 1))
) STRICT;
CREATE INDEX runs_by_project ON runs (project_id, started_at, seq);
`;

/*
 * The endpoints whose current content an agent wrote (its cURL import) and no person has saved since: a standing
 * permission does not cover sending one of them with a secret in it. Deleting the endpoint deletes its row.
 */
const AGENT_WRITTEN_ENDPOINTS = `
CREATE TABLE agent_written_endpoints (
  endpoint_id TEXT PRIMARY KEY REFERENCES endpoints (id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
`;

/*
 * The hosts each secret variable may be sent to, a JSON array of `@client/core` allowed-hosts entries; NULL for a
 * variable that is not secret. Secrets kept before get their project's base URL hosts (`fill`).
 */
const SECRET_ALLOWED_HOSTS = `
ALTER TABLE environment_variables ADD COLUMN allowed_hosts TEXT;
`;

/*
 * An endpoint's named examples (a JSON array of `@client/core` EndpointExample) and the contract its API
 * description gives (a JSON EndpointContract); NULL when it has none, as most endpoints do.
 */
const EXAMPLES_AND_CONTRACTS = `
ALTER TABLE endpoints ADD COLUMN examples TEXT;
ALTER TABLE endpoints ADD COLUMN contract TEXT;
`;

/*
 * A project linked to a folder of files: the folder, absolute, at most one project each, and an index of
 * the files the app last read or wrote there: which entity each holds (NULL for the project's own file), the
 * SHA-256 of its bytes, its size and modification time (a refresh skips the files that did not change, a write the
 * files whose text would stay the same), the `seq` that orders it among its siblings, and, for a file that did not
 * parse, why and where (the file is then left as it is, and its entity as it was).
 */
const LINKED_FOLDERS = `
CREATE TABLE linked_folders (
  project_id TEXT PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  folder TEXT NOT NULL UNIQUE,
  linked_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE linked_files (
  project_id TEXT NOT NULL REFERENCES linked_folders (project_id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('project', 'folder', 'endpoint', 'environment', 'other')),
  entity_id TEXT,
  name TEXT,
  hash TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  seq INTEGER,
  problem TEXT,
  problem_line INTEGER,
  PRIMARY KEY (project_id, path)
) STRICT, WITHOUT ROWID;
`;

/*
 * What an endpoint speaks besides HTTP (`websocket`, `mcp`; NULL for an HTTP request, so every row written before
 * means what it meant) and a WebSocket endpoint's subprotocols and saved messages (JSON of `@client/core`
 * WebSocketSettings, NULL when it has none).
 */
const ENDPOINT_KINDS = `
ALTER TABLE endpoints ADD COLUMN kind TEXT;
ALTER TABLE endpoints ADD COLUMN websocket TEXT;
`;

/*
 * How an MCP endpoint reaches its server (JSON of `@client/core` McpSettings: the Streamable HTTP transport, or a
 * command with its arguments and environment), NULL on every other endpoint.
 */
const MCP_SETTINGS = `
ALTER TABLE endpoints ADD COLUMN mcp TEXT;
`;

/**
 * GraphQL bodies (endpoints.body_mode widened by allowGraphqlBodies) and the schemas of saved GraphQL endpoints,
 * fetched by introspection, kept with the URL they came from until refreshed.
 */
const GRAPHQL = `
CREATE TABLE graphql_schemas (
  endpoint_id TEXT PRIMARY KEY REFERENCES endpoints (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  introspection TEXT NOT NULL,
  fetched_at TEXT NOT NULL
) STRICT;
`;

/** The schema, step by step; `PRAGMA user_version` holds the number of the last step applied. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, sql: INITIAL_SCHEMA },
  { version: 2, sql: UNCONFIRMED_UPLOADS },
  { version: 3, sql: REQUEST_SETTINGS },
  { version: 4, sql: COOKIE_JARS },
  { version: 5, sql: HISTORY_RESPONSE_CUT },
  { version: 6, sql: OPEN_TABS },
  { version: 7, sql: PREFERENCES },
  { version: 8, sql: AGENT_SENDS },
  { version: 9, sql: DESCRIPTIONS_AND_SCRIPTS },
  { version: 10, sql: INHERITED_AUTH },
  { version: 11, sql: VARIABLES_ENABLED },
  { version: 12, sql: COMPACT_ENDPOINTS, rebuildsTables: true },
  { version: 13, sql: TESTS_AND_RUNS },
  { version: 14, sql: AGENT_WRITTEN_ENDPOINTS },
  { version: 15, sql: SECRET_ALLOWED_HOSTS, fill: fillSecretsAllowedHosts },
  { version: 16, sql: EXAMPLES_AND_CONTRACTS },
  { version: 17, sql: LINKED_FOLDERS },
  { version: 18, sql: ENDPOINT_KINDS },
  { version: 19, sql: MCP_SETTINGS },
  { version: 20, sql: GRAPHQL, fill: allowGraphqlBodies, rebuildsTables: true },
];
