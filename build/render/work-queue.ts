/**
 * Work shared by threads: one Int32 in shared memory, the next position to take. Each thread takes
 * the next CHUNK positions, so one that started later (a worker loading its modules) takes fewer.
 */
export type WorkQueue = SharedArrayBuffer;

/** Small enough for the threads to end within a few items of each other, large enough to cost nothing. */
const CHUNK = 16;

export function createWorkQueue(): WorkQueue {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

/** Positions this thread takes from the queue, in chunks, until none is left. */
export function* taken(queue: WorkQueue, length: number): Generator<number> {
  const next = new Int32Array(queue);
  for (let start = Atomics.add(next, 0, CHUNK); start < length; start = Atomics.add(next, 0, CHUNK)) {
    for (let order = start; order < Math.min(start + CHUNK, length); order += 1) yield order;
  }
}
