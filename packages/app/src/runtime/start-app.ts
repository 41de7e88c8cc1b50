import { homedir } from 'node:os';
import {
  type AgentHandlers,
  type ControlPlaneLimits,
  type ControlPlaneStatus,
  type EndpointImportedEvent,
  startControlPlane,
  storeHandlers,
} from '@client/control-plane';
import { AppError, type Flavor, type ImportRequest, type ImportResult, parseCurl } from '@client/core';
import {
  type AgentInfo,
  acquireInstanceLock,
  ensureDataDir,
  ensureToken,
  type LocalPaths,
  type LockHolder,
  localPaths,
  readAgentInfo,
  removeAgentInfo,
  removeAppState,
  removeUiInfo,
  writeAgentInfo,
  writeAppState,
  writeUiInfo,
} from '@client/local';
import { type KeychainAccess, openSecretBox } from '@client/secrets';
import { openStore, type Store } from '@client/store';
import { startAppLinkedFolders } from '../linked/app-linked-folders.js';
import { lazyMockControl } from '../mocks/lazy-mock-control.js';
import type { MockControl } from '../mocks/mock-control.js';
import { mocksForAgents } from '../mocks/mocks-for-agents.js';
import type { UiServer } from '../ui-server/ui-server.js';
import { removeLaunchFiles } from '../window/launch-file.js';
import { type AppEvents, createAppEvents } from './app-events.js';
import { APP_VERSION } from './app-version.js';
import { DATA_VERSION_POLL_MS, watchDataVersion } from './data-version-watch.js';

export interface StartAppOptions {
  dataDir: string;
  flavor: Flavor;
  /** Reported by `GET /agent/health`; the package version unless given. */
  version?: string;
  /** Control-plane ports to try, in order; 4110–4129 unless given. */
  ports?: readonly number[];
  controlPlaneLimits?: Partial<ControlPlaneLimits>;
  /** Receives request lines and runtime notices (never secrets); silent unless given. */
  log?: (line: string) => void;
  /** Starts the UI server, which opens the secret box when a secret is first used; headless without it. */
  ui?: UiStartOptions;
  /**
   * Called once agents can reach the app (the control plane listens, or is down for a reason, and agent.json is
   * written), before the UI server starts: what a person or agent waiting for the control plane needs first.
   */
  onControlPlane?: (early: EarlyStatus) => void;
}

/** What is known once the control plane has started. */
export type EarlyStatus = Pick<RunningApp, 'paths' | 'flavor' | 'version' | 'tokenNotice' | 'controlPlane'>;

interface UiStartOptions {
  /** The absolute command MCP clients run to start client-mcp, for the Agent panel. */
  mcpCommand: string;
  /** The built UI; `@client/ui`'s bundle unless given. */
  bundleDir?: string;
  /** The OS keychain unless given. */
  keychain?: KeychainAccess;
}

/** Where the UI server listens. */
interface RunningUi {
  /** `http://127.0.0.1:<port>/?session=<secret>`: the address that opens the app. */
  readonly url: string;
  readonly port: number;
}

export interface RunningApp {
  readonly paths: LocalPaths;
  readonly flavor: Flavor;
  readonly version: string;
  readonly startedAt: string;
  /** What `ensureToken` had to do at start, as a sentence, when it did anything (created, repaired, replaced). */
  readonly tokenNotice: string | null;
  readonly store: Store;
  readonly events: AppEvents;
  /** The running mocks, started by the window or agents; they stop with the app. */
  readonly mocks: MockControl;
  /** Whether the control plane listens, where, and if not, why. */
  readonly controlPlane: ControlPlaneStatus;
  /** The UI server, when it was asked for. */
  readonly ui: RunningUi | null;
  /** Imports a cURL command by the same code path as `POST /agent/curl`, announcing `endpoint-imported`. */
  importCurl(request: ImportRequest): ImportResult;
  /**
   * Stops the UI server and the control plane (in-flight requests finish), removes ui.json and agent.json,
   * closes the DB, frees the lock.
   */
  close(): Promise<void>;
}

export type StartAppResult =
  | { started: true; app: RunningApp }
  /** Another process runs the app on this data dir; `agentInfo` says where its control plane listens, if it does. */
  | { started: false; holder: LockHolder; agentInfo: AgentInfo | null };

type Closer = () => void | Promise<void>;

/** How long after the start the control plane's routes are built, unless a request needed them sooner. */
const ROUTES_AFTER_START_MS = 1_000;

/**
 * Undoes the start in reverse order: whatever was started last is stopped first. Every step runs even
 * when one fails (the lock must be freed whatever happens); the first failure is rethrown at the end.
 */
async function runClosers(closers: Closer[]): Promise<void> {
  const failures: unknown[] = [];
  for (const close of closers.splice(0).reverse()) {
    try {
      await close();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

/**
 * Starts the app's runtime on a data dir: the instance lock, the token, the store, the event bus, the
 * control plane (always on; when no port is free it stays down and says why, and the app runs on), the
 * watch for other processes' writes, and when asked the UI server, whose address goes to ui.json.
 */
export async function startApp(options: StartAppOptions): Promise<StartAppResult> {
  const { dataDir, flavor } = options;
  const version = options.version ?? APP_VERSION;
  const log = options.log ?? (() => {});
  const paths = localPaths(dataDir);
  ensureDataDir(dataDir);

  const lock = acquireInstanceLock(dataDir);
  if (!lock.acquired) return { started: false, holder: lock.holder, agentInfo: readAgentInfo(dataDir) };

  const closers: Closer[] = [() => lock.lock.release()];
  try {
    const token = ensureToken(dataDir);
    // The app writes for as long as it runs: checkpoints on a thread of their own never stall a request.
    const store = openStore(paths.databasePath, { backgroundCheckpoints: true });
    closers.push(() => store.close());

    const events = createAppEvents((error, name) =>
      log(`a listener of ${name} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    const mocks = lazyMockControl(async () => {
      const { createMockControl } = await import('../mocks/create-mock-control.js');
      return createMockControl({ store, log });
    });
    // Stopped before the store closes (a mock reads the project on every request), after the control plane, through
    // which agents start them.
    closers.push(() => mocks.stopAll());
    // Agents' sends and runs go through the UI server's sender, which holds the person's secrets and consent prompts.
    let forAgents: Pick<UiServer, 'sendForAgent' | 'runsForAgents'> | undefined;
    const windowServer = () => {
      if (forAgents === undefined) {
        throw new AppError('INTERNAL', 'this app runs without its window server, which sends; start it with `client`');
      }
      return forAgents;
    };
    const onEndpointImported = (event: EndpointImportedEvent) => events.emit('endpoint-imported', event);
    // Linked projects' folders are read now (edits made while the app was not running), then watched.
    const linked = startAppLinkedFolders(store, events, log);
    closers.push(() => linked.close());
    const fromStore = storeHandlers(store, { onEndpointImported });
    const endpointProject = (endpointId: string) => store.endpoints.get(endpointId)?.projectId;
    // What agents read and send of a linked project is what its files say now, not what the watcher saw last.
    const fresh = <T>(projectId: string | undefined, read: () => T): T => {
      if (projectId !== undefined) linked.refresh(projectId);
      return read();
    };
    const handlers: AgentHandlers = {
      ...fromStore,
      listProjects: () => {
        for (const { projectId } of store.linkedFolders.list()) linked.refresh(projectId);
        return fromStore.listProjects();
      },
      listEndpoints: (projectId) => fresh(projectId, () => fromStore.listEndpoints(projectId)),
      ...(fromStore.listEndpointsJson === undefined
        ? {}
        : {
            listEndpointsJson: (projectId: string) =>
              fresh(projectId, () => fromStore.listEndpointsJson?.(projectId) ?? new Uint8Array()),
          }),
      listFolders: (projectId) => fresh(projectId, () => fromStore.listFolders(projectId)),
      listEnvironments: (projectId) => fresh(projectId, () => fromStore.listEnvironments(projectId)),
      sendEndpoint: async (request) =>
        fresh(endpointProject(request.endpointId), () => windowServer().sendForAgent(request)),
      runTests: async (request) => fresh(request.projectId, () => windowServer().runsForAgents.run(request)),
      getRun: async (runId) => windowServer().runsForAgents.get(runId),
      cancelRun: async (runId) => windowServer().runsForAgents.cancel(runId),
      ...mocksForAgents(mocks),
    };
    // The UI's own import parses here, on this thread: one person's paste, announced synchronously (the UI
    // server tells its imports from an agent's by that). Agents' imports are saved on the control plane's threads.
    const importCurl = (request: ImportRequest): ImportResult =>
      handlers.importCurl(request, parseCurl(request.command), 'person');

    const startedAt = new Date().toISOString();
    const controlPlane = await startControlPlane({
      handlers,
      // Agents' imports are read, parsed and saved on the control plane's threads, off this one.
      importThreads: { databasePath: paths.databasePath, onEndpointImported },
      token: token.token,
      tokenPath: token.path,
      flavor,
      version,
      ...(options.ports === undefined ? {} : { ports: options.ports }),
      ...(options.controlPlaneLimits === undefined ? {} : { limits: options.controlPlaneLimits }),
      log,
    });
    // Agents stop finding the app only once in-flight requests have been answered.
    closers.push(async () => {
      await controlPlane.close();
      removeAgentInfo(dataDir);
      removeAppState(dataDir);
    });

    const { status } = controlPlane;
    if (status.running) {
      writeAgentInfo(dataDir, { port: status.port, pid: process.pid, version, flavor, startedAt });
    }
    writeAppState(dataDir, {
      pid: process.pid,
      startedAt,
      version,
      flavor,
      controlPlane: { running: status.running, port: status.port, reason: status.reason },
    });

    closers.push(
      watchDataVersion(store, DATA_VERSION_POLL_MS, (dataVersion) => events.emit('projects-changed', { dataVersion })),
    );
    options.onControlPlane?.({ paths, flavor, version, tokenNotice: token.notice ?? null, controlPlane: status });

    let ui: RunningUi | null = null;
    if (options.ui !== undefined) {
      const { mcpCommand, bundleDir, keychain } = options.ui;
      // Loaded only when asked for: the UI server's modules (its routes, the MCP SDK behind the config snippet)
      // are a large part of the app, which a headless runtime never needs.
      const { startUiServer } = await import('../ui-server/index.js');
      const { agentEnvironment } = await import('@client/local/agent-setup');
      const server = await startUiServer({
        store,
        events,
        openSecrets: () => openSecretBox({ dataDir, flavor, ...(keychain === undefined ? {} : { keychain }) }),
        importCurl,
        mocks,
        agent: () => ({
          controlPlane: status,
          tokenPath: token.path,
          dataDir,
          flavor,
          version,
          mcpCommand,
          agentEnvironment: agentEnvironment(process.env, process.env.HOME ?? homedir()),
        }),
        ...(bundleDir === undefined ? {} : { bundleDir }),
        linked,
        log,
        onSessionStarted: () => removeLaunchFiles(dataDir),
      });
      // Pages an earlier run wrote for a window or a sign-in that never came.
      removeLaunchFiles(dataDir, 'all');
      // The window closes its event stream first; requests in flight are cancelled.
      closers.push(async () => {
        removeUiInfo(dataDir);
        removeLaunchFiles(dataDir, 'all');
        await server.close();
      });
      forAgents = server;
      writeUiInfo(dataDir, { pid: process.pid, url: server.url });
      ui = { url: server.url, port: server.port };
    }

    // The control plane has answered health checks since it listened. Its routes are built when a request first needs
    // them, or a moment after the start: by then a window has drawn its first screen, and built while it drew, they
    // took the CPU the window needed (`ui-first-paint` in bench/README.md).
    const routesLater = setTimeout(() => {
      controlPlane.buildRoutes().catch((error: unknown) => log(`the control plane's routes failed: ${String(error)}`));
    }, ROUTES_AFTER_START_MS);
    closers.push(() => clearTimeout(routesLater));

    let closing: Promise<void> | null = null;
    const app: RunningApp = {
      paths,
      flavor,
      version,
      startedAt,
      tokenNotice: token.notice ?? null,
      store,
      events,
      mocks,
      controlPlane: status,
      ui,
      importCurl,
      close() {
        closing ??= runClosers(closers);
        return closing;
      },
    };
    return { started: true, app };
  } catch (error) {
    await runClosers(closers);
    throw error;
  }
}
