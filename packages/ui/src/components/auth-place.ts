/** Where an auth is edited: its project, the environment in use, and the folder it sits in (null: the root). */
export interface AuthPlace {
  projectId: string;
  environmentId: string | null;
  folderId: string | null;
}
