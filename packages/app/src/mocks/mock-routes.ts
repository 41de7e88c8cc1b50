import { BASE_URL_VARIABLE, type Endpoint, isAppError } from '@client/core';
import type { Store } from '@client/store';
import type { AnswerCache } from './choose-answer.js';
import type { MockAnswer } from './mock-answer.js';
import { RouteTable } from './route-table.js';

export type ContractEngines = typeof import('./contract-engines.js');
type Checker = InstanceType<ContractEngines['RequestChecker']>;

let engines: Promise<ContractEngines> | undefined;

/** The checks and samplers of contracts, loaded once, when a mock first meets an endpoint with a contract. */
export function loadContractEngines(): Promise<ContractEngines> {
  engines ??= import('./contract-engines.js');
  return engines;
}

/** What a mock keeps per endpoint between requests, until the endpoint changes. */
export interface EndpointRuntime {
  /** The checks of the endpoint's contract, compiled on first use; null without a contract. */
  checker(engines: ContractEngines): Checker | null;
  answers: AnswerCache;
}

type Reader = Pick<Store, 'ownChanges' | 'dataVersion' | 'read' | 'endpoints' | 'folders' | 'variables'>;

/**
 * How long the mock trusts that no other process (an agent's import thread, `client` in a terminal) has written:
 * asking SQLite costs microseconds a request cannot spare, and such writes are not made while a person watches.
 */
const OTHERS_CHECK_MS = 100;

function subtree(store: Reader, projectId: string, folderId: string): Set<string> {
  const children = new Map<string | null, string[]>();
  for (const folder of store.folders.list(projectId)) {
    const siblings = children.get(folder.parentId) ?? [];
    siblings.push(folder.id);
    children.set(folder.parentId, siblings);
  }
  const inside = new Set<string>();
  const pending = [folderId];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    inside.add(next);
    pending.push(...(children.get(next) ?? []));
  }
  return inside;
}

function newRuntime(endpoint: Endpoint): EndpointRuntime {
  const answers = new Map<string, MockAnswer>();
  let checker: Checker | undefined;
  return {
    checker(loaded) {
      if (endpoint.contract === undefined) return null;
      checker ??= new loaded.RequestChecker(endpoint.contract);
      return checker;
    },
    answers: (key, build) => {
      let answer = answers.get(key);
      if (answer === undefined) {
        answer = build();
        answers.set(key, answer);
      }
      return answer;
    },
  };
}

/**
 * The routes of a mocked project (or folder subtree), read from the store and kept compiled. Every request asks
 * for them; they are read again only when something was written since: by this connection (the window, the app's
 * own imports), checked on every request, so an edit shows in the very next answer; by another connection or
 * process, checked every `OTHERS_CHECK_MS`. Each endpoint's compiled checks and generated answers are kept while
 * the endpoint stays as it was.
 */
export class MockRoutes {
  private ownChanges = -1;
  private dataVersion = -1;
  private othersCheckedAt = 0;
  private table: RouteTable = new RouteTable([], null);
  private runtimes = new Map<string, EndpointRuntime>();

  constructor(
    private readonly store: Reader,
    private readonly projectId: string,
    private readonly folderId: string | null,
  ) {}

  current(): RouteTable {
    const ownChanges = this.store.ownChanges();
    let dataVersion = this.dataVersion;
    const now = Date.now();
    if (now - this.othersCheckedAt >= OTHERS_CHECK_MS) {
      dataVersion = this.store.dataVersion();
      this.othersCheckedAt = now;
    }
    if (ownChanges !== this.ownChanges || dataVersion !== this.dataVersion) {
      this.table = this.read();
      this.ownChanges = ownChanges;
      this.dataVersion = dataVersion;
    }
    return this.table;
  }

  runtime(endpoint: Endpoint): EndpointRuntime {
    const key = `${endpoint.id}@${endpoint.updatedAt}`;
    let runtime = this.runtimes.get(key);
    if (runtime === undefined) {
      runtime = newRuntime(endpoint);
      this.runtimes.set(key, runtime);
    }
    return runtime;
  }

  private read(): RouteTable {
    try {
      const { endpoints, baseUrl } = this.store.read(() => {
        const all = this.store.endpoints.list(this.projectId);
        const inside = this.folderId === null ? null : subtree(this.store, this.projectId, this.folderId);
        return {
          endpoints:
            inside === null
              ? all
              : all.filter((endpoint) => endpoint.folderId !== null && inside.has(endpoint.folderId)),
          baseUrl: this.store.variables.get(this.projectId, BASE_URL_VARIABLE) ?? null,
        };
      });
      const live = new Set(endpoints.map((endpoint) => `${endpoint.id}@${endpoint.updatedAt}`));
      for (const key of this.runtimes.keys()) if (!live.has(key)) this.runtimes.delete(key);
      return new RouteTable(endpoints, baseUrl);
    } catch (error) {
      // The project was deleted while mocked: nothing is left to answer for.
      if (isAppError(error) && error.code === 'NOT_FOUND') return new RouteTable([], null);
      throw error;
    }
  }
}
