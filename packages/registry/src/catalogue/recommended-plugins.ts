import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

/** The most plugins one recommendation lists, as in the reference; the rest are left out. */
export const maxRecommendedPlugins = 50;

const intro = "These plugins could be installed for the user but are not installed yet:";

const recommendedPluginsSchema = lazySchema(() =>
  z.object({
    plugins: z.array(z.object({ name: z.string().min(1), id: z.string().min(1) })).min(1),
  }),
);

/** The data of a {@link recommendedPlugins} fragment. */
export type RecommendedPluginsData = z.infer<typeof recommendedPluginsSchema>;

/** Plugins the user could install (user role), one `- {name} ({id})` line each, at most 50. */
export const recommendedPlugins = defineFragment({
  type: "recommended_plugins",
  role: "user",
  markers: standardMarkers.recommendedPlugins,
  guards: guardedMarkers,
  schema: recommendedPluginsSchema,
  description: "Plugins that could be installed for the user.",
  examples: [{ plugins: [{ name: "Linear", id: "linear@marketplace" }] }],
  body: ({ plugins }, { untrusted }) => {
    const lines = plugins
      .slice(0, maxRecommendedPlugins)
      .map(({ name, id }) => `- ${untrusted(name)} (${untrusted(id)})`);
    return `\n${intro}\n\n${lines.join("\n")}\n`;
  },
});
