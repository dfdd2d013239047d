import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

/** The schema of an {@link EnvironmentSnapshot}, for reading one back from a rollout. */
export const environmentSnapshotSchema = lazySchema(() =>
  z.object({
    environments: z.record(
      z.string(),
      z.object({
        cwd: z.string(),
        status: z.enum(["available", "starting"]),
        shell: z.string().exactOptional(),
      }),
    ),
    currentDate: z.string().exactOptional(),
    timezone: z.string().exactOptional(),
    network: z.string().exactOptional(),
    filesystem: z.string().exactOptional(),
    subagents: z.string().exactOptional(),
  }),
);

/**
 * What the model was last shown of the environment context, reduced to what decides a diff:
 * each environment's cwd, status and shell, and the other values as their rendered text.
 * Plain JSON, so a session can persist it.
 */
export type EnvironmentSnapshot = z.infer<typeof environmentSnapshotSchema>;
