import { AppError, type ImportRequest, type ParsedCurl, type ProjectListing } from '@client/core';
import { openConnection } from './connection.js';
import { importCurl, importParsedCurl } from './import-curl.js';
import { type ImportEndpointInput, type ImportOutcome, importEndpoint } from './import-endpoint.js';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations.js';
import { listProjectSummaries } from './project-summaries.js';
import { AgentPermissionRepository } from './repositories/agent-permission-repository.js';
import { AgentWrittenRepository } from './repositories/agent-written-repository.js';
import { AuthRepository } from './repositories/auth-repository.js';
import { CookieJarRepository } from './repositories/cookie-jar-repository.js';
import { EndpointRepository } from './repositories/endpoint-repository.js';
import { EnvironmentRepository } from './repositories/environment-repository.js';
import { EnvironmentVariableRepository } from './repositories/environment-variable-repository.js';
import { FolderRepository } from './repositories/folder-repository.js';
import { GraphqlSchemaRepository } from './repositories/graphql-schema-repository.js';
import { DEFAULT_HISTORY_LIMIT, HistoryRepository } from './repositories/history-repository.js';
import { LinkedFolderRepository } from './repositories/linked-folder-repository.js';
import { OAuth2TokenRepository } from './repositories/oauth2-token-repository.js';
import { OpenTabsRepository } from './repositories/open-tabs-repository.js';
import { PreferenceRepository } from './repositories/preference-repository.js';
import { ProjectRepository } from './repositories/project-repository.js';
import { DEFAULT_RUN_LIMIT, RunRepository } from './repositories/run-repository.js';
import { ScriptRepository } from './repositories/script-repository.js';
import { UnconfirmedUploadRepository } from './repositories/unconfirmed-upload-repository.js';
import { VariableRepository } from './repositories/variable-repository.js';
import type { SqliteDatabase } from './sqlite/sqlite-database.js';
import { StoreContext } from './store-context.js';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.js';

export interface StoreOptions {
  /** How many history entries each project keeps (newest first); default 200. */
  historyLimit?: number;
  /** How many test runs each project keeps (newest first); default 50. */
  runLimit?: number;
  /**
   * Copy the WAL into the database from a worker thread with its own connection instead of on this one every
   * ~1,000 pages, which stalls the writer for milliseconds each time: for a long-running writer (the app).
   * Ignored for `':memory:'`.
   */
  backgroundCheckpoints?: boolean;
  /**
   * The most this connection keeps of the file in its own page cache, in KiB (better-sqlite3's default is 16,000).
   * A connection that only appends (the control plane's import writer) needs little: the OS caches the file anyway.
   */
  pageCacheKiB?: number;
}

/** One connection to the Client database with its repositories. Every method is synchronous. */
export class Store {
  readonly projects: ProjectRepository;
  readonly variables: VariableRepository;
  readonly folders: FolderRepository;
  readonly endpoints: EndpointRepository;
  readonly environments: EnvironmentRepository;
  readonly environmentVariables: EnvironmentVariableRepository;
  readonly history: HistoryRepository;
  readonly unconfirmedUploads: UnconfirmedUploadRepository;
  /** The endpoints an agent wrote that no person has saved since. */
  readonly agentWritten: AgentWrittenRepository;
  readonly cookieJars: CookieJarRepository;
  readonly openTabs: OpenTabsRepository;
  readonly preferences: PreferenceRepository;
  /** Saved GraphQL endpoints' schemas, fetched by introspection. */
  readonly graphqlSchemas: GraphqlSchemaRepository;
  readonly agentPermissions: AgentPermissionRepository;
  /** The auth projects and folders set for the endpoints that inherit it. */
  readonly auth: AuthRepository;
  readonly oauth2Tokens: OAuth2TokenRepository;
  /** The scripts projects and folders run around the requests under them. */
  readonly scripts: ScriptRepository;
  /** Finished test runs, newest first. */
  readonly runs: RunRepository;
  /** Projects kept as folders of files, and the index of those files. */
  readonly linkedFolders: LinkedFolderRepository;
  private readonly context: StoreContext;
  private readonly checkpointer: WalCheckpointer | null;

  constructor(context: StoreContext, options: StoreOptions, checkpointer: WalCheckpointer | null = null) {
    this.context = context;
    this.checkpointer = checkpointer;
    this.variables = new VariableRepository(context);
    this.projects = new ProjectRepository(context, this.variables);
    this.folders = new FolderRepository(context);
    this.endpoints = new EndpointRepository(context);
    this.environments = new EnvironmentRepository(context);
    this.environmentVariables = new EnvironmentVariableRepository(context);
    this.history = new HistoryRepository(context, options.historyLimit ?? DEFAULT_HISTORY_LIMIT);
    this.unconfirmedUploads = new UnconfirmedUploadRepository(context);
    this.agentWritten = new AgentWrittenRepository(context);
    this.cookieJars = new CookieJarRepository(context);
    this.openTabs = new OpenTabsRepository(context);
    this.preferences = new PreferenceRepository(context);
    this.graphqlSchemas = new GraphqlSchemaRepository(context);
    this.agentPermissions = new AgentPermissionRepository(context);
    this.auth = new AuthRepository(context);
    this.oauth2Tokens = new OAuth2TokenRepository(context);
    this.scripts = new ScriptRepository(context);
    this.runs = new RunRepository(context, options.runLimit ?? DEFAULT_RUN_LIMIT);
    this.linkedFolders = new LinkedFolderRepository(context);
  }

  /** Every project with its `base_url` and endpoint count, in one query, ordered like `projects.list()`. */
  listProjectSummaries(): ProjectListing[] {
    return listProjectSummaries(this.context);
  }

  /** Import rules 4–7 in one transaction; see `ImportOutcome`. */
  importEndpoint(input: ImportEndpointInput): ImportOutcome {
    return importEndpoint(this.context, this, input);
  }

  /**
   * The one import path of the control plane, MCP (through it) and the UI's paste-cURL: parse the command,
   * plan the endpoint, then `importEndpoint`. `request` is what `readImportRequest` returned; an endpoint is taken
   * as an agent's unless the caller says a person wrote it.
   */
  importCurl(request: ImportRequest, writtenBy: ImportEndpointInput['writtenBy'] = 'agent'): ImportOutcome {
    return importCurl(this, request, writtenBy);
  }

  /** `importCurl` with the command parsed elsewhere: `parsed` is what `parseCurl` returned for it. */
  importParsedCurl(
    request: Omit<ImportRequest, 'command'>,
    parsed: ParsedCurl,
    writtenBy: ImportEndpointInput['writtenBy'] = 'agent',
  ): ImportOutcome {
    return importParsedCurl(this, request, parsed, writtenBy);
  }

  /**
   * Runs `work` in one `BEGIN IMMEDIATE` transaction: repository calls made inside it commit together or
   * not at all. `work` must be synchronous.
   */
  transaction<T>(work: () => T): T {
    return this.context.write(work);
  }

  /** Runs several reads in one transaction, so they all see the same snapshot of the database. */
  read<T>(work: () => T): T {
    return this.context.read(work);
  }

  /**
   * `PRAGMA data_version`: changes when another connection (another process, such as the
   * `client project create` CLI) commits, never for this connection's own writes. Poll it to notice.
   */
  dataVersion(): number {
    return this.context.db.pragma('data_version', { simple: true }) as number;
  }

  /**
   * How many rows this connection has written since it opened (`total_changes()`): it moves with each of its own
   * writes, which `dataVersion` never sees. A fraction of a microsecond, so a mock can ask on every request.
   */
  ownChanges(): number {
    return this.context.statement<number>('SELECT total_changes()').pluck().get() as number;
  }

  /**
   * Closes the connection. With background checkpoints the returned promise resolves once the checkpoint thread
   * has closed its connection too (the last one to close copies what is left of the WAL and removes it).
   */
  close(): Promise<void> {
    const checkpointerClosed = this.checkpointer?.close() ?? Promise.resolve();
    this.context.db.close();
    return checkpointerClosed;
  }
}

/**
 * Opens (creating when missing, mode 0600) the database at `path` and brings its schema up to date.
 * A file written by a newer version of Client is refused with an AppError and left untouched.
 * `':memory:'` gives a private in-memory database, for tests about logic only.
 */
export function openStore(path: string, options: StoreOptions = {}): Store {
  for (const name of ['historyLimit', 'runLimit'] as const) {
    const limit = options[name];
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1)) {
      throw new AppError('VALIDATION', `${name} must be a whole number, 1 or more`);
    }
  }
  const cache = options.pageCacheKiB;
  if (cache !== undefined && (!Number.isSafeInteger(cache) || cache < 1)) {
    throw new AppError('VALIDATION', 'pageCacheKiB must be a whole number, 1 or more');
  }
  const db = openConnection(path);
  try {
    if (cache !== undefined) db.pragma(`cache_size = -${cache}`);
    migrate(db, MIGRATIONS, path);
    if (options.backgroundCheckpoints !== true || path === ':memory:') return new Store(new StoreContext(db), options);
    const checkpointer = handOverCheckpoints(db, path);
    return new Store(new StoreContext(db, checkpointer.noteCommit), options, checkpointer);
  } catch (error) {
    db.close();
    throw error;
  }
}

/** WAL size the writer cuts the file back to when it starts the WAL over: what automatic checkpoints kept it to. */
const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

/** Turns this connection's automatic checkpoints off for a checkpoint thread; back on if that thread fails. */
function handOverCheckpoints(db: SqliteDatabase, path: string): WalCheckpointer {
  const pages = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  // The checkpoint thread lets the WAL grow further between restarts; this gives the disk space back after them.
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  return startWalCheckpointer(path, () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${pages}`);
  });
}
