import { describe, expect, it } from "vitest";
import { cliWarnings } from "./cli-warnings.js";

describe("cliWarnings", () => {
  it("says where the known models are instead of naming createSession's option", () => {
    const library = {
      code: "unknown-model",
      message: "pass the contextWindow option of createSession",
    };
    const other = { code: "agents-md-truncated", message: "AGENTS.md was cut" };
    expect(cliWarnings([library, other], "gpt-9")).toEqual([
      {
        code: "unknown-model",
        message:
          'the model "gpt-9" is not one ctx knows, so the catalog\'s fallback instructions are shown for it (ctx context --help lists the models it knows)',
      },
      other,
    ]);
  });
});
