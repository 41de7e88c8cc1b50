import { ENVIRONMENTS_DIRECTORY } from './environment-file.js';
import { claimName, fileNameKey, safeFileStem } from './file-names.js';
import { FOLDER_FILE } from './folder-file.js';
import { PROJECT_FILE } from './project-file.js';
import type { ProjectTree, TreeFolder, TreePath, TreePlace } from './project-tree.js';
import { assignSeqs } from './seq-order.js';

/** Where an item goes: its path relative to the linked folder (a folder's directory) and its seq. */
export interface FilePlace {
  path: string;
  seq: number;
}

/** Where every item of a tree is written, index for index with the tree's lists. */
export interface TreeLayout {
  /** Parents before children, as `folders` below. */
  folders: TreeFolder[];
  /** Each folder's directory; its own file is `<directory>/folder.yml`. */
  folderPlaces: FilePlace[];
  endpointPlaces: FilePlace[];
  environmentPlaces: FilePlace[];
}

const REQUEST_EXTENSION = '.yml';
const YAML_FILE = /\.ya?ml$/i;

const pathKey = (path: TreePath): string => JSON.stringify(path);
export const joinPath = (directory: string, name: string): string => (directory === '' ? name : `${directory}/${name}`);

/** Every folder the tree's endpoints name exists, its parents first: a tree that forgot one still writes whole. */
function completeFolders(tree: ProjectTree): TreeFolder[] {
  const folders: TreeFolder[] = [];
  const known = new Set<string>();
  const add = (path: TreePath, folder?: TreeFolder) => {
    for (let depth = 1; depth < path.length; depth++) add(path.slice(0, depth));
    if (path.length === 0 || known.has(pathKey(path))) return;
    known.add(pathKey(path));
    folders.push(folder ?? { path });
  };
  for (const folder of tree.folders) add(folder.path, folder);
  for (const { folder } of tree.endpoints) add(folder);
  return folders;
}

/** A path the tree carries over from reading, kept when it is still in `directory` and its name is free. */
function keptName(place: TreePlace | undefined, directory: string, isFile: boolean): string | undefined {
  const path = place?.path;
  if (path === undefined) return undefined;
  const slash = path.lastIndexOf('/');
  const parent = slash < 0 ? '' : path.slice(0, slash);
  const name = path.slice(slash + 1);
  if (parent !== directory || name === '' || name.startsWith('.')) return undefined;
  if (isFile !== YAML_FILE.test(name)) return undefined;
  return name;
}

interface Entry {
  place: TreePlace | undefined;
  name: string;
  isFile: boolean;
  fallback: string;
  result?: string;
}

/** Names one directory's entries: the kept ones first, so a new sibling never takes a name already on disk. */
function nameEntries(entries: Entry[], directory: string, reserved: readonly string[]): void {
  const taken = new Set(reserved.map(fileNameKey));
  for (const entry of entries) {
    const kept = keptName(entry.place, directory, entry.isFile);
    if (kept !== undefined && !taken.has(fileNameKey(kept))) {
      taken.add(fileNameKey(kept));
      entry.result = kept;
    }
  }
  for (const entry of entries) {
    if (entry.result !== undefined) continue;
    const stem = safeFileStem(entry.name, entry.fallback);
    entry.result = claimName(stem, entry.isFile ? REQUEST_EXTENSION : '', taken);
  }
}

export function layoutOfTree(tree: ProjectTree): TreeLayout {
  const folders = completeFolders(tree);
  const folderPlaces: FilePlace[] = new Array(folders.length);
  const endpointPlaces: FilePlace[] = new Array(tree.endpoints.length);
  const childFolders = new Map<string, number[]>();
  const childEndpoints = new Map<string, number[]>();
  const push = (map: Map<string, number[]>, key: string, index: number) => {
    const list = map.get(key);
    if (list) list.push(index);
    else map.set(key, [index]);
  };
  for (const [index, folder] of folders.entries()) push(childFolders, pathKey(folder.path.slice(0, -1)), index);
  for (const [index, { folder }] of tree.endpoints.entries()) push(childEndpoints, pathKey(folder), index);

  const visit = (path: TreePath, directory: string) => {
    const folderIndexes = childFolders.get(pathKey(path)) ?? [];
    const endpointIndexes = childEndpoints.get(pathKey(path)) ?? [];
    const entries: Entry[] = [
      ...folderIndexes.map((index) => {
        const folder = folders[index] as TreeFolder;
        return { place: folder.place, name: folder.path.at(-1) ?? '', isFile: false, fallback: 'folder' };
      }),
      ...endpointIndexes.map((index) => {
        const { endpoint, place } = tree.endpoints[index] as ProjectTree['endpoints'][number];
        return { place, name: endpoint.name, isFile: true, fallback: 'request' };
      }),
    ];
    nameEntries(entries, directory, path.length === 0 ? [PROJECT_FILE, ENVIRONMENTS_DIRECTORY] : [FOLDER_FILE]);
    const folderSeqs = assignSeqs(folderIndexes.map((index) => folders[index]?.place?.seq));
    const endpointSeqs = assignSeqs(endpointIndexes.map((index) => tree.endpoints[index]?.place?.seq));
    for (const [position, index] of endpointIndexes.entries()) {
      const name = entries[folderIndexes.length + position]?.result as string;
      endpointPlaces[index] = { path: joinPath(directory, name), seq: endpointSeqs[position] as number };
    }
    for (const [position, index] of folderIndexes.entries()) {
      const folderDirectory = joinPath(directory, entries[position]?.result as string);
      folderPlaces[index] = { path: folderDirectory, seq: folderSeqs[position] as number };
      visit((folders[index] as TreeFolder).path, folderDirectory);
    }
  };
  visit([], '');

  const environmentEntries: Entry[] = tree.environments.map((environment) => ({
    place: environment.place,
    name: environment.name,
    isFile: true,
    fallback: 'environment',
  }));
  nameEntries(environmentEntries, ENVIRONMENTS_DIRECTORY, []);
  const environmentSeqs = assignSeqs(tree.environments.map((environment) => environment.place?.seq));
  const environmentPlaces = environmentEntries.map((entry, index) => ({
    path: joinPath(ENVIRONMENTS_DIRECTORY, entry.result as string),
    seq: environmentSeqs[index] as number,
  }));
  return { folders, folderPlaces, endpointPlaces, environmentPlaces };
}

/** The file and seq of the tree's `index`th endpoint, as `treeToFiles` writes it. */
export function fileOfEndpoint(tree: ProjectTree, index: number): FilePlace | undefined {
  return layoutOfTree(tree).endpointPlaces[index];
}

/** The settings file and seq of the folder at `path`, as `treeToFiles` writes it. */
export function fileOfFolder(tree: ProjectTree, path: TreePath): FilePlace | undefined {
  const layout = layoutOfTree(tree);
  const index = layout.folders.findIndex((folder) => pathKey(folder.path) === pathKey(path));
  const place = layout.folderPlaces[index];
  return place ? { path: joinPath(place.path, FOLDER_FILE), seq: place.seq } : undefined;
}
