import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeSchemaIssues, toSchemaIssues } from "./schema-issue.js";

describe("toSchemaIssues", () => {
  it("writes paths the way a reader would index the value", () => {
    const schema = z.object({
      content: z.array(z.object({ text: z.string() })),
      "odd key": z.number(),
    });
    const result = schema.safeParse({ content: [{ text: 1 }], "odd key": "x" });
    if (result.success) throw new Error("expected a failure");
    const issues = toSchemaIssues(result.error);
    expect(issues.map((issue) => issue.path)).toEqual(["content[0].text", '["odd key"]']);
  });
});

describe("describeSchemaIssues", () => {
  it("joins issues and leaves the path out for the value itself", () => {
    expect(
      describeSchemaIssues([
        { path: "", message: "expected object" },
        { path: "role", message: "unknown role" },
      ]),
    ).toBe("expected object; role: unknown role");
  });
});
