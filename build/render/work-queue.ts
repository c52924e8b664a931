/**
 * Work shared by threads: each takes the next `chunk` positions from one counter in shared memory,
 * so a thread that started later (a worker loading its modules) simply takes fewer.
 */
export interface WorkQueue {
  /** One Int32: the next position to take. */
  next: SharedArrayBuffer;
  chunk: number;
}

/** Small enough for the threads to end within a few items of each other, large enough to cost nothing. */
export function createWorkQueue(chunk = 16): WorkQueue {
  return { next: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT), chunk };
}

/** Positions this thread takes from the queue, in chunks, until none is left. */
export function* taken(queue: WorkQueue, length: number): Generator<number> {
  const next = new Int32Array(queue.next);
  for (let start = Atomics.add(next, 0, queue.chunk); start < length; start = Atomics.add(next, 0, queue.chunk)) {
    for (let order = start; order < Math.min(start + queue.chunk, length); order += 1) yield order;
  }
}
