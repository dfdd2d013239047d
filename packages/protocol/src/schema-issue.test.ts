import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ProtocolError } from "./protocol-error.js";
import { describeSchemaIssues, issuesInArgument, toSchemaIssues } from "./schema-issue.js";

function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error("expected a failure");
  return toSchemaIssues(result.error, value);
}

describe("toSchemaIssues", () => {
  it("writes paths the way a reader would index the value", () => {
    const schema = z.object({
      content: z.array(z.object({ text: z.string() })),
      "odd key": z.number(),
    });
    const issues = issuesOf(schema, { content: [{ text: 1 }], "odd key": "x" });
    expect(issues.map((issue) => issue.path)).toEqual(["content[0].text", '["odd key"]']);
    expect(issues[0]?.message).toBe("expected string, received number");
  });

  it("reports each unknown field at its own path", () => {
    const schema = z.strictObject({ inner: z.strictObject({ name: z.string() }) });
    expect(issuesOf(schema, { inner: { name: "a", nmae: "b", extra: 1 }, top: 2 })).toEqual([
      { path: "inner.nmae", message: "unknown field" },
      { path: "inner.extra", message: "unknown field" },
      { path: "top", message: "unknown field" },
    ]);
  });

  it("tells an absent field from one of the wrong type", () => {
    const schema = z.object({ name: z.string(), size: z.number() });
    expect(issuesOf(schema, { size: undefined })).toEqual([
      { path: "name", message: "missing (expected string)" },
      { path: "size", message: "expected number, received undefined" },
    ]);
  });

  it("says which alternatives of a union failed, and why", () => {
    const schema = z.object({
      data: z.union([
        z.strictObject({ text: z.string() }),
        z.strictObject({ withdrawn: z.literal(true) }),
      ]),
    });
    const [issue] = issuesOf(schema, { data: { text: 1 } });
    expect(issue).toEqual({
      path: "data",
      message:
        "fits none of the 2 alternatives: (1) text: expected string, received number; (2) withdrawn: missing (expected true), text: unknown field",
    });
  });

  it("names the values a discriminated union accepts", () => {
    const schema = z.discriminatedUnion("mode", [
      z.object({ mode: z.literal("a") }),
      z.object({ mode: z.literal("b") }),
    ]);
    expect(issuesOf(schema, { mode: "c" })).toEqual([
      { path: "mode", message: 'expected one of "a", "b"' },
    ]);
  });

  it("refuses what is not a zod error", () => {
    expect(() => toSchemaIssues(null as never)).toThrow(ProtocolError);
    expect(() => toSchemaIssues(null as never)).toThrow("error: expected a zod error");
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

  it("refuses what is not a list of issues", () => {
    expect(() => describeSchemaIssues([{ path: 1 }] as never)).toThrow(ProtocolError);
  });
});

describe("issuesInArgument", () => {
  it("leads every path with the argument's name, as a reader would index it", () => {
    expect(
      issuesInArgument("options", [
        { path: "", message: "expected object, received number" },
        { path: "limit", message: "too big" },
        { path: "[0].text", message: "expected string" },
      ]),
    ).toEqual([
      { path: "options", message: "expected object, received number" },
      { path: "options.limit", message: "too big" },
      { path: "options[0].text", message: "expected string" },
    ]);
  });

  it("keeps every message and the order of the issues", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.record({ path: fc.string(), message: fc.string() })),
        (argument, issues) => {
          const located = issuesInArgument(argument, issues);
          expect(located.map((issue) => issue.message)).toEqual(
            issues.map((issue) => issue.message),
          );
          for (const issue of located) expect(issue.path.startsWith(argument)).toBe(true);
        },
      ),
    );
  });

  it("is a ProtocolError to give it a name that is not a string or issues that are not issues", () => {
    expect(() => issuesInArgument(1 as never, [])).toThrow(ProtocolError);
    expect(() => issuesInArgument("options", [{ path: 1 }] as never)).toThrow(ProtocolError);
  });
});
