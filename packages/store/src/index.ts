export {
  type ApplyImportOptions,
  applyImportPlan,
  type ImportSummary,
  MERGE_MODES,
  type MergeMode,
} from './apply-import-plan.js';
export {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupData,
  type BackupProject,
  type RestoreSummary,
  readBackup,
  restoreBackup,
} from './backup.js';
export { duplicateEndpoint, duplicateFolder } from './duplicate.js';
export type { EndpointChanges, NewEndpoint } from './endpoint-fields.js';
export type { ImportEndpointInput, ImportOutcome } from './import-endpoint.js';
export { applyEndpointFile } from './project-tree/apply-endpoint-file.js';
export {
  type AppliedTree,
  type ApplyTreeOptions,
  applyProjectTree,
  type KnownIds,
  type RefusedEndpoint,
} from './project-tree/apply-project-tree.js';
export { type ProjectTreeWithIds, readProjectTree, type TreeIds } from './project-tree/read-project-tree.js';
export type { AuthRepository } from './repositories/auth-repository.js';
export type { EndpointRepository } from './repositories/endpoint-repository.js';
export type { EnvironmentRepository, NewEnvironment } from './repositories/environment-repository.js';
export type {
  EnvironmentVariableInput,
  EnvironmentVariableRepository,
} from './repositories/environment-variable-repository.js';
export type { FolderRepository, NewFolder } from './repositories/folder-repository.js';
export type { GraphqlSchemaRepository, StoredGraphqlSchema } from './repositories/graphql-schema-repository.js';
export {
  DEFAULT_HISTORY_LIMIT,
  type HistoryQuery,
  type HistoryRepository,
  type NewHistoryEntry,
} from './repositories/history-repository.js';
export type {
  LinkedFile,
  LinkedFileKind,
  LinkedFolder,
  LinkedFolderRepository,
} from './repositories/linked-folder-repository.js';
export type { OAuth2TokenRepository, StoredOAuth2Tokens } from './repositories/oauth2-token-repository.js';
export type { NewProject, ProjectChanges, ProjectRepository } from './repositories/project-repository.js';
export {
  DEFAULT_RUN_LIMIT,
  MAX_RUN_RESULT_CHARS,
  type RunRepository,
} from './repositories/run-repository.js';
export type { ScriptRepository } from './repositories/script-repository.js';
export type { VariableRepository } from './repositories/variable-repository.js';
export { openStore, type Store, type StoreOptions } from './store.js';
