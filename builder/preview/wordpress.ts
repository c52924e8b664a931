import { z } from 'zod';
import { askPlugin, errorCode, PluginUnreachable } from '../plugin-client.js';
import type { PreviewGrant } from './link.js';

/** Why a preview cannot be shown, as the answer's status: 403 (not for this user), 404 (no such post), 503 (WordPress or the setup). */
export class PreviewProblem extends Error {
  override name = 'PreviewProblem';
  constructor(
    readonly status: 403 | 404 | 503,
    message: string,
  ) {
    super(message);
  }
}

/** Statuses of a post that may be previewed; a trashed one is gone. */
const PREVIEWABLE = new Set(['publish', 'future', 'draft', 'pending', 'private', 'auto-draft']);

const Autosave = z.object({
  author: z.number(),
  modified_gmt: z.string(),
  modified: z.string(),
  title: z.object({ rendered: z.string() }).loose(),
  content: z.object({ rendered: z.string() }).loose(),
  excerpt: z.object({ rendered: z.string() }).loose(),
}).loose();
const PostHead = z.object({ id: z.number(), status: z.string(), modified_gmt: z.string().nullable().optional() }).loose();
const Answer = z.object({ status: z.number(), post: z.unknown(), autosaves: z.unknown() });

/**
 * The post to preview, as the REST API gives it with `_embed` (so the site's own normalizer reads
 * it), with the unsaved changes the user left in their autosave when it is newer than the post (what
 * WordPress's own preview shows for a published post). One request to the plugin, signed by the
 * builder for this grant only: the plugin checks that the user the link was signed for may still edit
 * the post, and reads it as that user (context=edit). No account of the builder's reads drafts.
 */
export async function loadPreviewPost(apiUrl: string, secret: string, grant: PreviewGrant, fetcher: typeof fetch = fetch): Promise<Record<string, unknown>> {
  let answer;
  try {
    answer = await askPlugin(apiUrl, secret, 'preview-post', { post: grant.postId, user: grant.userId, expires: grant.expires }, fetcher);
  } catch (error) {
    if (error instanceof PluginUnreachable) throw new PreviewProblem(503, error.message);
    throw error;
  }
  const code = errorCode(answer);
  if (answer.status === 404 && code === 'rest_no_route') throw new PreviewProblem(503, 'WordPress has no preview route: install wordpress/sqbb-builder.php (version 2) as a must-use plugin');
  if (answer.status === 401 || code === 'rest_forbidden') throw new PreviewProblem(503, `the plugin refused the builder's signature (${code || `HTTP ${answer.status}`}): SQBB_BUILDER_SECRET in WordPress's configuration must be BUILDER_SECRET`);
  if (answer.status === 403) throw new PreviewProblem(403, `user ${grant.userId} may not edit post ${grant.postId}`);
  if (answer.status === 404) throw new PreviewProblem(404, `post ${grant.postId} does not exist`);
  const parsed = Answer.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) throw new PreviewProblem(503, `WordPress answered HTTP ${answer.status}${code ? ` ${code}` : ''} to ${answer.url}`);
  if (parsed.data.status === 404 || parsed.data.status === 410) throw new PreviewProblem(404, `post ${grant.postId} does not exist`);
  const head = PostHead.safeParse(parsed.data.post);
  if (parsed.data.status !== 200 || !head.success || head.data.id !== grant.postId) throw new PreviewProblem(503, `post ${grant.postId}: WordPress's answer is not a post (HTTP ${parsed.data.status})`);
  if (!PREVIEWABLE.has(head.data.status)) throw new PreviewProblem(404, `post ${grant.postId} is ${head.data.status}`);
  const raw = parsed.data.post as Record<string, unknown>;
  const mine = z.array(Autosave).safeParse(parsed.data.autosaves).data?.filter((autosave) => autosave.author === grant.userId) ?? [];
  const newest = mine.sort((a, b) => (a.modified_gmt < b.modified_gmt ? 1 : -1))[0];
  if (!newest || (head.data.modified_gmt && newest.modified_gmt <= head.data.modified_gmt)) return raw;
  return { ...raw, title: newest.title, content: newest.content, excerpt: newest.excerpt, modified: newest.modified, modified_gmt: newest.modified_gmt };
}
