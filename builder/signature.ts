import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The shared secret's two uses, each over its own message so that neither signature can stand for
 * the other: a notification signs `<timestamp>.<body>` (as Stripe's and Slack's hooks do), a preview
 * link `preview:<post>:<user>:<expires>`. wordpress/sqbb-builder.php makes both the same way.
 */
export function sign(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

export const hookMessage = (timestamp: string, body: Buffer | string): Buffer => Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.isBuffer(body) ? body : Buffer.from(body)]);

export function signHook(secret: string, timestamp: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(hookMessage(timestamp, body)).digest('hex')}`;
}

/** Compares two hex signatures in constant time (a wrong length is simply unequal). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The secret must be long enough that guessing it is out of reach: 32 characters or more. */
export const MIN_SECRET_LENGTH = 32;

/**
 * Signatures already accepted within the time window: a notification captured on the way (a proxy
 * log, a packet capture) cannot be sent again. An entry leaves once its timestamp is out of the
 * window, when the notification would be refused as stale anyway. When full (only a sender holding
 * the secret can fill it), new ones are refused rather than old ones forgotten.
 */
export interface ReplayGuard {
  /** True the first time a signature is offered within its window; false for a replay. */
  accept(signature: string, timestampMs: number, nowMs: number): boolean;
}

export function createReplayGuard(windowMs: number, maxEntries = 10_000): ReplayGuard {
  const seen = new Map<string, number>();
  return {
    accept(signature, timestampMs, nowMs) {
      for (const [key, expires] of seen) if (expires < nowMs) seen.delete(key);
      if (seen.has(signature) || seen.size >= maxEntries) return false;
      // Within the window on either side of now: kept until the window after its timestamp ends.
      seen.set(signature, timestampMs + windowMs);
      return true;
    },
  };
}
