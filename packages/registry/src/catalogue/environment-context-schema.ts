import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

const environmentSchema = lazySchema(() =>
  z.object({
    /** A stable id such as `local`; environments render sorted by it. */
    id: z.string(),
    /** The working directory, in the environment's own path convention (`C:\repo` stays so). */
    cwd: z.string(),
    /** The shell name (`bash`, `zsh`, `powershell`, …), when known. */
    shell: z.string().optional(),
    /** `starting` while the environment boots; `unavailable` only in an update for one that vanished. */
    status: z.enum(["available", "starting", "unavailable"]).optional(),
  }),
);

const fileSystemEntrySchema = lazySchema(() =>
  z.object({
    access: z.enum(["read", "write", "deny"]),
    target: z.union([
      z.object({ path: z.string() }),
      z.object({ glob: z.string() }),
      z.object({ special: z.string() }),
    ]),
    /** Only meaningful on `deny`: `false` renders `escalatable="false"`. */
    escalatable: z.boolean().optional(),
  }),
);

const permissionProfileSchema = lazySchema(() =>
  z.union([
    z.object({
      type: z.literal("managed"),
      fileSystem: z.union([
        z.object({ type: z.literal("unrestricted") }),
        z.object({
          type: z.literal("restricted"),
          entries: z.array(fileSystemEntrySchema),
          globScanMaxDepth: z.number().int().nonnegative().optional(),
        }),
      ]),
    }),
    z.object({ type: z.literal("disabled") }),
    z.object({ type: z.literal("external") }),
  ]),
);

/** The schema of {@link EnvironmentContextData}. */
export const environmentContextSchema = lazySchema(() =>
  z
    .object({
      environments: z.array(environmentSchema),
      /** `single` renders the one available environment as bare `<cwd>`/`<shell>` lines; by default it is chosen when there is exactly one available environment. */
      layout: z.enum(["single", "multiple"]).optional(),
      currentDate: z.string().optional(),
      timezone: z.string().optional(),
      network: z
        .object({ allowedDomains: z.array(z.string()), deniedDomains: z.array(z.string()) })
        .optional(),
      filesystem: z
        .object({ workspaceRoots: z.array(z.string()), permissionProfile: permissionProfileSchema })
        .optional(),
      /** The subagent roster, one line per agent (`- {agent}: {nickname}`). */
      subagents: z.string().optional(),
    })
    .refine((data) => data.layout !== "single" || isSingle(data.environments), {
      message: "the single layout needs exactly one available environment",
      path: ["layout"],
    }),
);

/** The data of an {@link environmentContext} fragment. */
export type EnvironmentContextData = z.infer<typeof environmentContextSchema>;
/** One environment the agent can run commands in. */
export type EnvironmentEntry = z.infer<typeof environmentSchema>;
/** The effective file-system permissions, as the environment context shows them. */
export type PermissionProfile = z.infer<typeof permissionProfileSchema>;
/** One file-system permission entry. */
export type FileSystemEntry = z.infer<typeof fileSystemEntrySchema>;

/** Whether `environments` is exactly one available environment: what the single layout shows. */
export function isSingle(environments: readonly EnvironmentEntry[]): boolean {
  return environments.length === 1 && (environments[0]?.status ?? "available") === "available";
}
