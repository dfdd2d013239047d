import { readFile } from "node:fs/promises";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { CliError } from "./cli-error.js";
import { fileFailure } from "./file-failure.js";

/** The largest tool list read: Codex's own is about 22 KB. */
const maxToolBytes = 16_777_216;

/** One tool definition as the Responses API takes it: an object with a `type` or a `name`. */
const toolSchema = lazySchema(() =>
  z
    .looseObject({ type: z.string().min(1).optional(), name: z.string().min(1).optional() })
    .refine((tool) => tool.type !== undefined || tool.name !== undefined, {
      message: "a tool needs a type or a name",
    }),
);

const toolFileSchema = lazySchema(() =>
  z.union([
    z.array(toolSchema),
    z.looseObject({ tools: z.array(toolSchema) }).transform((request) => request.tools),
  ]),
);

/** A list of tool definitions a user passed, as it would be sent. */
export interface ToolDefinitions {
  /** The file read. */
  readonly path: string;
  /** The definitions, unchanged. */
  readonly tools: readonly Record<string, unknown>[];
  /** The list as sent: its compact JSON. */
  readonly text: string;
}

/**
 * The tool definitions in the JSON file at `path`: a list of tools, or a request body holding
 * one under `tools` (as the Responses API and Chat Completions take them).
 *
 * @throws {CliError} `failure` when the file cannot be read, is not JSON, or is not such a list
 * (the message names the first entry that does not fit).
 */
export async function readToolDefinitions(path: string): Promise<ToolDefinitions> {
  let text: string;
  try {
    const bytes = await readFile(path);
    if (bytes.length > maxToolBytes) {
      throw new CliError("failure", `${path} is larger than ${maxToolBytes} bytes`);
    }
    text = bytes.toString("utf8");
  } catch (error) {
    if (CliError.isInstance(error)) throw error;
    throw fileFailure(error, path, "read");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError("failure", `${path} is not JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
  const parsed = toolFileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
    throw new CliError(
      "failure",
      `${path} is not a list of tool definitions${where} (${issue?.message ?? "invalid"})`,
    );
  }
  return { path, tools: parsed.data, text: JSON.stringify(parsed.data) };
}
