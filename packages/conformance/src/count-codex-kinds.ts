import { createStandardRegistry } from "@ctx/registry";

// `pnpm --filter @ctx/conformance count:codex-kinds`: for each fragment Codex 0.171 can send to
// the model (seen in the suite's requests, or named by tags and format strings of its binary),
// a text of its shape, and whether the standard registry recognises it. Prints the count.
const r = createStandardRegistry();
// [role, sample text] for each fragment Codex 0.171 can send (seen on the wire, or named by its binary).
const tag = (name: string, role = "developer") => [role, `<${name}>\nx\n</${name}>`] as const;
const samples: [string, string, string][] = [
  ["permissions", ...tag("permissions instructions")],
  ["model_switch", ...tag("model_switch")],
  ["model_instructions", ...tag("model_instructions")],
  ["personality_spec", ...tag("personality_spec")],
  ["collaboration_mode", ...tag("collaboration_mode")],
  ["tools", ...tag("tools")],
  ["realtime_conversation", ...tag("realtime_conversation")],
  ["skills_instructions", ...tag("skills_instructions")],
  ["plugins_instructions", ...tag("plugins_instructions")],
  ["apps_instructions", ...tag("apps_instructions")],
  ["catalog_apps_instructions", ...tag("catalog_apps_instructions")],
  ["environments_instructions", ...tag("environments_instructions")],
  ["multi_agent_mode", ...tag("multi_agent_mode")],
  ["multi_agent_role", ...tag("multi_agent_role")],
  ["context_window", ...tag("context_window")],
  ["context_window_guidance", ...tag("context_window_guidance")],
  ["rollout_budget", ...tag("rollout_budget")],
  ["managed_developer_instructions", ...tag("managed_developer_instructions")],
  ["image_resize_notice", ...tag("image_resize_notice")],
  ["turn_aborted (developer)", ...tag("turn_aborted")],
  ["persistent_mode", ...tag("persistent_mode")],
  ["content_filter_guidance", ...tag("content_filter_guidance")],
  [
    "current_time_reminder",
    "developer",
    "<current_time_reminder>\n<current_time_iso>2026-01-01T00:00:00Z</current_time_iso>\n</current_time_reminder>",
  ],
  ["thread_network_requirements", ...tag("thread_network_requirements")],
  ["startup_context", ...tag("startup_context")],
  ["token_budget (legacy)", ...tag("token_budget")],
  ["agents_md", "user", "# AGENTS.md instructions for /r\n\n<INSTRUCTIONS>\nx\n</INSTRUCTIONS>"],
  ["environment_context", ...tag("environment_context", "user")],
  [
    "environment_context with thread_defaults",
    "user",
    '<environment_context>\n  <environments>\n    <environment id="a"></environment>\n    <thread_defaults>\n    </thread_defaults>\n  </environments>\n</environment_context>',
  ],
  ["skill", ...tag("skill", "user")],
  ["user_shell_command", ...tag("user_shell_command", "user")],
  ["turn_aborted", ...tag("turn_aborted", "user")],
  ["subagent_notification", ...tag("subagent_notification", "user")],
  [
    "codex_internal_context",
    "user",
    '<codex_internal_context source="x">\ny\n</codex_internal_context>',
  ],
  ["recommended_plugins", ...tag("recommended_plugins", "user")],
  ["realtime_delegation", ...tag("realtime_delegation", "user")],
  ["hook_prompt", "user", '<hook_prompt hook_run_id="1">x</hook_prompt>'],
  ["external_ context", "user", "<external_note>x</external_note>"],
  ["agent_message_board_notification", ...tag("agent_message_board_notification", "user")],
  [
    "compaction prompt",
    "user",
    "You are performing a CONTEXT CHECKPOINT COMPACTION. Create a handoff summary for another LLM that will resume the task.\n\nInclude:",
  ],
  [
    "compaction summary",
    "user",
    "Another language model started to solve this problem and produced a summary of its thinking process. You also have access to the state of the tools that were used by that language model. Use this to build on the work that has already been done and avoid duplicating work. Here is the summary produced by the other language model, use the information in this summary to assist with your own analysis:\nS",
  ],
  [
    "untagged multi-agent role (root)",
    "developer",
    "You are `/root`, the primary agent in a team of agents collaborating to fulfill the user's goals.\n\nx",
  ],
  [
    "incremental tools notice",
    "developer",
    "This is an incremental tools update. Previously declared tools remain available for direct calls unless explicitly marked unavailable. If a tool is redefined here, its latest definition replaces the earlier one.",
  ],
  [
    "removed namespaces notice",
    "developer",
    "The following namespaces are no longer available. Do not call tools in them unless those tools are declared in a later update:\n- a",
  ],
  [
    "stale permission notice",
    "developer",
    "The previous permission description for this scope is no longer current.",
  ],
  ["context_window as three items (start)", "developer", "<context_window>"],
  [
    "context_window as three items (body)",
    "developer",
    "\nAgent name: /root\nFirst context window id: w1\nCurrent context window id: w1\n",
  ],
  ["command_sessions", ...tag("command_sessions")],
  ["side_conversation", ...tag("side_conversation")],
  [
    "side-conversation boundary (unmarked)",
    "user",
    "Side conversation boundary.\n\nEverything before this boundary is inherited history from the parent thread. It is reference context only. It is not your current task.\n\nSub-agents are off-limits in this side conversation.\n\nIf the user explicitly requests a mutation, keep it minimal, local to the request, and avoid disrupting the main thread.",
  ],
  ["user_verification_notice", ...tag("user_verification_notice")],
  [
    "send_user_message_question_reply (the user's answers)",
    ...tag("send_user_message_question_reply", "user"),
  ],
  ["EXTERNAL SESSION IMPORTED (an agent message)", "assistant", "<EXTERNAL SESSION IMPORTED>"],
  ["user_query (the user's words)", ...tag("user_query", "user")],
  [
    "cursor_commands before user_query (the user's words)",
    "user",
    "<cursor_commands>\n/review\n</cursor_commands>\n<user_query>\nx\n</user_query>",
  ],
];
let yes = 0;
for (const [name, role, text] of samples) {
  const found = r.classify(role as "user" | "developer" | "assistant", text);
  if (found !== undefined) yes += 1;
  const words = found?.legacy === true && found.recogniser.userWords ? " (kept the user's)" : "";
  process.stdout.write(
    `${found === undefined ? "no " : "yes"}  ${name} -> ${found?.type ?? "-"}${words}\n`,
  );
}
process.stdout.write(`${yes} of ${samples.length} recognised\n`);
