import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

const fileName = z
  .string()
  .min(1)
  .refine((name) => !/[\\/]/.test(name) && name !== "." && name !== "..", "a file name");

const positiveWhole = z.number().int().positive();

/**
 * The keys of Codex's `config.toml` that shape what the model is sent, with the values Codex
 * 0.171 accepts for them; every other key (providers, MCP servers, features, …) is left alone.
 */
export const configTomlSchema = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1).optional(),
    personality: z.enum(["friendly", "pragmatic", "none"]).optional(),
    sandbox_mode: z.enum(["read-only", "workspace-write", "danger-full-access"]).optional(),
    approval_policy: z
      .union([
        z.enum(["untrusted", "on-request", "on-failure", "never"]),
        z.strictObject({
          granular: z.looseObject({
            sandbox_approval: z.boolean().optional(),
            rules: z.boolean().optional(),
            skill_approval: z.boolean().optional(),
            request_permissions: z.boolean().optional(),
            mcp_elicitations: z.boolean().optional(),
          }),
        }),
      ])
      .optional(),
    approvals_reviewer: z.enum(["user", "auto_review"]).optional(),
    sandbox_workspace_write: z
      .looseObject({
        writable_roots: z.array(z.string().min(1)).optional(),
        network_access: z.boolean().optional(),
      })
      .optional(),
    developer_instructions: z.string().optional(),
    model_instructions_file: z.string().min(1).optional(),
    model_context_window: positiveWhole.optional(),
    model_auto_compact_token_limit: positiveWhole.optional(),
    project_doc_max_bytes: z.number().int().min(0).max(67_108_864).optional(),
    project_doc_fallback_filenames: z.array(fileName).optional(),
    project_root_markers: z.array(fileName).optional(),
    include_permissions_instructions: z.boolean().optional(),
    include_environment_context: z.boolean().optional(),
    include_environment_context_time: z.boolean().optional(),
    skills: z
      .looseObject({
        include_instructions: z.boolean().optional(),
        bundled: z.looseObject({ enabled: z.boolean().optional() }).optional(),
      })
      .optional(),
    projects: z
      .record(
        z.string(),
        z.looseObject({ trust_level: z.enum(["trusted", "untrusted"]).optional() }),
      )
      .optional(),
  }),
);

/** A `config.toml` as {@link configTomlSchema} reads it. */
export type ConfigToml = z.infer<typeof configTomlSchema>;
