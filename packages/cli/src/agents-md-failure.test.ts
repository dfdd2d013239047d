import { AgentsMdError } from "@ctx/agents-md";
import { describe, expect, it } from "vitest";
import { agentsMdFailure } from "./agents-md-failure.js";
import { CliError } from "./cli-error.js";

function thrown(error: unknown): unknown {
  try {
    agentsMdFailure(error);
  } catch (caught) {
    return caught;
  }
  return undefined;
}

describe("agentsMdFailure", () => {
  it.each([
    ["cwd-not-found", "the folder /w does not exist"],
    ["cwd-not-a-directory", "/w is a file, not a folder"],
  ] as const)("says %s in the command's words, naming no environment", (code, message) => {
    const error = thrown(
      new AgentsMdError(code, "library words", { path: "/w", environment: "local" }),
    );
    expect(CliError.isInstance(error)).toBe(true);
    expect((error as CliError).message).toBe(message);
  });

  it("rethrows any other error as it is", () => {
    const error = new TypeError("a bug");
    expect(thrown(error)).toBe(error);
  });
});
