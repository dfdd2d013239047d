const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The UTF-8 bytes of `text`, found with the language alone (no `TextEncoder` everywhere). */
function utf8Bytes(text: string): number[] {
  const escaped = encodeURIComponent(text);
  const bytes: number[] = [];
  for (let index = 0; index < escaped.length; index += 1) {
    if (escaped[index] === "%") {
      bytes.push(Number.parseInt(escaped.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(escaped.charCodeAt(index));
    }
  }
  return bytes;
}

/**
 * `text` as UTF-8 in unpadded base64url, as Node's `Buffer.toString("base64url")` writes it, in
 * any JavaScript runtime.
 */
export function encodeBase64Url(text: string): string {
  const bytes = utf8Bytes(text);
  let encoded = "";
  for (let index = 0; index < bytes.length; index += 3) {
    const group =
      ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    const characters = Math.min(4, Math.ceil(((bytes.length - index) * 8) / 6));
    for (let place = 0; place < characters; place += 1) {
      encoded += alphabet[(group >> (18 - place * 6)) & 63];
    }
  }
  return encoded;
}

/**
 * The text an unpadded base64url string holds as UTF-8, or `undefined` when it is not one
 * (a character outside the alphabet, a length no encoding has, bytes that are not UTF-8).
 */
export function decodeBase64Url(encoded: string): string | undefined {
  if (encoded.length % 4 === 1) return undefined;
  let escaped = "";
  for (let index = 0; index < encoded.length; index += 4) {
    const chunk = encoded.slice(index, index + 4);
    let group = 0;
    for (let place = 0; place < 4; place += 1) {
      const value = place < chunk.length ? alphabet.indexOf(chunk.charAt(place)) : 0;
      if (value === -1) return undefined;
      group = (group << 6) | value;
    }
    for (let byte = 0; byte < chunk.length - 1; byte += 1) {
      escaped += `%${((group >> (16 - byte * 8)) & 255).toString(16).padStart(2, "0")}`;
    }
  }
  try {
    return decodeURIComponent(escaped);
  } catch {
    return undefined;
  }
}
