import { check } from "./check-argument.js";

const entities: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/**
 * Escapes `& < > " '` as XML character entities, as the reference escapes element text.
 * @throws {TextError} when `text` is not a string.
 * @example
 * ```ts
 * escapeXml(`a<b & "c"`); // => "a&lt;b &amp; &quot;c&quot;"
 * ```
 */
export function escapeXml(text: string): string {
  check.string("text", text);
  return text.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

/**
 * Escapes only `& < >`, as the reference does inside realtime delegation and hook prompts.
 * @throws {TextError} when `text` is not a string.
 */
export function escapeXmlText(text: string): string {
  check.string("text", text);
  return text.replace(/[&<>]/g, (character) => entities[character] ?? character);
}

const characters: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(entities).map(([character, entity]) => [entity, character]),
);

/**
 * The inverse of {@link escapeXml} and {@link escapeXmlText}.
 * @throws {TextError} when `text` is not a string.
 */
export function unescapeXml(text: string): string {
  check.string("text", text);
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => characters[entity] ?? entity);
}
