import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { standardMarkers } from "./markers.js";

const rolloutBudgetSchema = lazySchema(() =>
  z.object({
    /** Weighted tokens left in the budget the whole session shares. */
    remaining: z
      .number()
      .int()
      .nonnegative()
      .transform((tokens) => tokens + 0), // -0 renders as 0
  }),
);

/** The data of a {@link rolloutBudget} fragment. */
export type RolloutBudgetData = z.infer<typeof rolloutBudgetSchema>;

/**
 * How much of the session's shared token budget is left (developer role). The markers include
 * their newlines (`<rollout_budget>\n` … `\n</rollout_budget>`), as in the reference.
 */
export const rolloutBudget = defineFragment({
  type: "rollout_budget",
  role: "developer",
  markers: standardMarkers.rolloutBudget,
  schema: rolloutBudgetSchema,
  description: "The weighted tokens left in the budget shared by the whole session.",
  examples: [{ remaining: 120_000 }],
  body: ({ remaining }) =>
    `${remaining} weighted tokens are left in the budget this whole session shares.`,
  parse: (body) => {
    const match = /^(\d+) weighted tokens are left in the budget this whole session shares\.$/.exec(
      body,
    );
    return match?.[1] === undefined ? undefined : { remaining: Number(match[1]) };
  },
});
