import { hash } from 'node:crypto';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/** An element of a JSON array as the scan met it. */
export interface ScannedElement {
  /** Fingerprint of its bytes (SHA-1, base64url). */
  hash: string;
  /** Its first bytes, read as Latin-1 (enough to find a leading `"id": 42`). */
  head: string;
  /** Its bytes, when `keep` asked for them (a view of the chunk's bytes when it lies in one chunk). */
  bytes?: Buffer;
}

/** Where the scan is between two elements. */
const enum Phase {
  /** Before the opening bracket. */
  Start,
  /** After it: an element or the closing bracket. */
  First,
  /** Inside an element. */
  Element,
  /** After an element: a comma or the closing bracket. */
  After,
  /** After a comma: an element. */
  Next,
  /** After the closing bracket: only white space. */
  End,
}

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const HEAD_BYTES = 64;

/**
 * The elements of a JSON array of objects (or arrays), found without parsing it, as `read` puts its
 * bytes into the buffer it is given (as many as it has, at most the buffer's length; 0 at the end):
 * a snapshot's posts.json is tens of megabytes, and a cron build parses only the posts whose bytes
 * changed. Each element is fingerprinted on its bytes, and its bytes are kept only when `keep` asks
 * for them, given that fingerprint and the element's first bytes (reading the whole file into
 * memory costs more than scanning it here). A kept element lying in one chunk is a view of the
 * buffer read into, not a copy. Undefined when the text is not such an array; the caller then
 * parses it whole, for the JSON parser's own error message. Works on UTF-8 bytes: every byte it
 * looks for is ASCII, and no byte of a multi-byte character is.
 */
export function scanJsonArray(
  read: (into: Buffer) => number,
  keep: (hash: string, head: string) => boolean = () => true,
  chunkBytes = 1 << 20,
): ScannedElement[] | undefined {
  const elements: ScannedElement[] = [];
  let phase: Phase = Phase.Start as Phase;
  const inside: Inside = { depth: 0, inString: false, escaped: false };
  // The parts of an element begun in earlier chunks.
  let pieces: Buffer[] = [];
  let buffer = Buffer.allocUnsafe(chunkBytes);
  // A buffer something points into is not read into again: the next chunk gets a new one. Only then
  // (fresh memory costs a page fault per page here, more than the scan itself).
  let viewed = false;
  for (;;) {
    if (viewed) {
      buffer = Buffer.allocUnsafe(chunkBytes);
      viewed = false;
    }
    const count = read(buffer);
    if (count <= 0) break;
    const bytes = buffer.subarray(0, count);
    const length = bytes.length;
    let start = 0;
    let index = 0;
    while (index < length) {
      if (phase === Phase.Element) {
        index = elementEnd(bytes, index, inside);
        if (inside.depth > 0) break;
        const last = bytes.subarray(start, index);
        const scanned = element(pieces.length > 0 ? Buffer.concat([...pieces, last]) : last, keep);
        if (scanned.bytes && pieces.length === 0) viewed = true;
        elements.push(scanned);
        pieces = [];
        phase = Phase.After;
        continue;
      }
      const byte = bytes[index] as number;
      index += 1;
      if (isSpace(byte)) continue;
      if (phase === Phase.Start && byte === OPEN_BRACKET) phase = Phase.First;
      else if ((phase === Phase.First || phase === Phase.After) && byte === CLOSE_BRACKET) phase = Phase.End;
      else if (phase === Phase.After && byte === COMMA) phase = Phase.Next;
      else if ((phase === Phase.First || phase === Phase.Next) && (byte === OPEN_BRACE || byte === OPEN_BRACKET)) {
        phase = Phase.Element;
        inside.depth = 1;
        start = index - 1;
      } else return undefined;
    }
    // A copy of the element's beginning (a few kilobytes) rather than a new buffer for the next chunk.
    if (phase === Phase.Element) pieces.push(Buffer.from(bytes.subarray(start)));
  }
  return phase === Phase.End ? elements : undefined;
}

/** Where the scan is inside an element, carried from one chunk to the next. */
interface Inside {
  depth: number;
  inString: boolean;
  /** The last byte read was a backslash inside a string. */
  escaped: boolean;
}

/**
 * The index after the element's closing byte (depth back to 0), or the chunk's length when the
 * element goes on in the next chunk. Small functions on purpose: the engine compiles these tight
 * loops well, and they see every byte of the file.
 */
function elementEnd(bytes: Uint8Array, from: number, inside: Inside): number {
  const length = bytes.length;
  let index = inside.inString ? stringEnd(bytes, from, inside) : from;
  while (index < length) {
    const byte = bytes[index] as number;
    index += 1;
    if (byte === QUOTE) {
      inside.inString = true;
      index = stringEnd(bytes, index, inside);
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      inside.depth += 1;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      inside.depth -= 1;
      if (inside.depth === 0) return index;
    }
  }
  return length;
}

/**
 * The index after the quote closing the string `inside` is in (the chunk's length when it goes on).
 * Quotes are found by the engine's own search (a post's text is most of its bytes); a quote ends
 * the string unless an odd run of backslashes comes before it.
 */
function stringEnd(bytes: Uint8Array, from: number, inside: Inside): number {
  const length = bytes.length;
  let index = from;
  if (inside.escaped && index < length) {
    inside.escaped = false;
    index += 1;
  }
  for (;;) {
    const quote = bytes.indexOf(QUOTE, index);
    if (quote === -1) {
      inside.escaped = oddBackslashesBefore(bytes, length, index);
      return length;
    }
    if (!oddBackslashesBefore(bytes, quote, index)) {
      inside.inString = false;
      return quote + 1;
    }
    index = quote + 1;
  }
}

/** Whether an odd number of backslashes end at `end`, counting no further back than `floor`. */
function oddBackslashesBefore(bytes: Uint8Array, end: number, floor: number): boolean {
  let at = end;
  while (at > floor && bytes[at - 1] === BACKSLASH) at -= 1;
  return (end - at) % 2 === 1;
}

function element(bytes: Uint8Array, keep: (hash: string, head: string) => boolean): ScannedElement {
  const fingerprint = hash('sha1', bytes, 'base64url');
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEAD_BYTES)).toString('latin1');
  return keep(fingerprint, head) ? { hash: fingerprint, head, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) } : { hash: fingerprint, head };
}
