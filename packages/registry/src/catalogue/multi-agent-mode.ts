import { defineFragment, defineSection } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const explicitRequestOnly =
  "Any earlier permission to hand work to sub-agents on your own initiative is withdrawn. Start sub-agents only when the user, or AGENTS.md or skill instructions that apply, explicitly ask for delegation or parallel work.";
const proactive =
  "You may now hand work to sub-agents on your own initiative whenever splitting the task would help, without waiting to be asked.";

const multiAgentModeSchema = lazySchema(() =>
  z.union([
    z.object({ mode: z.literal("explicit-request-only") }),
    z.object({ mode: z.literal("proactive") }),
    z.object({
      mode: z.literal("custom"),
      /** Configured text; it may not equal one of the standard texts, which have modes of their own. */
      text: z
        .string()
        .min(1)
        .refine((text) => text !== proactive && text !== explicitRequestOnly, {
          message: "equals a standard text; use its mode instead",
        }),
    }),
  ]),
);

/** The data of a {@link multiAgentMode} fragment. */
export type MultiAgentModeData = z.infer<typeof multiAgentModeSchema>;

/**
 * When the model may start sub-agents, as it was told; `undefined` state when the session has no
 * multi-agent mode. A change is sent; dropping a proactive mode sends the explicit-request rule.
 */
export const multiAgentModeSection = defineSection({
  id: "multi_agent_mode",
  scope: "settings",
  state: lazySchema(() => z.union([multiAgentModeSchema, z.undefined()])),
  snapshot: multiAgentModeSchema,
  snapshotOf: (state) => state,
});

/**
 * When the model may start sub-agents (developer role), in a message of its own: only when asked,
 * on its own initiative, or as configured text.
 */
export const multiAgentMode = defineFragment({
  type: "multi_agent_mode",
  role: "developer",
  markers: standardMarkers.multiAgentMode,
  separate: true,
  guards: guardedMarkers,
  schema: multiAgentModeSchema,
  description: "When the model may hand work to sub-agents.",
  examples: [{ mode: "proactive" }],
  body: (data, { untrusted }) =>
    data.mode === "custom"
      ? untrusted(data.text)
      : data.mode === "proactive"
        ? proactive
        : explicitRequestOnly,
  section: multiAgentModeSection,
  build: (state, reference): MultiAgentModeData | undefined => {
    if (reference.status !== "known") return state;
    const before = reference.snapshot;
    if (state === undefined) {
      return before.mode === "proactive" ? { mode: "explicit-request-only" } : undefined;
    }
    const same =
      before.mode === state.mode &&
      (state.mode !== "custom" || (before.mode === "custom" && before.text === state.text));
    return same ? undefined : state;
  },
  parse: (body, { restore }) =>
    body === proactive
      ? { mode: "proactive" as const }
      : body === explicitRequestOnly
        ? { mode: "explicit-request-only" as const }
        : body === ""
          ? undefined
          : { mode: "custom" as const, text: restore(body) },
});
