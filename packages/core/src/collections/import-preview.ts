import type { CollectionFormat, ImportPlan } from './import-plan.js';

/** A folder of a preview, with the requests directly in it. */
export interface PreviewFolder {
  name: string;
  folders: PreviewFolder[];
  endpoints: { name: string; method: string; path: string }[];
}

/** What a person reads before an import writes anything: the plan, counted and shaped as a tree. */
export interface ImportPreview {
  format: CollectionFormat;
  kind: ImportPlan['kind'];
  name: string;
  description: string;
  baseUrl: string | null;
  counts: { folders: number; endpoints: number; environments: number; variables: number };
  /** The project root: its folders and the requests outside any folder. */
  tree: PreviewFolder;
  environments: { name: string; variables: number; secrets: number }[];
  /** How the requests authenticate, `none` included, most used first. */
  auth: { type: string; count: number }[];
}

/** The preview of an import plan; pure, so the app and its tests agree on what a plan shows. */
export function previewImportPlan(plan: ImportPlan): ImportPreview {
  const root: PreviewFolder = { name: plan.name, folders: [], endpoints: [] };
  const byPath = new Map<string, PreviewFolder>([['[]', root]]);
  const folderAt = (path: string[]): PreviewFolder => {
    const key = JSON.stringify(path);
    let folder = byPath.get(key);
    if (folder === undefined) {
      folder = { name: path[path.length - 1] ?? '', folders: [], endpoints: [] };
      folderAt(path.slice(0, -1)).folders.push(folder);
      byPath.set(key, folder);
    }
    return folder;
  };
  for (const path of plan.folders) folderAt(path);
  const auth = new Map<string, number>();
  for (const { folder, draft } of plan.endpoints) {
    folderAt(folder).endpoints.push({ name: draft.name, method: draft.method, path: draft.path });
    auth.set(draft.auth.type, (auth.get(draft.auth.type) ?? 0) + 1);
  }
  return {
    format: plan.format,
    kind: plan.kind,
    name: plan.name,
    description: plan.description,
    baseUrl: plan.baseUrl,
    counts: {
      folders: byPath.size - 1,
      endpoints: plan.endpoints.length,
      environments: plan.environments.length,
      variables: plan.variables.length,
    },
    tree: root,
    environments: plan.environments.map((environment) => ({
      name: environment.name,
      variables: environment.variables.length,
      secrets: environment.variables.filter((variable) => variable.secret).length,
    })),
    auth: [...auth].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count),
  };
}
