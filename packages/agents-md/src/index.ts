export {
  AgentsMdError,
  type AgentsMdErrorCode,
  type AgentsMdErrorOptions,
} from "./agents-md-error.js";
export type {
  AgentsMdEnvironmentOptions,
  AgentsMdEnvironmentSettings,
  AgentsMdSharedOptions,
  DiscoverAgentsMdOptions,
  ImportOptions,
} from "./agents-md-options.js";
export {
  type AgentsMdTracker,
  type AgentsMdTrackerOptions,
  createAgentsMdTracker,
} from "./agents-md-tracker.js";
export type {
  AgentsMdWarning,
  AgentsMdWarningBase,
  BinaryFileWarning,
  FileCutWarning,
  FileDroppedWarning,
  FileSkippedWarning,
  HomeNotADirectoryWarning,
  ImportFailedWarning,
  ImportFailure,
  ImportLimitWarning,
  InvalidUtf8Warning,
  ReadFailedWarning,
} from "./agents-md-warning.js";
export { candidateFilenames } from "./candidate-filenames.js";
export { agentsMdDefaults } from "./defaults.js";
export { discoverAgentsMd } from "./discover-agents-md.js";
export { discoverAgentsMdForEnvironments } from "./discover-agents-md-for-environments.js";
export type {
  AgentsMdFileSystem,
  FileKind,
  FileStat,
  OpenedFile,
  OpenOptions,
  PathApi,
} from "./file-system.js";
export type { FileSystemFailure } from "./file-system-failure.js";
export { findImportReferences, type ImportReference } from "./find-import-references.js";
export { createLoadedAgentsMd, type LoadedAgentsMd } from "./loaded-agents-md.js";
export type {
  AgentsMdCut,
  AgentsMdEntry,
  AgentsMdEnvironment,
  AgentsMdFileProvenance,
  AgentsMdGlobalEntry,
  AgentsMdImport,
  BudgetPolicy,
  LoadedAgentsMdData,
} from "./loaded-agents-md-data.js";
export type { MemoryEntry, MemoryFileContent, RepeatedContent } from "./memory-entry.js";
export {
  createMemoryFileSystem,
  type MemoryFileSystem,
  type MemoryFileSystemOptions,
} from "./memory-file-system.js";
export { projectDocSeparator } from "./render-agents-md-text.js";
