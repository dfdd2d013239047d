/**
 * The warnings old Codex versions wrote into histories as user messages, as Codex's own tests
 * write them (codex-rs/core/src/context/contextual_user_message_tests.rs and the compaction
 * tests). Test data only: nothing in @ctx renders these texts.
 */
export const codexWarningTexts: readonly { readonly type: string; readonly text: string }[] = [
  {
    type: "legacy_apply_patch_exec_warning",
    text: "Warning: apply_patch was requested via exec_command. Use the apply_patch tool instead of exec_command.",
  },
  {
    type: "legacy_apply_patch_exec_warning",
    text: "Warning: apply_patch was requested via shell. Use the apply_patch tool instead of exec_command.",
  },
  {
    type: "legacy_model_mismatch_warning",
    text: "Warning: Your account was flagged for potentially high-risk cyber activity.",
  },
  {
    type: "legacy_model_mismatch_warning",
    text: "Warning: Your account was flagged for potentially high-risk cyber activity and this request was routed to gpt-5.2 as a fallback. To regain access to gpt-5.3-codex, apply for trusted access: https://chatgpt.com/cyber or learn more: https://developers.openai.com/codex/concepts/cyber-safety",
  },
  {
    type: "legacy_unified_exec_process_limit_warning",
    text: "Warning: The maximum number of unified exec processes you can keep open is 64.",
  },
  {
    type: "legacy_unified_exec_process_limit_warning",
    text: "Warning: The maximum number of unified exec processes you can keep open is 60 and you currently have 61 processes open. Reuse older processes or close them to prevent automatic pruning of old processes",
  },
  {
    type: "legacy_unified_exec_process_limit_warning",
    text: "\nWarning: The maximum number of unified exec processes you can keep open is 128 and you currently have 129 processes open. Reuse older processes or close them to prevent automatic pruning of old processes\t",
  },
];

/**
 * Texts Codex's own tests say are not these warnings: incomplete ones, and a person's question
 * appended to a complete one.
 */
export const codexNotWarningTexts: readonly string[] = [
  "Warning: Your account was flagged for potentially high-risk cyber activity. What does this mean?",
  "Warning: Your account was flagged for potentially high-risk cyber activity",
  "Warning: Your account was flagged for potentially high-risk cyber activity and this request was routed to gpt-5.2 as a fallback. To regain access to gpt-5.3-codex, apply for trusted access: https://chatgpt.com/cyber or learn more: https://developers.openai.com/codex/concepts/cyber-safety\nWhat does this mean?",
  "Explain: Warning: Your account was flagged for potentially high-risk cyber activity.",
  "Warning: The maximum number of unified exec processes you can keep open is 64. Can you explain this limit?",
  "Warning: The maximum number of unified exec processes you can keep open is .",
  "Warning: The maximum number of unified exec processes you can keep open is \uff16\uff14.",
  "Warning: The maximum number of unified exec processes you can keep open is 64 .",
  "Warning: The maximum number of unified exec processes you can keep open is 60 and you currently have  processes open. Reuse older processes or close them to prevent automatic pruning of old processes",
  "Warning: The maximum number of unified exec processes you can keep open is 60 and you currently have \uff16\uff11 processes open. Reuse older processes or close them to prevent automatic pruning of old processes",
  "Warning: The maximum number of unified exec processes you can keep open is 60 and you currently have 61 processes open.",
  "Warning: The maximum number of unified exec processes you can keep open is 60 and you currently have 61 processes open. Reuse older processes or close them to prevent automatic pruning of old processes\nCan you explain this limit?",
  "Warning: The maximum number of unified exec processes you can keep open is 64.\nExplain this limit.",
  "WARNING: APPLY_PATCH WAS REQUESTED VIA SHELL. USE THE APPLY_PATCH TOOL INSTEAD OF EXEC_COMMAND.",
  "WARNING: YOUR ACCOUNT WAS FLAGGED FOR POTENTIALLY HIGH-RISK CYBER ACTIVITY. DETAILS.",
  "WARNING: THE MAXIMUM NUMBER OF UNIFIED EXEC PROCESSES YOU CAN KEEP OPEN IS 64.",
];

/** Ordinary things a person might type that begin with "Warning", in any case. */
export const ordinaryWarningSentences: readonly string[] = [
  "Warning: the build was flagged as high-risk by our scanner, can you look?",
  "warning: unified exec processes keep piling up",
  "WARNING: apply_patch failed",
  "Warning: apply_patch was requested via the CLI, and it failed. Use the apply_patch tool instead of exec_command.\nWhy?",
  "Warning: apply_patch keeps failing on Windows line endings, any idea why? I told it to use exec_command.",
  "Warning: our account was flagged (high-risk) by the bank, please draft a reply.",
  "Warning: Your account was flagged for potentially high-risk cyber activity — what should I tell support?",
  "warning: your account was flagged for potentially high-risk cyber activity.",
  "Warning: The maximum number of unified exec processes you can keep open is too low for me, raise it.",
  "warning: the maximum number of unified exec processes you can keep open is 64.",
  "Warning: too many unified exec processes are open, how do I close them?",
  "Warning: deprecated API used in src/index.ts, please fix",
  "Warning: this will delete the production database. Are you sure?",
  "warning: LF will be replaced by CRLF in README.md",
  "WARNING: There was an error checking the latest version of pip.",
  "Warning - the tests are flaky on CI",
  "Warning! Don't touch the migrations folder.",
  "Warnings from tsc: 14, please clean them up",
  "warning",
  "Warning:",
  "Warning: ",
  "WaRnInG: mixed case words still belong to the user",
  "Warning: high-risk change ahead, the payment module was flagged in review",
  "Warning: exec_command is slow here; prefer apply_patch. Use the apply_patch tool instead of exec_command.",
  "\u212aarning: the Kelvin sign is not a K",
  "Warning: unified exec processes: 3 open, 60 allowed",
  "Warning: the maximum number of open files was reached",
  "Warning: flagged, high-risk, unified exec processes, apply_patch — all words in one line",
  "  Warning: leading spaces do not make this a notice  ",
  "Warning: apply_patch was requested via exec_command. Use the apply_patch tool instead of exec_command. Also, why?",
];
