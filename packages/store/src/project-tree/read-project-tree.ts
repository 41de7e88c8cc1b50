import type { Folder, ProjectTree, TreeEndpoint, TreeFolder, TreePath } from '@client/core';
import { notFound } from '../not-found.js';
import type { Store } from '../store.js';

/** The ids of a tree's rows, in the order of the tree's own lists. */
export interface TreeIds {
  folders: string[];
  endpoints: string[];
  environments: string[];
}

export interface ProjectTreeWithIds {
  tree: ProjectTree;
  ids: TreeIds;
}

/** Each folder's path of names from the root, parents listed before children and siblings in creation order. */
export function folderPaths(folders: readonly Folder[]): { folder: Folder; path: TreePath }[] {
  const children = new Map<string | null, Folder[]>();
  for (const folder of folders) {
    const siblings = children.get(folder.parentId) ?? [];
    siblings.push(folder);
    children.set(folder.parentId, siblings);
  }
  const ordered: { folder: Folder; path: TreePath }[] = [];
  const visit = (parentId: string | null, parentPath: TreePath) => {
    for (const folder of children.get(parentId) ?? []) {
      const path = [...parentPath, folder.name];
      ordered.push({ folder, path });
      visit(folder.id, path);
    }
  };
  visit(null, []);
  return ordered;
}

/**
 * A project as its linked folder holds it, read in one snapshot: no ids or times, secret values blank. `ids` says
 * which row each folder, endpoint and environment of the tree is.
 */
export function readProjectTree(store: Store, projectId: string): ProjectTreeWithIds {
  return store.read(() => {
    const project = store.projects.get(projectId);
    if (project === undefined) throw notFound('project', projectId);
    const paths = folderPaths(store.folders.list(projectId));
    const pathOf = new Map(paths.map(({ folder, path }) => [folder.id, path]));
    const folders: TreeFolder[] = paths.map(({ folder, path }) => {
      const auth = store.auth.ofFolder(folder.id);
      const scripts = store.scripts.ofFolder(folder.id);
      return {
        path,
        ...(folder.description === undefined ? {} : { description: folder.description }),
        ...(auth.type === 'inherit' ? {} : { auth }),
        ...(scripts === undefined ? {} : { scripts }),
      };
    });
    const endpointRows = store.endpoints.list(projectId);
    const endpoints: TreeEndpoint[] = endpointRows.map(
      ({ id: _id, projectId: _p, folderId, createdAt: _c, updatedAt: _u, ...endpoint }) => ({
        folder: folderId === null ? [] : (pathOf.get(folderId) ?? []),
        endpoint,
      }),
    );
    const environmentRows = store.environments.list(projectId);
    const auth = store.auth.ofProject(projectId);
    const scripts = store.scripts.ofProject(projectId);
    const tree: ProjectTree = {
      name: project.name,
      description: project.description,
      requestSettings: store.projects.requestSettings(projectId),
      ...(auth.type === 'none' ? {} : { auth }),
      ...(scripts === undefined ? {} : { scripts }),
      variables: store.variables.list(projectId).map(({ projectId: _p, ...variable }) => variable),
      folders,
      endpoints,
      environments: environmentRows.map((environment) => ({
        name: environment.name,
        variables: store.environmentVariables.list(environment.id).map(({ environmentId: _e, ...variable }) => ({
          ...variable,
          // The value of a secret stays in the encrypted store: a file never holds it, not even encrypted.
          value: variable.secret ? '' : variable.value,
        })),
      })),
    };
    return {
      tree,
      ids: {
        folders: paths.map(({ folder }) => folder.id),
        endpoints: endpointRows.map(({ id }) => id),
        environments: environmentRows.map(({ id }) => id),
      },
    };
  });
}
