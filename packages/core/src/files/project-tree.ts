import type { EndpointAuth, EndpointDraft, EndpointScripts, KeyValue } from '../model.js';
import type { RequestSettingsOverride } from '../request/request-settings.js';

/*
 * A project as its linked folder holds it: what the files say, with no ids or times (they differ between
 * machines) and no secret values (they stay in the encrypted store, keyed by project and variable name). The
 * format module turns a tree into files and files back into a tree; the app's sync maps it onto the store.
 */

/** Where a folder or request sits: the names of the folders from the project's root down (empty: the root). */
export type TreePath = readonly string[];

export interface TreeFolder {
  /** Its parents' names then its own; unique in the project. */
  path: TreePath;
  description?: string;
  /** What the endpoints inside inherit; absent: inherit from above. */
  auth?: EndpointAuth;
  scripts?: EndpointScripts;
  /** Where the files keep it; see `TreePlace`. */
  place?: TreePlace;
}

/**
 * Where a folder, request or environment sits in the files, as read: its path (a folder's directory, else its
 * file) and its `seq`. Optional: a tree made from the store has none. The writer keeps a path while it still fits
 * (same directory, not taken), so a file someone named by hand keeps its name, and keeps each seq the order
 * allows, so a reorder rewrites as few files as possible. A tree whose item was renamed drops `path` to rename
 * the file after it.
 */
export interface TreePlace {
  path?: string;
  seq?: number;
}

export interface TreeEndpoint {
  /** The folder it is in (empty: the project's root). */
  folder: TreePath;
  endpoint: EndpointDraft;
  place?: TreePlace;
}

export interface TreeVariable {
  key: string;
  /** Empty for a secret: its value is never in a file. */
  value: string;
  secret: boolean;
  enabled?: boolean;
  /** For a secret: the hosts it may go to (as `EnvironmentVariable.allowedHosts`). */
  allowedHosts?: string[];
}

export interface TreeEnvironment {
  name: string;
  variables: TreeVariable[];
  place?: TreePlace;
}

export interface ProjectTree {
  name: string;
  description: string;
  requestSettings: RequestSettingsOverride;
  auth?: EndpointAuth;
  scripts?: EndpointScripts;
  variables: KeyValue[];
  /** Parents before their children; siblings in the order the window shows them. */
  folders: TreeFolder[];
  /** In the order the window shows them within each folder. */
  endpoints: TreeEndpoint[];
  environments: TreeEnvironment[];
}

/** A file of the folder that could not be read: listed with where it went wrong, and left untouched. */
export interface TreeProblem {
  /** Relative to the linked folder, with `/` separators. */
  file: string;
  /** 1-based, when the parser knows it. */
  line?: number;
  message: string;
}

/** A linked folder's files: relative path (`/` separators) → text. */
export type FileMap = ReadonlyMap<string, string>;
