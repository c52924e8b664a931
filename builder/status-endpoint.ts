import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readSignedJson, type HookReceiver } from './hook.js';
import type { SiteStatus } from './site-status.js';

/** What wp-admin asks (wordpress/sqbb-builder.php, site_status()): the posts of a screen as WordPress has them. */
const Question = z.object({
  posts: z
    .array(z.object({ id: z.number().int().positive(), status: z.string().regex(/^[a-z_-]{1,20}$/), modified: z.string().max(40) }))
    .max(200),
  nonce: z.string().max(64).optional(),
});

/**
 * POST /status, signed by the plugin as notifications are: whether the site shows each post's
 * latest version, and how the builder is doing. Asking about a post the site is behind on, with no
 * build coming, builds it (once per version).
 */
export async function handleStatus(request: IncomingMessage, response: ServerResponse, receiver: HookReceiver, siteStatus: SiteStatus): Promise<void> {
  const question = await readSignedJson(request, response, receiver, Question);
  if (!question) return;
  const body = `${JSON.stringify({ builder: siteStatus.builder(), posts: siteStatus.posts(question.posts, true) })}\n`;
  response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(body)) }).end(body);
}
