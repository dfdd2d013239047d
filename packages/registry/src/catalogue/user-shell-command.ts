import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const userShellCommandSchema = lazySchema(() =>
  z.object({
    command: z.string(),
    exitCode: z
      .number()
      .int()
      .transform((code) => code + 0), // -0 renders as 0
    /**
     * How long the command ran, below 10^21 seconds (beyond, JavaScript writes numbers with an
     * exponent); kept rounded to the four decimals it renders with.
     */
    durationSeconds: z
      .number()
      .nonnegative()
      .lt(1e21)
      .transform((seconds) => Number(seconds.toFixed(4))),
    /** What the command printed, already cut to the model's truncation policy; untrusted. */
    output: z.string(),
  }),
);

/** The data of a {@link userShellCommand} fragment. */
export type UserShellCommandData = z.infer<typeof userShellCommandSchema>;

const pattern =
  /^\n<command>\n([\s\S]*?)\n<\/command>\n<result>\nExit code: (-?\d+)\nDuration: (\d+\.\d{4}) seconds\nOutput:\n([\s\S]*)\n<\/result>\n$/;

/**
 * A command the user ran themselves (user role), with its exit code, duration and output, so the
 * model knows what happened. Recorded when it ran; it does not change the turn's baseline.
 */
export const userShellCommand = defineFragment({
  type: "user_shell_command",
  role: "user",
  markers: standardMarkers.userShellCommand,
  guards: [...guardedMarkers, "</command>"],
  schema: userShellCommandSchema,
  description: "A shell command the user ran, with its result.",
  examples: [{ command: "git status", exitCode: 0, durationSeconds: 0.0412, output: "clean" }],
  body: ({ command, exitCode, durationSeconds, output }, { untrusted }) =>
    [
      "",
      "<command>",
      untrusted(command),
      "</command>",
      "<result>",
      `Exit code: ${exitCode}`,
      `Duration: ${durationSeconds.toFixed(4)} seconds`,
      "Output:",
      untrusted(output),
      "</result>",
      "",
    ].join("\n"),
  parse: (body, { restore }) => {
    const match = pattern.exec(body);
    if (match === null) return undefined;
    const [, command = "", exitCode = "", duration = "", output = ""] = match;
    return {
      command: restore(command),
      exitCode: Number(exitCode),
      durationSeconds: Number(duration),
      output: restore(output),
    };
  },
});
