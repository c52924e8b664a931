import xxhash from 'xxhash-wasm';

/** A fingerprint of some bytes, as a short string. */
export type BytesFingerprint = (bytes: Uint8Array) => string;

let loading: Promise<BytesFingerprint> | undefined;

/**
 * What tells a snapshot's post from its earlier version (build/json-array.ts): xxHash64, in
 * WebAssembly, written in base 36. Every cron run fingerprints every post of posts.json (30 MB at
 * 5,000 posts): SHA-1 took 14 ms of it, xxHash64 4. It tells edits apart, not attackers: two versions
 * of a post share a fingerprint by accident once in 2^64, and whoever could craft such a pair can
 * edit the post anyway (as the state's CRC-32 checksum, build/cache/build-cache.ts).
 */
export function loadBytesFingerprint(): Promise<BytesFingerprint> {
  return (loading ??= xxhash().then(({ h64Raw }) => (bytes: Uint8Array) => h64Raw(bytes).toString(36)));
}
