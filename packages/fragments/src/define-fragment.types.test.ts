import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  type BuildParams,
  defineFragment,
  defineSection,
  type Fragment,
  type FragmentKind,
  type Section,
  type SectionReference,
} from "./index.js";

// These tests are about the types an extension author meets: `pnpm typecheck` compiles this file
// (tsconfig.test.json), and every `@ts-expect-error` below fails that compile if the wrong
// definition it marks ever type-checks. The runtime assertions only keep each call honest. Every
// name comes from the package's entry, as an extension author imports it.

const markers = { start: "<review_note>", end: "</review_note>" } as const;

const branch = defineSection({
  id: "branch",
  scope: "world",
  state: z.object({ name: z.string() }),
  snapshot: z.object({ name: z.string() }),
  snapshotOf: (state) => ({ name: state.name }),
});

describe("defineFragment's types", () => {
  it("infers the data type from the schema and body, and types create and parse by it", () => {
    const note = defineFragment({
      type: "review_note",
      role: "developer",
      markers,
      schema: z.object({ text: z.string() }),
      body: (data: { text: string }) => `\n${data.text}\n`,
      parse: (body) => ({ text: body.trim() }),
    });
    expectTypeOf(note).toEqualTypeOf<FragmentKind<{ text: string }>>();
    expectTypeOf(note.create).parameter(0).toEqualTypeOf<{ text: string }>();
    expectTypeOf(note.create({ text: "x" })).toEqualTypeOf<Fragment<{ text: string }>>();
    expectTypeOf(note.parse).returns.toEqualTypeOf<{ text: string } | undefined>();
    // @ts-expect-error: create takes the data the body renders, not another shape
    expect(() => note.create({ body: "x" })).toThrow(/invalid data/);
  });

  it("takes the data type from a schema and rejects a body of another type", () => {
    const count = defineFragment({
      type: "count",
      role: "user",
      markers: { start: "<count>", end: "</count>" },
      schema: z.number(),
      body: (value) => String(value),
    });
    expectTypeOf(count).toEqualTypeOf<FragmentKind<number>>();
    const wrongBody = () =>
      defineFragment({
        type: "count",
        role: "user",
        markers: { start: "<count>", end: "</count>" },
        // @ts-expect-error: the schema must check what the body reads
        schema: z.number(),
        body: (value: { text: string }) => value.text,
      });
    expect(wrongBody).not.toThrow();
  });

  it("refuses a role, markers or examples of the wrong type at compile time", () => {
    const wrongRole = () =>
      defineFragment({
        type: "a",
        // @ts-expect-error: "system" is never a fragment's role
        role: "system",
        markers,
        body: () => "",
      });
    expect(wrongRole).toThrow(/definition\.role/);
    const noMarkers = () =>
      // @ts-expect-error: markers are required; an unmarked kind says null
      defineFragment({ type: "a", role: "user", body: () => "" });
    expect(noMarkers).toThrow(/definition\.markers/);
    const wrongExample = () =>
      defineFragment({
        type: "a",
        role: "user",
        markers,
        body: (data: { text: string }) => data.text,
        // @ts-expect-error: examples are the kind's data, and do not widen it
        examples: [{ text: 1 }],
      });
    expect(wrongExample).not.toThrow();
  });

  it("infers an unmarked kind's data from its body, and keeps kinds of different data apart", () => {
    const notice = defineFragment({
      type: "notice",
      role: "developer",
      markers: null,
      body: (notice: { lines: readonly string[] }) => notice.lines.join("\n"),
    });
    expectTypeOf(notice).toEqualTypeOf<FragmentKind<{ lines: readonly string[] }>>();
    expectTypeOf(notice.create({ lines: ["a"] }).data).toEqualTypeOf<{
      lines: readonly string[];
    }>();
    // @ts-expect-error: a kind of one data type is not a kind of another
    const asNumber: FragmentKind<number> = notice;
    expect(asNumber.type).toBe("notice");
  });

  it("refuses helpers, a parse result and a size limit of the wrong type", () => {
    const wrongHelper = () =>
      defineFragment({
        type: "a",
        role: "user",
        markers,
        // @ts-expect-error: a body gets `untrusted` only; `restore` belongs to parse
        body: (data: string, { restore }) => restore(data),
      });
    expect(wrongHelper).not.toThrow();
    const wrongParse = () =>
      defineFragment({
        type: "a",
        role: "user",
        markers,
        body: (data: { text: string }) => data.text,
        // @ts-expect-error: parse gives back the kind's data (or undefined), not the body text
        parse: (body: string) => body,
      });
    expect(wrongParse).not.toThrow();
    const wrongSize = () =>
      defineFragment({
        type: "a",
        role: "user",
        markers,
        body: (data: string) => data,
        // @ts-expect-error: maxBytes is a number of bytes
        maxBytes: "40kb",
      });
    expect(wrongSize).toThrow(/maxBytes/);
  });

  it("types build by its section's state and snapshot", () => {
    const branchNote = defineFragment({
      type: "branch_note",
      role: "developer",
      markers: { start: "<branch>", end: "</branch>" },
      body: (name: string) => name,
      section: branch,
      build: (state, reference, params) => {
        expectTypeOf(state).toEqualTypeOf<{ name: string }>();
        expectTypeOf(reference).toEqualTypeOf<SectionReference<{ name: string }>>();
        expectTypeOf(params).toEqualTypeOf<BuildParams>();
        return reference.status === "known" && reference.snapshot.name === state.name
          ? undefined
          : state.name;
      },
    });
    expectTypeOf(branchNote).toEqualTypeOf<FragmentKind<string>>();
    const wrongBuild = () =>
      defineFragment({
        type: "branch_note",
        role: "developer",
        markers: { start: "<branch>", end: "</branch>" },
        body: (name: string) => name,
        section: branch,
        // @ts-expect-error: build returns the kind's data (a string here) or undefined
        build: (state) => ({ name: state.name }),
      });
    expect(wrongBuild).not.toThrow();
    const wrongState = () =>
      defineFragment({
        type: "branch_note",
        role: "developer",
        markers: { start: "<branch>", end: "</branch>" },
        body: (name: string) => name,
        // @ts-expect-error: build must read the section's state (an object with a name), not a string
        section: branch,
        build: (state: string) => state,
      });
    expect(wrongState).not.toThrow();
  });
});

describe("defineSection's types", () => {
  it("infers the state and snapshot types from the schemas", () => {
    expectTypeOf(branch).toEqualTypeOf<Section<{ name: string }, { name: string }>>();
    const plain = defineSection({ id: "plain", scope: "initial", state: z.string() });
    expectTypeOf(plain).toEqualTypeOf<Section<string, never>>();
    expectTypeOf<Section<string, never>["snapshotOf"]>().toEqualTypeOf<
      ((state: string) => undefined) | undefined
    >();
  });

  it("refuses a snapshot that is not JSON, a snapshotOf of another type and a wrong scope", () => {
    const dateSnapshot = () =>
      defineSection({
        id: "clock",
        scope: "world",
        state: z.date(),
        // @ts-expect-error: a snapshot is persisted, so its schema must check JSON, never a Date
        snapshot: z.date(),
        snapshotOf: (state: Date) => state.toISOString(),
      });
    expect(dateSnapshot).not.toThrow();
    const wrongSnapshotOf = () =>
      defineSection({
        id: "branch",
        scope: "world",
        state: z.object({ name: z.string() }),
        snapshot: z.object({ name: z.string() }),
        // @ts-expect-error: snapshotOf returns the snapshot's type
        snapshotOf: (state) => state.name,
      });
    expect(wrongSnapshotOf).not.toThrow();
    const wrongScope = () =>
      defineSection({
        id: "branch",
        // @ts-expect-error: the scope is one of world, settings and initial
        scope: "turn",
        state: z.string(),
      });
    expect(wrongScope).toThrow(/definition\.scope/);
    const plainState = () =>
      defineSection({
        id: "branch",
        scope: "world",
        // @ts-expect-error: the state is a zod schema, not a sample value
        state: { name: "main" },
      });
    expect(plainState).toThrow(/definition\.state/);
  });
});
