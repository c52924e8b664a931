const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * The byte ranges of the elements of a JSON array, found without parsing it: a snapshot's
 * posts.json is tens of megabytes, and a cron build needs to parse only the posts whose bytes
 * changed (each element's bytes are fingerprinted as they are). Undefined when the text is not a
 * well-formed array of objects or arrays at this level; the caller then parses it whole, for the
 * JSON parser's own error message. Works on UTF-8 bytes: every byte it looks for is ASCII, and no
 * byte of a multi-byte character is ASCII.
 */
export function splitJsonArray(bytes: Uint8Array): [number, number][] | undefined {
  let index = skipSpace(bytes, 0);
  if (bytes[index] !== 0x5b) return undefined;
  index = skipSpace(bytes, index + 1);
  const ranges: [number, number][] = [];
  if (bytes[index] === 0x5d) return skipSpace(bytes, index + 1) === bytes.length ? ranges : undefined;
  for (;;) {
    if (bytes[index] !== OPEN_BRACE && bytes[index] !== OPEN_BRACKET) return undefined;
    const end = matchingEnd(bytes, index);
    if (end === undefined) return undefined;
    ranges.push([index, end]);
    index = skipSpace(bytes, end);
    if (bytes[index] === COMMA) {
      index = skipSpace(bytes, index + 1);
      continue;
    }
    if (bytes[index] !== 0x5d) return undefined;
    return skipSpace(bytes, index + 1) === bytes.length ? ranges : undefined;
  }
}

/** The index after the object or array opening at `start`, strings and escapes respected. */
function matchingEnd(bytes: Uint8Array, start: number): number | undefined {
  let depth = 0;
  for (let index = start; index < bytes.length; index += 1) {
    const byte = bytes[index] as number;
    if (byte === QUOTE) {
      const end = stringEnd(bytes, index + 1);
      if (end < 0) return undefined;
      index = end;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return undefined;
}

/**
 * The index of the quote closing a string whose text starts at `from` (-1: none). Strings are most
 * of a snapshot's bytes (post bodies): the next quote is found by the engine's own search, not byte
 * by byte, and it closes the string unless an odd number of backslashes escapes it.
 */
function stringEnd(bytes: Uint8Array, from: number): number {
  for (let quote = bytes.indexOf(QUOTE, from); quote >= 0; quote = bytes.indexOf(QUOTE, quote + 1)) {
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && bytes[quote - backslashes - 1] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

function skipSpace(bytes: Uint8Array, index: number): number {
  let at = index;
  while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x0a || bytes[at] === 0x0d || bytes[at] === 0x09)) at += 1;
  return at;
}
