import { trimWhiteSpace } from "@ctx/text";
import { check } from "./check-argument.js";

/**
 * The characters a guarded marker may start with, and the named character reference that stands
 * for each one once neutralised. None of them is a letter, a digit, `&` or `;`, so the reference
 * text can never begin a marker of its own.
 */
const entityNames: ReadonlyMap<string, string> = new Map([
  ["<", "lt"],
  ["#", "num"],
  ["[", "lsqb"],
  ["{", "lcub"],
  ["(", "lpar"],
  ["!", "excl"],
  ["@", "commat"],
  ["$", "dollar"],
  ["%", "percnt"],
  ["*", "ast"],
  ["=", "equals"],
  ["|", "verbar"],
  [":", "colon"],
  ["/", "sol"],
  ["\\", "bsol"],
  ["`", "grave"],
  ["?", "quest"],
  ['"', "quot"],
  ["'", "apos"],
  ["+", "plus"],
]);

const charactersByEntity: ReadonlyMap<string, string> = new Map(
  [...entityNames].map(([character, name]) => [name, character]),
);

/**
 * Keeps untrusted text (a repository's AGENTS.md, a command's output) from carrying marker
 * sequences: neutralised text never contains a guarded marker in any ASCII case, so it can
 * neither close the fragment it sits in early nor pass a forged block off as another fragment.
 *
 * The rule: a marker occurrence has its first character replaced by a character reference
 * (`</INSTRUCTIONS>` becomes `&lt;/INSTRUCTIONS>`); text that already looks like a neutralised
 * occurrence gains one more `amp;` (`&lt;/INSTRUCTIONS>` becomes `&amp;lt;/INSTRUCTIONS>`), so
 * `restore` undoes `neutralize` exactly. Text without such sequences is left untouched.
 */
export interface MarkerGuard {
  /** The guarded markers, trimmed of white space, in the order given. */
  readonly markers: readonly string[];
  /** `text` with every guarded marker occurrence neutralised. */
  neutralize(text: string): string;
  /** The inverse of `neutralize`: `restore(neutralize(text)) === text` for every string. */
  restore(text: string): string;
}

/** A guard, or why the markers cannot be guarded. */
type Guarding = { guard: MarkerGuard; problem?: never } | { guard?: never; problem: string };

/** The answers for frozen lists, which cannot change: a registry's kinds share one list. */
const guardingOfFrozenList = new WeakMap<readonly string[], Guarding>();

/**
 * Builds a {@link MarkerGuard} for `markers`, or explains why they cannot be guarded. A frozen
 * list is looked at once: every later call with the same list returns the same answer.
 *
 * Markers are trimmed; empty ones are ignored. For the rule to be exact, each marker must start
 * with one of `< # [ { ( ! @ $ % * = | : / \ ` ? " ' +`, contain no `&`, and no marker may contain
 * the first character of any marker after its own first position.
 * @throws {FragmentError} when `markers` is not an array of strings, and when the guard's
 * `neutralize` or `restore` is given something other than a string.
 */
export function createMarkerGuard(markers: readonly string[]): Guarding {
  check.condition(
    "markers",
    markers,
    Array.isArray(markers) && markers.every((marker) => typeof marker === "string"),
    "an array of strings",
  );
  if (!Object.isFrozen(markers)) return guardingOf(markers);
  const known = guardingOfFrozenList.get(markers);
  if (known !== undefined) return known;
  const guarding = guardingOf(markers);
  guardingOfFrozenList.set(markers, guarding);
  return guarding;
}

function guardingOf(markers: readonly string[]): Guarding {
  const guarded = [...new Set(markers.map(trimWhiteSpace).filter((marker) => marker !== ""))];
  const problem = findProblem(guarded);
  if (problem !== undefined) return { problem };
  if (guarded.length === 0) {
    const identity = (text: string) => {
      check.string("text", text);
      return text;
    };
    return { guard: { markers: guarded, neutralize: identity, restore: identity } };
  }
  // Built on first use: a registry defines dozens of kinds that guard the same long marker list,
  // and most of them never render untrusted text in a given process.
  let pattern: RegExp | undefined;
  const occurrences = (): RegExp =>
    (pattern ??= new RegExp(guarded.map(occurrencePattern).join("|"), "g"));
  return {
    guard: {
      markers: guarded,
      neutralize: (text) => {
        check.string("text", text);
        return text.replace(occurrences(), (occurrence) =>
          occurrence.startsWith("&")
            ? `&amp;${occurrence.slice(1)}`
            : `&${entityNames.get(occurrence.charAt(0))};${occurrence.slice(1)}`,
        );
      },
      restore: (text) => {
        check.string("text", text);
        return text.replace(occurrences(), (occurrence) => {
          if (occurrence.startsWith("&amp;")) return `&${occurrence.slice(5)}`;
          if (!occurrence.startsWith("&")) return occurrence;
          const separator = occurrence.indexOf(";");
          const character = charactersByEntity.get(occurrence.slice(1, separator)) ?? "";
          return `${character}${occurrence.slice(separator + 1)}`;
        });
      },
    },
  };
}

function findProblem(markers: readonly string[]): string | undefined {
  const firsts = new Set(markers.map((marker) => marker.charAt(0)));
  // With the `u` flag a lone surrogate matches only where it stands alone, as when the string is
  // walked code point by code point.
  const firstCharacters = new RegExp(`[${[...firsts].map(escapeClassCharacter).join("")}]`, "u");
  for (const marker of markers) {
    if (!entityNames.has(marker.charAt(0)))
      return `marker ${JSON.stringify(marker)} must start with one of ${[...entityNames.keys()].join(" ")}`;
    if (marker.includes("&")) return `marker ${JSON.stringify(marker)} must not contain "&"`;
    // One native search for the earliest of them: a marker holds no other marker's start.
    const found = firstCharacters.exec(marker.slice(1));
    if (found !== null)
      return `marker ${JSON.stringify(marker)} contains "${found[0]}", which starts a guarded marker`;
  }
  return undefined;
}

/** A marker at any neutralisation level: `<rest`, `&lt;rest`, `&amp;lt;rest`, … */
function occurrencePattern(marker: string): string {
  const first = marker.charAt(0);
  const rest = [...marker.slice(1)].map(caseInsensitiveCharacter).join("");
  return `(?:${escapeRegExp(first)}|&(?:amp;)*${entityNames.get(first)};)${rest}`;
}

/** Only ASCII letters fold, as in the match rule. */
function caseInsensitiveCharacter(character: string): string {
  if (!/^[A-Za-z]$/.test(character)) return escapeRegExp(character);
  return `[${character.toLowerCase()}${character.toUpperCase()}]`;
}

function escapeClassCharacter(character: string): string {
  return /^[\\\]^-]$/.test(character) ? `\\${character}` : character;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}
