import { describe, expect, it } from "vitest";
import { defineFragment } from "./define-fragment.js";
import { checkFragmentSize } from "./fragment-size.js";

const note = defineFragment({
  type: "note",
  role: "developer",
  markers: { start: "<note>", end: "</note>" },
  maxBytes: 20,
  body: (text: string) => text,
});

describe("checkFragmentSize", () => {
  it("reports a render over the kind's limit, counting UTF-8 bytes", () => {
    expect(checkFragmentSize(note.create("é"))).toBeUndefined();
    const warning = checkFragmentSize(note.create("ééééé"));
    expect(warning).toEqual({
      code: "fragment-over-size",
      message: 'the "note" fragment renders 23 bytes, over its 20-byte limit',
      type: "note",
      bytes: 23,
      maxBytes: 20,
    });
  });

  it("says nothing for a kind without a limit", () => {
    const free = defineFragment({
      type: "free",
      role: "user",
      markers: null,
      body: (t: string) => t,
    });
    expect(checkFragmentSize(free.create("x".repeat(100_000)))).toBeUndefined();
  });
});
