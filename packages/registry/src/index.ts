export {
  type AdditionalContextData,
  additionalContext,
  trustedAdditionalContext,
} from "./catalogue/additional-context.js";
export {
  type AgentMessageBoardNotificationData,
  agentMessageBoardNotification,
} from "./catalogue/agent-message-board-notification.js";
export {
  type AgentsMdInstructionsData,
  agentsMdInstructions,
  agentsMdSection,
} from "./catalogue/agents-md-instructions.js";
export { appsInstructions, appsSection } from "./catalogue/apps-instructions.js";
export {
  type CatalogAppsInstructionsData,
  catalogAppsInstructions,
} from "./catalogue/catalog-apps-instructions.js";
export { codexRecognisers } from "./catalogue/codex-recognisers.js";
export {
  type CollaborationModeData,
  collaborationMode,
  collaborationModeSection,
} from "./catalogue/collaboration-mode.js";
export { type CommandSessionsData, commandSessions } from "./catalogue/command-sessions.js";
export {
  type CompactionState,
  compactionState,
  compactionStateLimits,
  compactionStateSchema,
  emptyCompactionState,
} from "./catalogue/compaction-state.js";
export {
  type ContentFilterGuidanceData,
  contentFilterGuidance,
} from "./catalogue/content-filter-guidance.js";
export {
  type ContextWindowData,
  type ContextWindowGuidanceData,
  contextWindow,
  contextWindowGuidance,
} from "./catalogue/context-window.js";
export {
  type CurrentTimeReminderData,
  currentTimeReminder,
} from "./catalogue/current-time-reminder.js";
export { type DeferredToolsData, deferredTools } from "./catalogue/deferred-tools.js";
export {
  type DeveloperInstructionsData,
  type DeveloperInstructionsForgeWarning,
  developerInstructions,
  developerInstructionsSection,
  managedDeveloperInstructions,
} from "./catalogue/developer-instructions.js";
export { environmentContext, environmentsSection } from "./catalogue/environment-context.js";
export {
  type EnvironmentContextData,
  type EnvironmentEntry,
  environmentContextSchema,
  type FileSystemEntry,
  type PermissionProfile,
} from "./catalogue/environment-context-schema.js";
export {
  environmentsInstructions,
  environmentsInstructionsSection,
} from "./catalogue/environments-instructions.js";
export type { GuidanceData } from "./catalogue/guidance-section.js";
export { type HookPromptData, hookPrompt } from "./catalogue/hook-prompt.js";
export { type ImageResizeNoticeData, imageResizeNotice } from "./catalogue/image-resize-notice.js";
export {
  type InterAgentCompletionData,
  interAgentCompletion,
} from "./catalogue/inter-agent-completion.js";
export {
  type InternalModelContextData,
  internalModelContext,
} from "./catalogue/internal-model-context.js";
export { legacyFragments } from "./catalogue/legacy-fragments.js";
export { standardMarkers } from "./catalogue/markers.js";
export {
  type ModelInstructionsData,
  modelInstructions,
} from "./catalogue/model-instructions.js";
export {
  type ModelSwitchData,
  modelSection,
  modelSwitch,
} from "./catalogue/model-switch.js";
export {
  type MultiAgentModeData,
  multiAgentMode,
  multiAgentModeSection,
} from "./catalogue/multi-agent-mode.js";
export { type MultiAgentRoleData, multiAgentRole } from "./catalogue/multi-agent-role.js";
export {
  approvedCommandPrefixSaved,
  hookAdditionalContext,
  networkRuleSaved,
  pluginInstructions,
  tokenBudgetReminder,
  tokensLeft,
} from "./catalogue/one-shot-notices.js";
export {
  type PermissionsInstructionsData,
  permissionsInstructions,
  permissionsSection,
} from "./catalogue/permissions-instructions.js";
export { type PersistentModeData, persistentMode } from "./catalogue/persistent-mode.js";
export {
  type PersonalitySpecData,
  personalitySection,
  personalitySpec,
} from "./catalogue/personality-spec.js";
export { pluginsInstructions, pluginsSection } from "./catalogue/plugins-instructions.js";
export {
  type RealtimeEndData,
  type RealtimeStartWithInstructionsData,
  realtimeEnd,
  realtimeSection,
  realtimeStart,
  realtimeStartWithInstructions,
} from "./catalogue/realtime.js";
export {
  type RealtimeDelegationData,
  realtimeDelegation,
} from "./catalogue/realtime-delegation.js";
export {
  type RecommendedPluginsData,
  recommendedPlugins,
} from "./catalogue/recommended-plugins.js";
export { type RolloutBudgetData, rolloutBudget } from "./catalogue/rollout-budget.js";
export { sideConversation } from "./catalogue/side-conversation.js";
export { type SkillData, skill } from "./catalogue/skill.js";
export { skillsInstructions, skillsSection } from "./catalogue/skills-instructions.js";
export {
  type SkillsInstructionsData,
  skillsInstructionsSchema,
} from "./catalogue/skills-instructions-schema.js";
export { type StartupContextData, startupContext } from "./catalogue/startup-context.js";
export {
  type SubagentNotificationData,
  subagentNotification,
} from "./catalogue/subagent-notification.js";
export {
  type ThreadNetworkRequirementsData,
  threadNetworkRequirements,
} from "./catalogue/thread-network-requirements.js";
export { turnAborted, turnAbortedDeveloper } from "./catalogue/turn-aborted.js";
export { type UserShellCommandData, userShellCommand } from "./catalogue/user-shell-command.js";
export { userVerificationNotice } from "./catalogue/user-verification-notice.js";
export { compactionAnswerJsonSchema } from "./compaction-answer-json-schema.js";
export { createRegistry } from "./create-registry.js";
export { createStandardRegistry } from "./create-standard-registry.js";
export {
  defineLegacyFragment,
  type LegacyFragment,
  type LegacyFragmentDefinition,
} from "./legacy-fragment.js";
export { readCompactionAnswer } from "./read-compaction-answer.js";
export type { Classification, Registry, RegistryOptions } from "./registry.js";
export {
  RegistryError,
  type RegistryErrorCode,
  type RegistryErrorOptions,
} from "./registry-error.js";
export { standardFragments } from "./standard-fragments.js";
export type { StandardTurnState } from "./standard-turn-state.js";
export type { StateSummarizer, SummaryAnswer } from "./state-summarizer.js";
