import type { FragmentKind } from "@ctx/fragments";
import { additionalContext, trustedAdditionalContext } from "./catalogue/additional-context.js";
import { agentMessageBoardNotification } from "./catalogue/agent-message-board-notification.js";
import { agentsMdInstructions } from "./catalogue/agents-md-instructions.js";
import { appsInstructions } from "./catalogue/apps-instructions.js";
import { catalogAppsInstructions } from "./catalogue/catalog-apps-instructions.js";
import { collaborationMode } from "./catalogue/collaboration-mode.js";
import { commandSessions } from "./catalogue/command-sessions.js";
import { compactionState } from "./catalogue/compaction-state.js";
import { contentFilterGuidance } from "./catalogue/content-filter-guidance.js";
import { contextWindow, contextWindowGuidance } from "./catalogue/context-window.js";
import { currentTimeReminder } from "./catalogue/current-time-reminder.js";
import { deferredTools } from "./catalogue/deferred-tools.js";
import {
  developerInstructions,
  managedDeveloperInstructions,
} from "./catalogue/developer-instructions.js";
import { environmentContext } from "./catalogue/environment-context.js";
import { environmentsInstructions } from "./catalogue/environments-instructions.js";
import { hookPrompt } from "./catalogue/hook-prompt.js";
import { imageResizeNotice } from "./catalogue/image-resize-notice.js";
import { interAgentCompletion } from "./catalogue/inter-agent-completion.js";
import { internalModelContext } from "./catalogue/internal-model-context.js";
import { modelInstructions } from "./catalogue/model-instructions.js";
import { modelSwitch } from "./catalogue/model-switch.js";
import { multiAgentMode } from "./catalogue/multi-agent-mode.js";
import { multiAgentRole } from "./catalogue/multi-agent-role.js";
import {
  approvedCommandPrefixSaved,
  hookAdditionalContext,
  networkRuleSaved,
  pluginInstructions,
  tokenBudgetReminder,
  tokensLeft,
} from "./catalogue/one-shot-notices.js";
import { permissionsInstructions } from "./catalogue/permissions-instructions.js";
import { persistentMode } from "./catalogue/persistent-mode.js";
import { personalitySpec } from "./catalogue/personality-spec.js";
import { pluginsInstructions } from "./catalogue/plugins-instructions.js";
import { realtimeEnd, realtimeStart, realtimeStartWithInstructions } from "./catalogue/realtime.js";
import { realtimeDelegation } from "./catalogue/realtime-delegation.js";
import { recommendedPlugins } from "./catalogue/recommended-plugins.js";
import { rolloutBudget } from "./catalogue/rollout-budget.js";
import { sideConversation } from "./catalogue/side-conversation.js";
import { skill } from "./catalogue/skill.js";
import { skillsInstructions } from "./catalogue/skills-instructions.js";
import { startupContext } from "./catalogue/startup-context.js";
import { subagentNotification } from "./catalogue/subagent-notification.js";
import { threadNetworkRequirements } from "./catalogue/thread-network-requirements.js";
import { turnAborted, turnAbortedDeveloper } from "./catalogue/turn-aborted.js";
import { userShellCommand } from "./catalogue/user-shell-command.js";
import { userVerificationNotice } from "./catalogue/user-verification-notice.js";

/**
 * Every current fragment kind of the reference design, in registry order: the order in which
 * fragments of one role appear in a turn's context. Developer kinds first (the model switch, then
 * the developer bundle, then the kinds that travel alone), then user kinds (the contextual bundle,
 * then runtime records), then the assistant kind.
 */
export const standardFragments: readonly FragmentKind[] = Object.freeze([
  modelSwitch,
  modelInstructions,
  developerInstructions,
  personalitySpec,
  commandSessions,
  skillsInstructions,
  realtimeStart,
  realtimeStartWithInstructions,
  realtimeEnd,
  permissionsInstructions,
  collaborationMode,
  deferredTools,
  environmentsInstructions,
  catalogAppsInstructions,
  appsInstructions,
  pluginsInstructions,
  contextWindow,
  contextWindowGuidance,
  rolloutBudget,
  multiAgentRole,
  multiAgentMode,
  persistentMode,
  contentFilterGuidance,
  threadNetworkRequirements,
  startupContext,
  sideConversation,
  userVerificationNotice,
  imageResizeNotice,
  managedDeveloperInstructions,
  turnAbortedDeveloper,
  trustedAdditionalContext,
  pluginInstructions,
  hookAdditionalContext,
  approvedCommandPrefixSaved,
  networkRuleSaved,
  tokensLeft,
  tokenBudgetReminder,
  currentTimeReminder,
  recommendedPlugins,
  agentsMdInstructions,
  environmentContext,
  additionalContext,
  skill,
  compactionState,
  userShellCommand,
  turnAborted,
  subagentNotification,
  agentMessageBoardNotification,
  internalModelContext,
  realtimeDelegation,
  hookPrompt,
  interAgentCompletion,
]);
