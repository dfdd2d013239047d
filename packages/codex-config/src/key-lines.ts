/** A key path as one map key, its parts joined by NUL, which no real key holds. */
export function pathKey(path: readonly string[]): string {
  return path.join("\u0000");
}

/**
 * The line of every key and table header of a TOML text, by path ({@link pathKey}): the line of
 * `[sandbox_workspace_write]` for its path, of `network_access` under it for the two-part path,
 * of `trust_level` under `[projects."/repo"]` for `projects`, `/repo`, `trust_level`. Lines inside
 * multi-line strings are passed over. The text is assumed to be valid TOML (it is parsed before).
 */
export function keyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let table: string[] = [];
  let openString: '"""' | "'''" | undefined;
  const rows = text.split("\n");
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index] ?? "";
    if (openString !== undefined) {
      if (countOf(row, openString) % 2 === 1) openString = undefined;
      continue;
    }
    const header = /^\s*\[\[?([^\]]+)\]\]?\s*(?:#.*)?$/.exec(row);
    if (header !== null) {
      table = splitKey(header[1] ?? "");
      remember(lines, table, index + 1);
      continue;
    }
    const assignment = keyAssignment(row);
    if (assignment !== undefined) {
      remember(lines, [...table, ...assignment.key], index + 1);
      for (const quote of ['"""', "'''"] as const) {
        if (countOf(assignment.rest, quote) % 2 === 1) openString = quote;
      }
    }
  }
  return lines;
}

/**
 * The line of `path` in `lines`, or of its nearest ancestor that has one (a key of an inline
 * table), else the first line of a key inside it (a table only its sub-tables' headers name).
 */
export function lineOf(lines: ReadonlyMap<string, number>, path: readonly string[]): number {
  for (let length = path.length; length > 0; length -= 1) {
    const line = lines.get(pathKey(path.slice(0, length)));
    if (line !== undefined) return line;
  }
  const prefix = `${pathKey(path)}\u0000`;
  let first: number | undefined;
  for (const [key, line] of lines) {
    if (key.startsWith(prefix) && (first === undefined || line < first)) first = line;
  }
  return first ?? 1;
}

const bareKey = /^[A-Za-z0-9_-]+/;

/** The dotted key at the start of `row` before `=`, and what follows the `=`. */
function keyAssignment(row: string): { key: string[]; rest: string } | undefined {
  const key: string[] = [];
  let rest = row.trimStart();
  for (;;) {
    const part = leadingKeyPart(rest);
    if (part === undefined) return undefined;
    key.push(part.name);
    rest = rest.slice(part.length).trimStart();
    if (rest.startsWith(".")) {
      rest = rest.slice(1).trimStart();
      continue;
    }
    return rest.startsWith("=") ? { key, rest: rest.slice(1) } : undefined;
  }
}

function leadingKeyPart(text: string): { name: string; length: number } | undefined {
  const bare = bareKey.exec(text);
  if (bare !== null) return { name: bare[0], length: bare[0].length };
  const quoted = /^"((?:[^"\\]|\\.)*)"|^'([^']*)'/.exec(text);
  if (quoted === null) return undefined;
  const name = quoted[2] ?? unescapeBasic(quoted[1] ?? "");
  return { name, length: quoted[0].length };
}

function splitKey(text: string): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest !== "") {
    const part = leadingKeyPart(rest);
    if (part === undefined) return parts;
    parts.push(part.name);
    rest = rest.slice(part.length).trimStart();
    if (rest.startsWith(".")) rest = rest.slice(1).trimStart();
  }
  return parts;
}

function unescapeBasic(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

function remember(lines: Map<string, number>, path: readonly string[], line: number): void {
  const key = pathKey(path);
  if (!lines.has(key)) lines.set(key, line);
}

function countOf(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
