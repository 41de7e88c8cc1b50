import { readEndpointFile, stemOf } from './endpoint-file.js';
import { ENVIRONMENTS_DIRECTORY, readEnvironmentFile } from './environment-file.js';
import { FOLDER_FILE, type FolderFile, readFolderFile } from './folder-file.js';
import { PROJECT_FILE, readProjectFile } from './project-file.js';
import type {
  FileMap,
  ProjectTree,
  TreeEndpoint,
  TreeEnvironment,
  TreeFolder,
  TreePath,
  TreeProblem,
} from './project-tree.js';

const YAML_FILE = /\.ya?ml$/i;

/** Files the format does not own: hidden ones (`.git/…`, `.env`) and anything that is not YAML. */
function isFormatFile(path: string): boolean {
  const parts = path.split('/');
  return YAML_FILE.test(path) && parts.every((part) => part !== '' && !part.startsWith('.') && part !== '..');
}

const directoryOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('/')));
const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

interface Sortable {
  seq?: number;
  path: string;
}

/** Numbered items by seq, the rest after them; ties by path (code unit order: the same on every system). */
function bySeq(left: Sortable, right: Sortable): number {
  const a = left.seq ?? Number.POSITIVE_INFINITY;
  const b = right.seq ?? Number.POSITIVE_INFINITY;
  if (a !== b) return a < b ? -1 : 1;
  return left.path < right.path ? -1 : left.path > right.path ? 1 : 0;
}

interface Directory {
  path: string;
  folder: FolderFile;
  children: Directory[];
  endpoints: (TreeEndpoint & Sortable)[];
}

/**
 * A linked folder's files read back into a project. Never throws: a file that does not parse or does not fit is a
 * problem (with its line where the parser knows it) and is left out; every other file is read.
 */
export function filesToTree(files: FileMap): { tree: ProjectTree; problems: TreeProblem[] } {
  const problems: TreeProblem[] = [];
  const tree: ProjectTree = {
    name: '',
    description: '',
    requestSettings: {},
    variables: [],
    folders: [],
    endpoints: [],
    environments: [],
  };
  const directories = new Map<string, Directory>();
  const directory = (path: string): Directory => {
    const known = directories.get(path);
    if (known) return known;
    const created: Directory = { path, folder: {}, children: [], endpoints: [] };
    directories.set(path, created);
    if (path !== '') directory(directoryOf(path)).children.push(created);
    return created;
  };
  directory('');
  const environments: (TreeEnvironment & Sortable)[] = [];

  const paths = [...files.keys()].filter(isFormatFile).sort();
  for (const path of paths) {
    const text = files.get(path) ?? '';
    const parent = directoryOf(path);
    if (path === PROJECT_FILE) {
      const read = readProjectFile(text, path);
      if (read.problem) problems.push(read.problem);
      else Object.assign(tree, read.value);
    } else if (parent === ENVIRONMENTS_DIRECTORY) {
      const read = readEnvironmentFile(text, path);
      if (read.problem) problems.push(read.problem);
      else {
        const { name, seq, variables } = read.value;
        environments.push({ name: name ?? stemOf(path), variables, path, ...(seq === undefined ? {} : { seq }) });
      }
    } else if (path.startsWith(`${ENVIRONMENTS_DIRECTORY}/`)) {
      problems.push({
        file: path,
        message: `is not read: ${ENVIRONMENTS_DIRECTORY}/ holds one file per environment, no directories`,
      });
    } else if (parent !== '' && nameOf(path) === FOLDER_FILE) {
      const read = readFolderFile(text, path);
      if (read.problem) problems.push(read.problem);
      directory(parent).folder = read.value ?? {};
    } else {
      const read = readEndpointFile(text, path);
      if (read.problem) problems.push(read.problem);
      else {
        const { endpoint, seq } = read.value;
        directory(parent).endpoints.push({ folder: [], endpoint, path, ...(seq === undefined ? {} : { seq }) });
      }
    }
  }

  const walk = (current: Directory, folderPath: TreePath) => {
    for (const { folder: _, path, seq, endpoint } of current.endpoints.sort(bySeq)) {
      tree.endpoints.push({ folder: folderPath, endpoint, place: placeOf(path, seq) });
    }
    const taken = new Set<string>();
    const children = current.children.map((child) => ({ ...child, seq: child.folder.seq })).sort(bySeq);
    for (const child of children) {
      const name = uniqueName(child.folder.name ?? nameOf(child.path), taken, `${child.path}/${FOLDER_FILE}`, problems);
      const path = [...folderPath, name];
      const { description, auth, scripts } = child.folder;
      const folder: TreeFolder = { path, place: placeOf(child.path, child.seq) };
      if (description !== undefined) folder.description = description;
      if (auth) folder.auth = auth;
      if (scripts) folder.scripts = scripts;
      tree.folders.push(folder);
      walk(child, path);
    }
  };
  walk(directory(''), []);

  for (const { name, variables, path, seq } of environments.sort(bySeq)) {
    tree.environments.push({ name, variables, place: placeOf(path, seq) });
  }
  return { tree, problems };
}

function placeOf(path: string, seq: number | undefined): { path: string; seq?: number } {
  return seq === undefined ? { path } : { path, seq };
}

/**
 * Two siblings can name themselves alike in their files (two directories, one name in each folder.yml); the tree
 * needs them apart, so the later one is read under a free name and the problem says so.
 */
function uniqueName(name: string, taken: Set<string>, path: string, problems: TreeProblem[]): string {
  let free = name;
  for (let suffix = 2; taken.has(free); suffix++) free = `${name} ${suffix}`;
  taken.add(free);
  if (free !== name)
    problems.push({ file: path, message: `names itself "${name}" like an earlier sibling; read as "${free}"` });
  return free;
}
