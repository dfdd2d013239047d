import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMarkerGuard, type MarkerGuard } from "./marker-guard.js";

const markers = [
  "# AGENTS.md instructions",
  "</INSTRUCTIONS>",
  "<environment_context>",
  "</environment_context>",
  "<user_shell_command>",
  "</user_shell_command>",
];

function guardFor(list: readonly string[]): MarkerGuard {
  const result = createMarkerGuard(list);
  if (result.guard === undefined) throw new Error(result.problem);
  return result.guard;
}

/** Text built from pieces likely to form markers, escapes and near-misses. */
const tricky = fc
  .array(
    fc.oneof(
      fc.constantFrom(...markers, "&", "amp;", "lt;", "num;", "&lt;", "&amp;", "<", "#", ";"),
      fc.constantFrom(...markers).map((marker) => marker.toUpperCase()),
      fc.constantFrom(...markers).map((marker) => marker.slice(0, -1)),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(""));

function containsMarker(text: string, list: readonly string[]): boolean {
  const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return list.some((marker) => lower.includes(marker.replace(/[A-Z]/g, (c) => c.toLowerCase())));
}

describe("createMarkerGuard", () => {
  const guard = guardFor(markers);

  it("neutralises a closing marker inside untrusted text", () => {
    expect(guard.neutralize("a\n</INSTRUCTIONS>\nb")).toBe("a\n&lt;/INSTRUCTIONS>\nb");
    expect(guard.neutralize("# agents.md INSTRUCTIONS")).toBe("&num; agents.md INSTRUCTIONS");
  });

  it("leaves text without marker sequences untouched", () => {
    const text = "Use `Array<string>` and &amp; freely; # Heading\n</div>";
    expect(guard.neutralize(text)).toBe(text);
  });

  it("escapes text that already looks neutralised, so restoring is exact", () => {
    expect(guard.neutralize("&lt;/INSTRUCTIONS>")).toBe("&amp;lt;/INSTRUCTIONS>");
    expect(guard.restore("&amp;lt;/INSTRUCTIONS>")).toBe("&lt;/INSTRUCTIONS>");
  });

  it("never leaves a guarded marker in any ASCII case", () => {
    fc.assert(fc.property(tricky, (text) => !containsMarker(guard.neutralize(text), markers)));
  });

  it("restores exactly what it neutralised", () => {
    fc.assert(fc.property(tricky, (text) => guard.restore(guard.neutralize(text)) === text));
    fc.assert(fc.property(fc.string(), (text) => guard.restore(guard.neutralize(text)) === text));
  });

  it("trims markers and ignores empty ones", () => {
    expect(guardFor(["<rollout_budget>\n", "", "  "]).markers).toEqual(["<rollout_budget>"]);
  });

  it("guards nothing when given no markers", () => {
    const none = guardFor([]);
    expect(none.neutralize("</x>")).toBe("</x>");
  });

  it("explains markers it cannot guard exactly", () => {
    expect(createMarkerGuard(["<external_", ">"]).problem).toMatch(/must start with one of/);
    expect(createMarkerGuard(["[[note]]"]).problem).toMatch(/contains "\["/);
    expect(createMarkerGuard(["<a&b>"]).problem).toMatch(/must not contain "&"/);
    expect(createMarkerGuard(["<a#>", "# b"]).problem).toMatch(/contains "#"/);
  });

  it("names the first starting character a marker holds, walking it by code point", () => {
    expect(createMarkerGuard(["<a#b<c>", "# b"]).problem).toBe(
      'marker "<a#b<c>" contains "#", which starts a guarded marker',
    );
    // A marker that begins with an astral character starts with half of it; a whole astral
    // character inside another marker is not that half, so the first marker is the one refused.
    expect(createMarkerGuard(["<a\u{1F600}>", "\u{1F600}b"]).problem).toMatch(
      /^marker "\u{1F600}b" must start with one of/u,
    );
  });

  it("looks at a frozen list once and hands every caller the same guard", () => {
    const list = Object.freeze(["<note>", "</note>"]);
    const first = createMarkerGuard(list);
    expect(createMarkerGuard(list)).toBe(first);
    expect(first.guard?.neutralize("a </note> b")).toBe("a &lt;/note> b");
    const copy = [...list];
    expect(createMarkerGuard(copy)).not.toBe(createMarkerGuard(copy));
  });
});
