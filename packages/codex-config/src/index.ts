export type {
  CodexAgentsMdSettings,
  CodexConfig,
  CodexConfigFile,
  CodexConfigValue,
  CodexConfigWarning,
  CodexEnvironmentSettings,
  CodexSessionSettings,
  CodexSkillsSettings,
} from "./codex-config.js";
export {
  CodexConfigError,
  type CodexConfigErrorCode,
  type CodexConfigErrorOptions,
} from "./codex-config-error.js";
export { type ConfigSource, describeConfigSource } from "./config-source.js";
export type { ProjectTrust } from "./find-project-trust.js";
export {
  defaultMaxConfigBytes,
  type ReadCodexConfigOptions,
  readCodexConfig,
} from "./read-codex-config.js";
