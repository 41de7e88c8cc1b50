/** Import, export and backup, offered by the projects screen and the project menu alike; the app runs them. */
export interface CollectionActions {
  /** Opens the import dialog; into `projectId` at first, or a new project when null. */
  importInto(projectId: string | null): void;
  /** Downloads the project, or one folder of it, as OpenAPI 3.1 or Postman v2.1. */
  exportAs(projectId: string, format: 'openapi' | 'postman', folderId?: string): void;
  /** Opens the backup dialog. */
  backup(): void;
  /** Opens the restore dialog. */
  restore(): void;
}
