import type { Markers } from "@ctx/fragments";

/**
 * The marker strings of the reference design, byte for byte. They are protocol: histories written
 * by Codex-compatible agents are recognised by them, so they never change.
 */
export const standardMarkers = {
  agentsMd: { start: "# AGENTS.md instructions", end: "</INSTRUCTIONS>" },
  environmentContext: { start: "<environment_context>", end: "</environment_context>" },
  permissions: { start: "<permissions instructions>", end: "</permissions instructions>" },
  modelSwitch: { start: "<model_switch>", end: "</model_switch>" },
  personalitySpec: { start: "<personality_spec>", end: "</personality_spec>" },
  collaborationMode: { start: "<collaboration_mode>", end: "</collaboration_mode>" },
  deferredTools: { start: "<tools>", end: "</tools>" },
  realtimeConversation: { start: "<realtime_conversation>", end: "</realtime_conversation>" },
  skillsInstructions: { start: "<skills_instructions>", end: "</skills_instructions>" },
  pluginsInstructions: { start: "<plugins_instructions>", end: "</plugins_instructions>" },
  appsInstructions: { start: "<apps_instructions>", end: "</apps_instructions>" },
  environmentsInstructions: {
    start: "<environments_instructions>",
    end: "</environments_instructions>",
  },
  multiAgentMode: { start: "<multi_agent_mode>", end: "</multi_agent_mode>" },
  multiAgentRole: { start: "<multi_agent_role>", end: "</multi_agent_role>" },
  contextWindow: { start: "<context_window>", end: "</context_window>" },
  contextWindowGuidance: { start: "<context_window_guidance>", end: "</context_window_guidance>" },
  rolloutBudget: { start: "<rollout_budget>\n", end: "\n</rollout_budget>" },
  managedDeveloperInstructions: {
    start: "<managed_developer_instructions>",
    end: "</managed_developer_instructions>",
  },
  imageResizeNotice: { start: "<image_resize_notice>", end: "</image_resize_notice>" },
  turnAborted: { start: "<turn_aborted>", end: "</turn_aborted>" },
  skill: { start: "<skill>", end: "</skill>" },
  userShellCommand: { start: "<user_shell_command>", end: "</user_shell_command>" },
  subagentNotification: { start: "<subagent_notification>", end: "</subagent_notification>" },
  internalModelContext: { start: "<codex_internal_context", end: "</codex_internal_context>" },
  recommendedPlugins: { start: "<recommended_plugins>", end: "</recommended_plugins>" },
  realtimeDelegation: { start: "<realtime_delegation>", end: "</realtime_delegation>" },
  externalContext: { start: "<external_", end: ">" },
  hookPrompt: { start: "<hook_prompt", end: "</hook_prompt>" },
  modelInstructions: { start: "<model_instructions>", end: "</model_instructions>" },
  catalogAppsInstructions: {
    start: "<catalog_apps_instructions>",
    end: "</catalog_apps_instructions>",
  },
  persistentMode: { start: "<persistent_mode>", end: "</persistent_mode>" },
  contentFilterGuidance: { start: "<content_filter_guidance>", end: "</content_filter_guidance>" },
  threadNetworkRequirements: {
    start: "<thread_network_requirements>",
    end: "</thread_network_requirements>",
  },
  startupContext: { start: "<startup_context>", end: "</startup_context>" },
  agentMessageBoardNotification: {
    start: "<agent_message_board_notification>",
    end: "</agent_message_board_notification>",
  },
  currentTimeReminder: { start: "<current_time_reminder>", end: "</current_time_reminder>" },
  commandSessions: { start: "<command_sessions>", end: "</command_sessions>" },
  sideConversation: { start: "<side_conversation>", end: "</side_conversation>" },
  userVerificationNotice: {
    start: "<user_verification_notice>",
    end: "</user_verification_notice>",
  },
  /** Ours, not the reference's: the typed state a compaction keeps (`compaction_state`). */
  compactionState: { start: "<compaction_state>", end: "</compaction_state>" },
} as const satisfies Record<string, Markers>;

/**
 * The wrappers other programs put around a person's own words, which Codex 0.171 can pass to the
 * model: a desktop client's answers to the agent's queued questions, and a user message of a
 * session imported from Cursor (the query, and the time stamp and commands Cursor puts before
 * it); and the agent message that ends an imported session. Recognised, never rendered, and
 * never read as injected context.
 */
export const wrapperMarkers = {
  questionReply: {
    start: "<send_user_message_question_reply>",
    end: "</send_user_message_question_reply>",
  },
  userQuery: { start: "<user_query>", end: "</user_query>" },
  timestamp: { start: "<timestamp>", end: "</timestamp>" },
  cursorCommands: { start: "<cursor_commands>", end: "</cursor_commands>" },
  importedSessionEnd: "<EXTERNAL SESSION IMPORTED>",
} as const;

/** Wrappers older versions wrote and nothing produces any more; recognised, never rendered. */
export const legacyMarkers = {
  userInstructions: { start: "<user_instructions>", end: "</user_instructions>" },
  tokenBudget: { start: "<token_budget>", end: "</token_budget>" },
  goalContext: { start: "<goal_context>", end: "</goal_context>" },
} as const satisfies Record<string, Markers>;

/**
 * Every marker untrusted text inside a standard fragment is kept free of: the standard and legacy
 * markers (except the bare `>` ending external context, which is guarded by its own prefix), and
 * the tags the standard bodies use inside themselves. Neutralised with the fragments' marker guard;
 * frozen, so the guard is built once for every kind that guards this list.
 */
export const guardedMarkers: readonly string[] = Object.freeze(
  [
    ...Object.values(standardMarkers).flatMap(({ start, end }) => [start, end]),
    ...Object.values(legacyMarkers).flatMap(({ start, end }) => [start, end]),
    "</external_",
    "<INSTRUCTIONS>",
    "<current_time_iso>",
    "</current_time_iso>",
  ].filter((marker) => marker !== ">"),
);
