/**
 * For every standard kind, data that fills every field it can render, optional ones included,
 * so a test can reach each string field in turn (one entry per alternative where the data is a
 * union). A kind without a row here fails the tests that use it.
 */
export const fullData: Readonly<Record<string, readonly unknown[]>> = {
  model_switch: [{ instructions: "You are a careful coding agent." }],
  developer_instructions: [{ text: "Answer in British English." }],
  personality_spec: [{ personality: "Be warm." }],
  skills_instructions: [{
    skills: [{ name: "release", description: "Cut a release.", path: "r0/release/SKILL.md" }],
    roots: [{ alias: "r0", path: "/home/me/.skills" }],
    usage: true,
  }],
  realtime_start: [{}],
  realtime_start_with_instructions: [{ instructions: "Answer in French." }],
  realtime_end: [{ reason: "inactive" }],
  permissions_instructions: [{ text: "\nThe sandbox is read-only.\n" }],
  collaboration_mode: [{ mode: "plan", instructions: "Plan first." }],
  deferred_tools: [{
    namespaces: [
      { name: "multi_agent_v1", description: "Spawn and manage sub-agents." },
      { name: "browser", description: "Open and read web pages." },
    ],
  }],
  environments_instructions: [{}],
  apps_instructions: [{}],
  plugins_instructions: [{}],
  context_window: [{
    threadId: "t1",
    firstWindowId: "w1",
    currentWindowId: "w2",
    previousWindowId: "w1",
    threadHint: "hint",
  }],
  context_window_guidance: [{ message: "Start a new window after each task." }],
  rollout_budget: [{ remaining: 12 }],
  multi_agent_role: [{ text: "You lead a team." }],
  model_instructions: [{ text: "Answer briefly." }],
  catalog_apps_instructions: [{ text: "Offer the calendar app when dates come up." }],
  persistent_mode: [{ text: "Work until the tests pass." }],
  content_filter_guidance: [{ text: "Say when an answer was filtered." }],
  thread_network_requirements: [{ text: "Use the proxy." }],
  startup_context: [{ text: "The user is on call." }],
  agent_message_board_notification: [{ text: "The tester posted a report." }],
  multi_agent_mode: [{ mode: "custom", text: "Delegate freely." }, { mode: "proactive" }],
  image_resize_notice: [{
    images: [
      {
        index: 1,
        total: 1,
        source: "tool output",
        original: { width: 40, height: 30 },
        resized: { width: 20, height: 15 },
      },
    ],
  }],
  managed_developer_instructions: [{ text: "Stay on the network." }],
  turn_aborted_developer: [undefined],
  trusted_additional_context: [{ key: "automation_info", value: "run one" }],
  plugin_instructions: [{ text: "The deploy plugin needs a target." }],
  hook_additional_context: [{ text: "The build server is down." }],
  approved_command_prefix_saved: [{ prefixes: ["npm test", "git status"] }],
  network_rule_saved: [{ decision: "deny", host: "example.com" }],
  tokens_left: [{ remaining: 10 }],
  token_budget_reminder: [{ template: "{n_remaining} left.", remaining: 5 }],
  current_time_reminder: [{ time: new Date("2026-02-26T14:05:09Z") }, {}],
  recommended_plugins: [{ plugins: [{ name: "Linear", id: "linear@market" }] }],
  agents_md_instructions: [
    { directory: "/repo", text: "Run the tests.", supersedes: true },
    { withdrawn: true },
  ],
  environment_context: [{
    environments: [
      { id: "local", cwd: "/repo", shell: "bash" },
      { id: "remote", cwd: "/srv", shell: "zsh", status: "starting" },
    ],
    currentDate: "2026-02-26",
    timezone: "Europe/Paris",
    network: { allowedDomains: ["a.example"], deniedDomains: ["b.example"] },
    filesystem: {
      workspaceRoots: ["/repo"],
      permissionProfile: {
        type: "managed",
        fileSystem: {
          type: "restricted",
          entries: [
            { access: "read", target: { path: "/etc" } },
            { access: "deny", target: { glob: "**/.env" } },
            { access: "write", target: { special: "tmp" } },
          ],
        },
      },
    },
    subagents: "- a: one",
  }],
  additional_context: [{ key: "browser_info", value: "tab one" }],
  skill: [{ name: "release", path: "/skills/release/SKILL.md", contents: "Tag, then publish." }],
  user_shell_command: [{ command: "ls", exitCode: 0, durationSeconds: 0.5, output: "a" }],
  turn_aborted: [undefined],
  subagent_notification: [{ agentPath: "/root/tester", status: { state: "done", note: "ok" } }],
  internal_model_context: [{ source: "extension", text: "Steer." }],
  realtime_delegation: [{ input: "Open it.", transcriptDelta: "said", transcriptTailFlush: true }],
  hook_prompt: [{ runId: "run-1", text: "Summarise." }],
  inter_agent_completion: [
    { task: "run tests", sender: "/root/tester", status: { state: "errored", error: "boom" } },
    { task: "run tests", sender: "/root/tester", status: { state: "completed", message: "ok" } },
  ],
};
