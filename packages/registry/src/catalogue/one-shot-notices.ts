import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { defineTextKind } from "./define-text-kind.js";
import { guardedMarkers } from "./markers.js";

// One-shot notices carry no markers: each gives up being recognised later, by design. They are
// said once, at the moment they matter, and are never diffed, re-injected or hidden from view.

const approvedPrefixesSchema = lazySchema(() =>
  z.object({
    /** The command prefixes just approved, each as the user would type it (`npm test`). */
    prefixes: z.array(z.string().min(1)).min(1),
  }),
);

/** A notice that command prefixes were approved and saved (developer role, unmarked). */
export const approvedCommandPrefixSaved = defineFragment({
  type: "approved_command_prefix_saved",
  role: "developer",
  markers: null,
  guards: guardedMarkers,
  schema: approvedPrefixesSchema,
  description: "Command prefixes the user just approved for the rest of the session.",
  examples: [{ prefixes: ["npm test"] }],
  body: ({ prefixes }, { untrusted }) =>
    `These command prefixes are now approved and saved, so commands that start with them run without asking:\n${prefixes.map((prefix) => `- \`${untrusted(prefix)}\``).join("\n")}`,
});

const networkRuleSchema = lazySchema(() =>
  z.object({
    decision: z.enum(["allow", "deny"]),
    host: z.string().min(1),
  }),
);

/** A notice that a network rule was saved in the exec policy (developer role, unmarked). */
export const networkRuleSaved = defineFragment({
  type: "network_rule_saved",
  role: "developer",
  markers: null,
  guards: guardedMarkers,
  schema: networkRuleSchema,
  description: "A network rule the user just saved.",
  examples: [{ decision: "allow", host: "registry.npmjs.org" }],
  body: ({ decision, host }, { untrusted }) =>
    decision === "allow"
      ? `Saved an \`Allowed\` network rule for \`${untrusted(host)}\` to the exec policy's \`allowlist\`.`
      : `Saved a \`Denied\` network rule for \`${untrusted(host)}\` to the exec policy's \`denylist\`.`,
});

const tokensLeftSchema = lazySchema(() =>
  z.object({
    /** Tokens left in the current context window, or `undefined` when unknown. */
    remaining: z.number().int().nonnegative().optional(),
  }),
);

/** How many tokens the current context window has left (developer role, unmarked). */
export const tokensLeft = defineFragment({
  type: "tokens_left",
  role: "developer",
  markers: null,
  schema: tokensLeftSchema,
  description: "The tokens left in the current context window.",
  examples: [{ remaining: 48_000 }, {}],
  body: ({ remaining }) =>
    remaining === undefined
      ? "It is not known how many tokens are left in the current context window."
      : `${remaining} tokens are left in the current context window.`,
});

const reminderSchema = lazySchema(() =>
  z.object({
    /** A configured template; `{n_remaining}` is replaced by the number of tokens left. */
    template: z.string().min(1),
    remaining: z.number().int().nonnegative(),
  }),
);

/** A configured reminder of the token budget (developer role, unmarked). */
export const tokenBudgetReminder = defineFragment({
  type: "token_budget_reminder",
  role: "developer",
  markers: null,
  guards: guardedMarkers,
  schema: reminderSchema,
  description: "A configured reminder of how many tokens are left.",
  examples: [{ template: "{n_remaining} tokens left; wrap up soon.", remaining: 900 }],
  body: ({ template, remaining }, { untrusted }) =>
    untrusted(template).replaceAll("{n_remaining}", String(remaining)),
});

/** Extra context a hook supplied, verbatim (developer role, unmarked). */
export const hookAdditionalContext = defineTextKind({
  type: "hook_additional_context",
  role: "developer",
  markers: null,
  field: "text",
  description: "Extra context a hook supplied for this turn.",
  example: "The build server is down until noon.",
});

/** Guidance for plugins the user mentioned this turn, verbatim (developer role, unmarked). */
export const pluginInstructions = defineTextKind({
  type: "plugin_instructions",
  role: "developer",
  markers: null,
  field: "text",
  description: "Guidance for a plugin the user mentioned in this turn.",
  example: "The deploy plugin needs a target environment.",
});
