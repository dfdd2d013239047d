import { CtxError } from "@ctx/text";
import { describe, expect, it } from "vitest";
import { CliError, type CliErrorCode } from "./cli-error.js";

describe("CliError", () => {
  it.each([
    ["usage", 2],
    ["failure", 1],
  ] as const satisfies readonly (readonly [CliErrorCode, number])[])(
    "exits with the code its %s code picks",
    (code, exitCode) => {
      const cause = new Error("no such file");
      const error = new CliError(code, "cannot read rollout.jsonl", { cause });
      expect(error.code).toBe(code);
      expect(error.exitCode).toBe(exitCode);
      expect(error.cause).toBe(cause);
      expect(CtxError.isInstance(error)).toBe(true);
    },
  );
});
