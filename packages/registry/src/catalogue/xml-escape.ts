const entities: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Escapes `& < > " '` as XML character entities, as the reference escapes element text. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

/** Escapes only `& < >`, as the reference does inside realtime delegation and hook prompts. */
export function escapeXmlText(text: string): string {
  return text.replace(/[&<>]/g, (character) => entities[character] ?? character);
}

const characters: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(entities).map(([character, entity]) => [entity, character]),
);

/** The inverse of {@link escapeXml} and {@link escapeXmlText}. */
export function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => characters[entity] ?? entity);
}
