/** Every C0 control, DEL and every C1 control. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is what this file is for.
const controls = /[\u0000-\u001f\u007f-\u009f]/g;
/** The same, but for newline and tab. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is what this file is for.
const controlsInLines = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const named: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** The escape a control character is shown as: `\n`, `\r`, `\t`, else `\u001b` and the like. */
export function escapeControl(character: string): string {
  return named[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * `text` made safe to show on a terminal: every control character (C0, DEL, C1: escape, bell,
 * the one-byte CSI and OSC, …) is written as its escape, so a file's text cannot move the cursor,
 * clear the screen, retitle the window or set the clipboard. Newlines and tabs stay when `lines`
 * is `"keep"` (a body of several lines); otherwise the text stays on one line. The escapes are
 * JSON's, so inside a JSON string the value is unchanged.
 */
export function visibleText(text: string, lines: "keep" | "escape" = "escape"): string {
  return text.replace(lines === "keep" ? controlsInLines : controls, escapeControl);
}
