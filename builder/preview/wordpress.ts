import { z } from 'zod';
import { readBody, ResponseRefusedError } from '../../build/wordpress/http.js';
import type { PreviewGrant } from './link.js';

/** The dedicated WordPress account the builder reads drafts as (an application password, WordPress core). */
export interface AppCredentials {
  user: string;
  password: string;
}

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

/** A post with its images and terms (context=edit) is a few hundred KB; an autosave list a few. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
/** Statuses of a post that may be previewed; a trashed one is gone. */
const PREVIEWABLE = new Set(['publish', 'future', 'draft', 'pending', 'private', 'auto-draft']);

const Access = z.object({ allowed: z.boolean() });
const Autosave = z.object({
  author: z.number(),
  modified_gmt: z.string(),
  modified: z.string(),
  title: z.object({ rendered: z.string() }).loose(),
  content: z.object({ rendered: z.string() }).loose(),
  excerpt: z.object({ rendered: z.string() }).loose(),
}).loose();
const PostHead = z.object({ id: z.number(), status: z.string(), modified_gmt: z.string().nullable().optional() }).loose();

/**
 * The post to preview, as the REST API gives it with `_embed` (so the site's own normalizer reads
 * it), with the unsaved changes the user left in their autosave when it is newer than the post (what
 * WordPress's own preview shows for a published post). Three requests at once, as the application
 * user: whether the signed user may edit the post (the plugin's check, so a user who lost the right
 * since the link was made sees nothing), the post (context=edit: drafts and pending posts), its
 * autosaves.
 */
export async function loadPreviewPost(apiUrl: string, credentials: AppCredentials, grant: PreviewGrant, fetcher: typeof fetch = fetch): Promise<Record<string, unknown>> {
  const base = apiUrl.replace(/\/+$/, '');
  const root = base.replace(/\/wp\/v2$/, '');
  const get = (url: string) => getJson(url, credentials, fetcher);
  const [access, post, autosaves] = await Promise.all([
    get(`${root}/sqbb-builder/v1/preview-access?post=${grant.postId}&user=${grant.userId}`),
    get(`${base}/posts/${grant.postId}?context=edit&_embed=1`),
    get(`${base}/posts/${grant.postId}/autosaves?context=edit`),
  ]);
  if (access.status === 404) throw new PreviewProblem(503, "WordPress has no preview check: install wordpress/sqbb-builder.php as a must-use plugin");
  checkCredentials(access);
  if (!Access.safeParse(access.body).data?.allowed) throw new PreviewProblem(403, `user ${grant.userId} may not edit post ${grant.postId}`);
  if (post.status === 404 || post.status === 410) throw new PreviewProblem(404, `post ${grant.postId} does not exist`);
  checkCredentials(post);
  const head = PostHead.safeParse(post.body);
  if (!head.success || head.data.id !== grant.postId) throw new PreviewProblem(503, `post ${grant.postId}: WordPress's answer is not a post`);
  if (!PREVIEWABLE.has(head.data.status)) throw new PreviewProblem(404, `post ${grant.postId} is ${head.data.status}`);
  const raw = post.body as Record<string, unknown>;
  const mine = z.array(Autosave).safeParse(autosaves.status === 200 ? autosaves.body : []).data?.filter((autosave) => autosave.author === grant.userId) ?? [];
  const newest = mine.sort((a, b) => (a.modified_gmt < b.modified_gmt ? 1 : -1))[0];
  if (!newest || (head.data.modified_gmt && newest.modified_gmt <= head.data.modified_gmt)) return raw;
  return { ...raw, title: newest.title, content: newest.content, excerpt: newest.excerpt, modified: newest.modified, modified_gmt: newest.modified_gmt };
}

interface JsonAnswer {
  status: number;
  body: unknown;
  url: string;
}

/** WordPress's own refusals of the application user, told apart from a post the user may not see. */
function checkCredentials(answer: JsonAnswer): void {
  if (answer.status === 200) return;
  const code = typeof (answer.body as { code?: unknown } | null)?.code === 'string' ? (answer.body as { code: string }).code : '';
  if (answer.status === 401 && /password|username|application_passwords/.test(code)) {
    throw new PreviewProblem(503, `WordPress refused the application password of WP_APP_USER (${code})`);
  }
  if (answer.status === 401 || answer.status === 403) {
    throw new PreviewProblem(503, `the application user may not read drafts (${code || `HTTP ${answer.status}`}): give WP_APP_USER the Editor role`);
  }
  throw new PreviewProblem(503, `WordPress answered HTTP ${answer.status}${code ? ` ${code}` : ''} to ${answer.url}`);
}

/** One GET with the application password: no retry (an editor is waiting), no redirect followed (the password stays with WordPress). */
async function getJson(url: string, credentials: AppCredentials, fetcher: typeof fetch): Promise<JsonAnswer> {
  const authorization = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
  let response: Response;
  try {
    response = await fetcher(url, { headers: { authorization, accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new PreviewProblem(503, `WordPress did not answer (${cause})`);
  }
  const text = await readCapped(response, url);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status says enough.
  }
  return { status: response.status, body, url };
}

/** The body as text, refused as it streams in past MAX_ANSWER_BYTES. */
async function readCapped(response: Response, url: string): Promise<string> {
  try {
    return Buffer.from(await readBody(response, MAX_ANSWER_BYTES, url)).toString('utf8');
  } catch (error) {
    if (error instanceof ResponseRefusedError) throw new PreviewProblem(503, `${url}: the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    throw error;
  }
}
