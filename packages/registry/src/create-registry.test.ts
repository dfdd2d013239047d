import { defineFragment } from "@ctx/fragments";
import type { MessageItem } from "@ctx/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRegistry } from "./create-registry.js";
import { defineLegacyFragment } from "./legacy-fragment.js";
import { RegistryError } from "./registry-error.js";

const note = defineFragment({
  type: "note",
  role: "user",
  markers: { start: "<note>", end: "</note>" },
  examples: ["hello"],
  body: (text: string) => `\n${text}\n`,
});
const policy = defineFragment({
  type: "policy",
  role: "developer",
  markers: { start: "<policy>", end: "</policy>" },
  examples: ["read-only"],
  body: (text: string) => `\n${text}\n`,
});
const raw = defineFragment({
  type: "raw",
  role: "developer",
  markers: null,
  examples: ["be terse"],
  body: (text: string) => text,
});
const oldWrapper = defineLegacyFragment({
  type: "old_wrapper",
  role: "user",
  markers: { start: "<old>", end: "</old>" },
});
const oldPrefix = defineLegacyFragment({
  type: "old_prefix",
  role: "developer",
  markers: { start: "<old_budget>", end: "</old_budget>" },
});

const registry = createRegistry([policy, raw, note], { legacy: [oldWrapper, oldPrefix] });

function message(role: MessageItem["role"], ...texts: string[]): MessageItem {
  return { type: "message", role, content: texts.map((text) => ({ type: "input_text", text })) };
}

function thrown(action: () => unknown): RegistryError {
  try {
    action();
  } catch (error) {
    if (RegistryError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a RegistryError");
}

describe("createRegistry", () => {
  it("keeps the kinds in the order given, frozen", () => {
    expect(registry.kinds.map((kind) => kind.type)).toEqual(["policy", "raw", "note"]);
    expect(Object.isFrozen(registry)).toBe(true);
    expect(Object.isFrozen(registry.kinds)).toBe(true);
    expect(registry.get("note")).toBe(note);
    expect(registry.get("missing")).toBeUndefined();
  });

  it("lists the markers of its kinds", () => {
    expect(registry.markers).toEqual(["<policy>", "</policy>", "<note>", "</note>"]);
  });

  it("rejects a type registered twice, naming it", () => {
    const twin = defineFragment({
      type: "note",
      role: "user",
      markers: { start: "<n2>", end: "</n2>" },
      body: () => "",
    });
    const error = thrown(() => createRegistry([note, twin]));
    expect(error.types).toEqual(["note", "note"]);
    expect(error.code).toBe("conflicting-kinds");
    expect(error.message).toMatch(/"note" is registered twice/);
  });

  it("refuses a wrong argument with invalid-argument, naming it", () => {
    const error = thrown(() => Reflect.apply(createRegistry, undefined, [null]));
    expect(error.code).toBe("invalid-argument");
    expect(error.argument).toBe("kinds");
    expect(error.types).toEqual([]);
  });

  it("rejects a legacy recogniser that reuses a kind's type", () => {
    const clash = defineLegacyFragment({ type: "note", role: "user", matches: () => false });
    expect(thrown(() => createRegistry([note], { legacy: [clash] })).types).toEqual([
      "note",
      "note",
    ]);
  });

  it("rejects two kinds of one role whose markers recognise each other's output", () => {
    const wide = defineFragment({
      type: "wide",
      role: "user",
      markers: { start: "<note", end: "note>" },
      body: () => "",
    });
    const error = thrown(() => createRegistry([note, wide]));
    expect(error.types).toEqual(["note", "wide"]);
    expect(error.message).toMatch(/markers that recognise each other's output/);
  });

  it("accepts the same markers on kinds of different roles", () => {
    const developerNote = defineFragment({
      type: "developer_note",
      role: "developer",
      markers: { start: "<note>", end: "</note>" },
      body: () => "",
    });
    expect(() => createRegistry([note, developerNote])).not.toThrow();
  });

  it("rejects a kind whose example another kind's custom recogniser claims", () => {
    const greedy = defineFragment({
      type: "greedy",
      role: "user",
      markers: null,
      matches: (text) => text.includes("<note>"),
      body: () => "",
    });
    const error = thrown(() => createRegistry([note, greedy]));
    expect(error.types).toEqual(["note", "greedy"]);
  });

  it("rejects a kind whose custom recogniser misses its own example", () => {
    const blind = defineFragment({
      type: "blind",
      role: "user",
      markers: { start: "<blind>", end: "</blind>" },
      matches: () => false,
      examples: ["x"],
      body: () => "",
    });
    expect(thrown(() => createRegistry([blind])).message).toMatch(
      /does not recognise its own example/,
    );
  });

  it("rejects a kind whose example a legacy recogniser claims", () => {
    const claimant = defineLegacyFragment({
      type: "claimant",
      role: "user",
      matches: (text) => text.includes("hello"),
    });
    expect(thrown(() => createRegistry([note], { legacy: [claimant] })).types).toEqual([
      "note",
      "claimant",
    ]);
  });
});

describe("registry.classify", () => {
  it("names the kind of a text, for the role it was written in", () => {
    expect(registry.classify("user", "\n<NOTE>\nhi\n</note>")).toEqual({
      legacy: false,
      type: "note",
      kind: note,
    });
    expect(registry.classify("developer", "<note>\nhi\n</note>")).toBeUndefined();
    expect(registry.classify("system", "<note>\nhi\n</note>")).toBeUndefined();
  });

  it("tries only the kinds whose start marker begins like the text, plus unmarked custom ones", () => {
    const anywhere = defineFragment({
      type: "anywhere",
      role: "user",
      markers: null,
      matches: (text) => text.endsWith("!!"),
      body: () => "",
    });
    const mixed = createRegistry([note, anywhere]);
    expect(mixed.classify("user", "plain text!!")?.type).toBe("anywhere");
    expect(mixed.classify("user", "<note>\nx\n</note>")?.type).toBe("note");
    expect(mixed.classify("user", "   ")).toBeUndefined();
  });

  it("never recognises an unmarked kind", () => {
    expect(registry.classify("developer", "be terse")).toBeUndefined();
  });

  it("falls back to legacy recognisers", () => {
    expect(registry.classify("user", "<old>x</old>")).toEqual({
      legacy: true,
      type: "old_wrapper",
      recogniser: oldWrapper,
    });
  });

  it("leaves text alone unless it carries a registered kind's markers", () => {
    const text = fc.string({
      unit: fc.constantFrom("<", ">", "/", "n", "o", "t", "e", " ", "\n", "x", "O", "l", "d"),
    });
    fc.assert(
      fc.property(text, (value) => {
        const carriesNote =
          /^\s*<note>[\s\S]*<\/note>\s*$/i.test(value) && value.trim().length >= 13;
        const carriesOld = /^\s*<old>[\s\S]*<\/old>\s*$/i.test(value) && value.trim().length >= 11;
        expect(registry.classify("user", value) !== undefined).toBe(carriesNote || carriesOld);
      }),
    );
  });
});

describe("registry.isContextualUserMessage", () => {
  it("is true when any text item is injected context", () => {
    expect(registry.isContextualUserMessage(message("user", "plain", "<note>\nx\n</note>"))).toBe(
      true,
    );
    expect(
      registry.isContextualUserMessage(
        message("user", "plain", "<project_context>x</project_context>"),
      ),
    ).toBe(false);
  });

  it("is false for other roles and other items", () => {
    expect(registry.isContextualUserMessage(message("assistant", "<note>\nx\n</note>"))).toBe(
      false,
    );
    expect(
      registry.isContextualUserMessage({
        type: "function_call_output",
        call_id: "c",
        output: "<note>x</note>",
      }),
    ).toBe(false);
  });
});

describe("registry.isContextualDeveloperMessage", () => {
  it("recognises developer context by its start marker alone", () => {
    expect(registry.isContextualDeveloperMessage(message("developer", "  <POLICY>\ncut off"))).toBe(
      true,
    );
    expect(registry.isContextualDeveloperMessage(message("developer", "<old_budget>left: 5"))).toBe(
      true,
    );
    expect(registry.classify("developer", "<old_budget>left: 5")).toBeUndefined();
  });

  it("does not count unmarked developer text or user messages", () => {
    expect(registry.isContextualDeveloperMessage(message("developer", "be terse"))).toBe(false);
    expect(registry.isContextualDeveloperMessage(message("user", "<policy>\nx\n</policy>"))).toBe(
      false,
    );
  });
});
