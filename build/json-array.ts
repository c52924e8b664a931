import type { BytesFingerprint } from './bytes-fingerprint.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/** An element of a JSON array as the scan met it. */
export interface ScannedElement {
  /** Fingerprint of its bytes (build/bytes-fingerprint.ts). */
  hash: string;
  /** Its first bytes, read as Latin-1 (enough to find a leading `"id": 42`). */
  head: string;
  /** Where its bytes begin in the file. */
  offset: number;
  /** How many bytes it has. */
  length: number;
}

/** An element of the array as an earlier scan of the same file met it: where a new scan may expect it. */
export interface KnownElement {
  length: number;
  hash: string;
}

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const HEAD_BYTES = 64;

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

/**
 * The elements of a JSON array of objects (or arrays), found without parsing it: a snapshot's
 * posts.json is tens of megabytes, and a cron build parses only the posts whose bytes changed.
 * Each element is fingerprinted on its bytes and located (offset, length), for the caller to read
 * the bytes of those it needs; the file goes through one buffer (fresh memory costs a page fault
 * per page here, more than the scan itself). `known`: the elements an earlier scan of the same file
 * met, in their order then. Where such an element is expected, its bytes are only fingerprinted:
 * the same fingerprint over the same length is the same complete JSON value, so its end needs no
 * walk through its strings. Elsewhere (a new, edited or moved element, or no `known` at all) the
 * element is scanned through, and the next expected one is looked for after it (or after the
 * known element it turns out to be: the ones between were removed). A cron run over a snapshot with
 * one new post then costs a read and a fingerprint of each post. Undefined when the text is not such
 * an array; the caller then parses it whole, for the JSON parser's own error message. Works on UTF-8
 * bytes: every byte it looks for is ASCII, and no byte of a multi-byte character is. `readAt` reads
 * bytes at a position of the file (as many as it has, at most the buffer's length; 0 at the end);
 * `fingerprint` is the one `known` was made with.
 */
export function scanJsonArray(
  readAt: (into: Buffer, position: number) => number,
  fingerprint: BytesFingerprint,
  known: readonly KnownElement[] = [],
  chunkBytes = 1 << 20,
): ScannedElement[] | undefined {
  const file = new FileWindow(readAt, fingerprint, chunkBytes);
  const places = new Map(known.map((entry, place) => [entry.hash, place]));
  const elements: ScannedElement[] = [];
  // The known element expected next; after an unknown one, the one after it is tried too (an edit).
  let next = 0;
  let afterUnknown = false;
  let position = file.skipSpace(0);
  if (file.byteAt(position) !== OPEN_BRACKET) return undefined;
  position = file.skipSpace(position + 1);
  if (file.byteAt(position) === CLOSE_BRACKET) return file.byteAt(file.skipSpace(position + 1)) === -1 ? elements : undefined;
  for (;;) {
    const first = file.byteAt(position);
    if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return undefined;
    const found = file.holds(position, known[next]) ? 0 : afterUnknown && file.holds(position, known[next + 1]) ? 1 : -1;
    let scanned: ScannedElement;
    if (found >= 0) {
      const entry = known[next + found] as KnownElement;
      scanned = file.element(position, entry.length, entry.hash);
      next += found + 1;
      afterUnknown = false;
    } else {
      const length = file.elementLength(position);
      if (length === undefined) return undefined;
      scanned = file.element(position, length);
      const place = places.get(scanned.hash);
      afterUnknown = place === undefined || place < next;
      if (!afterUnknown) next = (place as number) + 1;
    }
    elements.push(scanned);
    position = file.skipSpace(position + scanned.length);
    const separator = file.byteAt(position);
    if (separator === COMMA) position = file.skipSpace(position + 1);
    else if (separator === CLOSE_BRACKET) return file.byteAt(file.skipSpace(position + 1)) === -1 ? elements : undefined;
    else return undefined;
  }
}

/** A file read through one buffer holding the part last asked for. */
class FileWindow {
  private buffer: Buffer;
  private start = 0;
  private count = 0;

  constructor(
    private readonly readAt: (into: Buffer, position: number) => number,
    private readonly fingerprint: BytesFingerprint,
    chunkBytes: number,
  ) {
    this.buffer = Buffer.allocUnsafe(chunkBytes);
  }

  /** The file's bytes from `position`, up to `size` of them (fewer at its end); valid until the next call. */
  view(position: number, size: number): Buffer {
    if (position < this.start || position + size > this.start + this.count) this.readFrom(position, size);
    const from = position - this.start;
    return this.buffer.subarray(from, Math.min(this.count, from + size));
  }

  /** The bytes from `position` to the end of the part in the buffer (none at the file's end); valid until the next call. */
  rest(position: number): Buffer {
    if (position < this.start || position >= this.start + this.count) this.readFrom(position, 1);
    return this.buffer.subarray(position - this.start, this.count);
  }

  /**
   * The byte at `position`, or -1 past the end. Read in the buffer itself, as white space is
   * skipped: a view (a Buffer object) per look cost 5,000 posts several of them each.
   */
  byteAt(position: number): number {
    if (!this.holdsPosition(position)) this.readFrom(position, 1);
    return this.holdsPosition(position) ? (this.buffer[position - this.start] as number) : -1;
  }

  /** The first position from `position` that is not white space (the file's length if none is left). */
  skipSpace(position: number): number {
    let at = position;
    for (;;) {
      if (!this.holdsPosition(at)) this.readFrom(at, 1);
      if (!this.holdsPosition(at)) return at;
      const end = this.start + this.count;
      while (at < end && isSpace(this.buffer[at - this.start] as number)) at += 1;
      if (at < end) return at;
    }
  }

  /** The element of `length` bytes at `position`: fingerprinted on its bytes unless `fingerprint` is known. */
  element(position: number, length: number, fingerprint?: string): ScannedElement {
    const bytes = this.view(position, length);
    const from = position - this.start;
    return { hash: fingerprint ?? this.fingerprint(bytes), head: this.buffer.toString('latin1', from, from + Math.min(bytes.length, HEAD_BYTES)), offset: position, length: bytes.length };
  }

  private holdsPosition(position: number): boolean {
    return position >= this.start && position < this.start + this.count;
  }

  /** Fills the buffer from `position` (one large enough for `size` bytes) until it is full or the file ends. */
  private readFrom(position: number, size: number): void {
    if (this.buffer.length < size) this.buffer = Buffer.allocUnsafe(size);
    this.start = position;
    this.count = 0;
    // A read may give fewer bytes than asked for.
    for (let read = -1; read !== 0 && this.count < this.buffer.length; this.count += read) {
      read = this.readAt(this.buffer.subarray(this.count), position + this.count);
    }
  }

  /** Whether the bytes at `position` are those of `entry` (same length, same fingerprint). */
  holds(position: number, entry: KnownElement | undefined): boolean {
    if (entry === undefined) return false;
    const bytes = this.view(position, entry.length);
    return bytes.length === entry.length && this.fingerprint(bytes) === entry.hash;
  }

  /** The length of the element (object or array) beginning at `position`; undefined when the file ends inside it. */
  elementLength(position: number): number | undefined {
    const inside: Inside = { depth: 1, inString: false, escaped: false };
    let offset = 1;
    for (;;) {
      const bytes = this.rest(position + offset);
      if (bytes.length === 0) return undefined;
      const end = elementEnd(bytes, 0, inside);
      if (inside.depth === 0) return offset + end;
      offset += bytes.length;
    }
  }
}
