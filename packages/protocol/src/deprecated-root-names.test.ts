import { describe, expect, it } from "vitest";
import * as root from "./index.js";
import * as internal from "./internal/index.js";
import * as mapping from "./mapping/index.js";

// The names that moved keep working from the root for one minor version: the same functions.
describe("the root's deprecated names", () => {
  it("are the functions of @ctx/protocol/mapping", () => {
    expect(root.createItemMapper).toBe(mapping.createItemMapper);
    expect(root.createMessageMapper).toBe(mapping.createMessageMapper);
    expect(root.declareExtension).toBe(mapping.declareExtension);
    expect(root.sharedInputRequest).toBe(mapping.sharedInputRequest);
  });

  it("are the functions of @ctx/protocol/internal", () => {
    expect(root.deepFreeze).toBe(internal.deepFreeze);
    expect(root.isDeepFrozen).toBe(internal.isDeepFrozen);
    expect(root.parseWithSchema).toBe(internal.parseWithSchema);
    expect(root.createSchemaChecker).toBe(internal.createSchemaChecker);
    expect(root.describeSchemaIssues).toBe(internal.describeSchemaIssues);
    expect(root.issuesInArgument).toBe(internal.issuesInArgument);
    expect(root.toSchemaIssues).toBe(internal.toSchemaIssues);
  });
});
