import type { Endpoint } from '../model.js';
import type { ProjectSnapshot, SnapshotFolder } from './export-snapshot.js';
import type { ImportPlan } from './import-plan.js';

const STAMP = '2026-01-01T00:00:00.000Z';

/** The project a plan would write, as the store would give it back to an export. */
export function snapshotOf(plan: ImportPlan): ProjectSnapshot {
  const folders: SnapshotFolder[] = plan.folders.map((path, index) => {
    const description = plan.folderDescriptions.find((entry) => entry.path.join('/') === path.join('/'))?.description;
    const scripts = plan.folderScripts.find((entry) => entry.path.join('/') === path.join('/'))?.scripts;
    return {
      id: `f${index}`,
      projectId: 'p',
      parentId:
        path.length === 1
          ? null
          : `f${plan.folders.findIndex((other) => other.join('/') === path.slice(0, -1).join('/'))}`,
      name: path[path.length - 1] ?? '',
      ...(description === undefined ? {} : { description }),
      ...(scripts === undefined ? {} : { scripts }),
      createdAt: STAMP,
      updatedAt: STAMP,
    };
  });
  const endpoints: Endpoint[] = plan.endpoints.map(({ folder, draft }, index) => ({
    ...draft,
    id: `e${index}`,
    projectId: 'p',
    folderId: folder.length === 0 ? null : `f${plan.folders.findIndex((path) => path.join('/') === folder.join('/'))}`,
    createdAt: STAMP,
    updatedAt: STAMP,
  }));
  return {
    name: plan.name,
    description: plan.description,
    variables: [...(plan.baseUrl === null ? [] : [{ key: 'base_url', value: plan.baseUrl }]), ...plan.variables],
    ...(plan.scripts === undefined ? {} : { scripts: plan.scripts }),
    folders,
    endpoints,
  };
}
