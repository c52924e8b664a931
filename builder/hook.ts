import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { createReplayGuard, sameSignature, signHook, type ReplayGuard } from './signature.js';

/** A notification names a few posts or terms (the plugin sends one per request of WordPress): 64 KB is far more. */
export const MAX_HOOK_BYTES = 64 * 1024;
/** How far a notification's timestamp may be from the builder's clock, either way. */
export const HOOK_WINDOW_MS = 5 * 60 * 1000;

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^sha256=[0-9a-f]{64}$/;

/** What wordpress/sqbb-builder.php sends: what changed, for the log (any notification builds the same way). */
const HookEvent = z.object({
  kind: z.enum(['post', 'term', 'attachment']),
  action: z.string().regex(/^[a-z_-]{1,24}$/),
  id: z.number().int().positive(),
  taxonomy: z.string().regex(/^[a-z0-9_-]{1,32}$/).optional(),
});
const Notification = z.object({
  site: z.string().max(300).optional(),
  events: z.array(HookEvent).min(1).max(200),
  /** When WordPress's next scheduled post is due (Unix seconds): the builder publishes it then. */
  nextScheduled: z.number().int().positive().nullable().optional(),
});
export type HookNotification = z.infer<typeof Notification>;

export interface HookReceiver {
  secret: string;
  replay: ReplayGuard;
  now: () => number;
  /** Called once per accepted notification; nothing else happens for a refused one. */
  accept: (notification: HookNotification) => void;
}

export function createHookReceiver(secret: string, accept: (notification: HookNotification) => void, now = () => Date.now()): HookReceiver {
  return { secret, replay: createReplayGuard(HOOK_WINDOW_MS), now, accept };
}

/**
 * POST /hooks/wordpress. Refusals say nothing of why (401 for the signature, its age or a replay;
 * 400 for a body too large or malformed) and start nothing: only a notification signed with the
 * secret in the last five minutes, never seen before, reaches `accept`.
 */
export async function handleHook(request: IncomingMessage, response: ServerResponse, receiver: HookReceiver): Promise<void> {
  const notification = await readSignedJson(request, response, receiver, Notification);
  if (!notification) return;
  receiver.accept(notification);
  response.writeHead(202, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end('{"queued":true}\n');
}

/**
 * The JSON body of a request the plugin signed (notifications, wp-admin's status questions), read
 * and checked against `schema`; undefined once the request was refused (the answer is sent).
 */
export async function readSignedJson<T>(request: IncomingMessage, response: ServerResponse, receiver: Pick<HookReceiver, 'secret' | 'replay' | 'now'>, schema: z.ZodType<T>): Promise<T | undefined> {
  const refuse = (status: 400 | 401) => {
    // The rest of a body is not read: the connection goes with the answer.
    response.writeHead(status, { 'content-length': '0', connection: 'close', 'cache-control': 'no-store' }).end();
    return undefined;
  };
  const declared = Number(request.headers['content-length'] ?? '0');
  if (!Number.isFinite(declared) || declared > MAX_HOOK_BYTES) return refuse(400);
  const timestamp = request.headers['x-sqbb-timestamp'];
  const signature = request.headers['x-sqbb-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !TIMESTAMP.test(timestamp) || !SIGNATURE.test(signature)) return refuse(401);
  const body = await readBody(request, MAX_HOOK_BYTES);
  if (!body) return refuse(400);
  const now = receiver.now();
  const sentAt = Number(timestamp) * 1000;
  if (Math.abs(now - sentAt) > HOOK_WINDOW_MS) return refuse(401);
  if (!sameSignature(signHook(receiver.secret, timestamp, body), signature)) return refuse(401);
  if (!receiver.replay.accept(signature, sentAt, now)) return refuse(401);
  try {
    return schema.parse(JSON.parse(body.toString('utf8')));
  } catch {
    return refuse(400);
  }
}

/** The whole body, or undefined past `max` bytes (the rest is not read) or when the client goes away. */
function readBody(request: IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) {
        request.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', () => resolve(undefined));
    request.on('aborted', () => resolve(undefined));
  });
}

/** The events that change the site (a post scheduled for later changes nothing yet). */
export function siteEvents(notification: HookNotification): HookNotification['events'] {
  return notification.events.filter((event) => !(event.kind === 'post' && event.action === 'schedule'));
}

/** How a notification reads in the build's log line: 'post 12 publish', 'category 4 edit'. */
export function describeEvents(notification: Pick<HookNotification, 'events'>): string[] {
  return notification.events.map((event) => `${event.kind === 'term' ? (event.taxonomy === 'post_tag' ? 'tag' : event.taxonomy ?? 'term') : event.kind} ${event.id} ${event.action}`);
}
