import { BASE_URL_VARIABLE, type Endpoint, isAppError } from '@client/core';
import type { Store } from '@client/store';
import type { StaticAnswers } from './choose-answer.js';
import type { MockAnswer } from './mock-answer.js';
import { RequestChecker } from './request-checks.js';
import { RouteTable } from './route-table.js';

/** What a mock keeps per endpoint between requests, until the endpoint changes. */
export interface EndpointRuntime {
  /** Null for an endpoint without a contract: nothing to check its requests against. */
  checker: RequestChecker | null;
  staticAnswers: StaticAnswers;
}

type Reader = Pick<Store, 'changeStamp' | 'read' | 'endpoints' | 'folders' | 'variables'>;

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
  return {
    checker: endpoint.contract === undefined ? null : new RequestChecker(endpoint.contract),
    staticAnswers: (picked, build) => {
      const key = `${picked.status} ${picked.response.status}`;
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
 * for them; they are read again only when something was committed since (`Store.changeStamp`), by the window,
 * an import, an agent or another process, so an edit shows in the very next answer. Each endpoint's compiled
 * checks and generated answers are kept while the endpoint stays as it was.
 */
export class MockRoutes {
  private stamp: string | null = null;
  private table: RouteTable = new RouteTable([], null);
  private runtimes = new Map<string, EndpointRuntime>();

  constructor(
    private readonly store: Reader,
    private readonly projectId: string,
    private readonly folderId: string | null,
  ) {}

  current(): RouteTable {
    const stamp = this.store.changeStamp();
    if (stamp !== this.stamp) {
      this.table = this.read();
      this.stamp = stamp;
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
