import fc from "fast-check";

/**
 * Text a shared file could hold to take over a terminal: any characters, with the control
 * characters and the starts of escape sequences (OSC 52 to write the clipboard, OSC 0 to retitle
 * the window, CSI 2J to clear it, their one-byte C1 forms) drawn far more often than chance would.
 */
export const hostileText = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0xa0 }).map((code) => String.fromCharCode(code)),
    fc.constantFrom("\u001b]52;c;aGk=\u0007", "\u001b]0;owned\u001b\\", "\u001b[2J", "\u009b2J"),
    fc.string({ unit: "binary", maxLength: 3 }),
  ),
  maxLength: 24,
});

/** Every control character but newline: what must never reach a terminal from a file. */
export const controlOtherThanNewline = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** The escape sequences ctx draws itself: its colours, and its progress line's redraw. */
export const ownSequences = /\u001b\[(?:1|2|22|31|32|33|36|39)m|\r\u001b\[2K/g;
