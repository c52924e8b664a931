import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import type { BuilderConfig } from './config.js';
import { askPlugin, errorCode, PluginUnreachable, restRoot } from './plugin-client.js';

export interface CheckLine {
  ok: boolean;
  /** What was checked, e.g. "WordPress reachable". */
  what: string;
  /** What was found, or what to fix. */
  detail: string;
}

const PluginFacts = z.object({
  plugin: z.string(),
  builderUrl: z.string(),
  previewUrl: z.string(),
  siteUrl: z.string().nullable(),
  builderReached: z.union([z.number(), z.string(), z.null()]),
  thumbnails: z.boolean(),
});

/**
 * `npm run builder -- --check`: each link of the chain, in order, one line each, saying what to fix:
 * WordPress reachable, the plugin installed and signing with the same secret (and knowing the same
 * public site), the builder reachable from WordPress, previews readable, the output writable.
 */
export async function checkChain(config: BuilderConfig, fetcher: typeof fetch = fetch): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  const say = (ok: boolean, what: string, detail: string) => lines.push({ ok, what, detail });
  const api = config.build.wpUrl;

  // 1. WordPress.
  let newest: { id: number; author: number } | undefined;
  try {
    const response = await fetcher(`${api.replace(/\/+$/, '')}/posts?per_page=1&_fields=id,author`, { signal: AbortSignal.timeout(10_000), redirect: 'manual' });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok || !Array.isArray(body)) {
      say(false, 'WordPress reachable', `${api} answered HTTP ${response.status}${Array.isArray(body) ? '' : ', not the REST API'}: WP_API_URL must be WordPress's REST base, ending in /wp-json/wp/v2`);
      return lines;
    }
    const first = z.array(z.object({ id: z.number(), author: z.number() })).safeParse(body).data?.[0];
    newest = first;
    say(true, 'WordPress reachable', `${api} answers (${response.headers.get('x-wp-total') ?? '?'} published posts)`);
  } catch (error) {
    say(false, 'WordPress reachable', `${api} did not answer (${causeOf(error)}): check WP_API_URL, and that WordPress runs`);
    return lines;
  }

  // 2. The plugin and its secret.
  let facts: z.infer<typeof PluginFacts> | undefined;
  try {
    const answer = await askPlugin(api, config.secret, 'check', { reachBuilder: false }, fetcher);
    const code = errorCode(answer);
    if (answer.status === 404 && code === 'rest_no_route') {
      say(false, 'Plugin installed', `WordPress has no sqbb-builder/v1 routes: copy wordpress/sqbb-builder.php into wp-content/mu-plugins/ (${restRoot(api)})`);
    } else if (answer.status === 401 || answer.status === 403) {
      say(false, 'Plugin signing with the same secret', `the plugin refused the builder's signature (${code || `HTTP ${answer.status}`}): define SQBB_BUILDER_URL and SQBB_BUILDER_SECRET in WordPress's configuration, SQBB_BUILDER_SECRET equal to BUILDER_SECRET (and the two clocks within 5 minutes)`);
    } else {
      facts = PluginFacts.safeParse(answer.body).data;
      if (!facts) say(false, 'Plugin installed', `${answer.url} answered HTTP ${answer.status} without the plugin's facts: update wordpress/sqbb-builder.php in wp-content/mu-plugins/`);
      else say(true, 'Plugin signing with the same secret', `sqbb-builder ${facts.plugin}; it notifies ${facts.builderUrl}, previews at ${facts.previewUrl}`);
    }
  } catch (error) {
    say(false, 'Plugin installed', `${causeOf(error)}`);
  }
  if (!facts) return lines;
  const site = config.build.siteUrl.replace(/\/+$/, '');
  if (facts.siteUrl === null) say(false, 'Public site address', `SQBB_SITE_URL is not defined in WordPress's configuration: define('SQBB_SITE_URL', '${site}'); so that "Afficher" opens the site`);
  else if (facts.siteUrl.replace(/\/+$/, '') !== site) say(false, 'Public site address', `WordPress's SQBB_SITE_URL is ${facts.siteUrl}, the build's SITE_URL is ${site}: make them the same`);
  else say(true, 'Public site address', `${site} on both sides`);
  say(facts.thumbnails, 'Featured images', facts.thumbnails ? '"Image mise en avant" available to posts' : 'posts have no featured image support: update the plugin');

  // 3. The builder, as WordPress reaches it (this process answers for it when the service is not running).
  const standIn = await listenIfFree(config.host, config.port);
  try {
    const answer = await askPlugin(api, config.secret, 'check', { reachBuilder: true }, fetcher);
    const reached = PluginFacts.safeParse(answer.body).data?.builderReached;
    if (reached === 200 || reached === 503) say(true, 'Builder reachable from WordPress', `${facts.builderUrl}/healthz answers${standIn ? ' (this check stood in for the service)' : ''}`);
    else say(false, 'Builder reachable from WordPress', `WordPress cannot reach SQBB_BUILDER_URL ${facts.builderUrl} (${reached ?? 'no answer'}): it must be the address of this service (BUILDER_HOST ${config.host}, BUILDER_PORT ${config.port}) as WordPress's server reaches it`);
  } catch (error) {
    say(false, 'Builder reachable from WordPress', causeOf(error));
  } finally {
    await standIn?.close();
  }

  // 4. Previews: the plugin reads a post back for its author, on a grant the builder signs.
  if (!newest) {
    say(true, 'Previews readable', 'no post yet to try it on');
  } else {
    try {
      const answer = await askPlugin(api, config.secret, 'preview-post', { post: newest.id, user: newest.author, expires: Math.floor(Date.now() / 1000) + 60 }, fetcher);
      const ok = answer.status === 200 && (answer.body as { status?: unknown } | null)?.status === 200;
      say(ok, 'Previews readable', ok ? `post ${newest.id} read back as its author` : `the plugin answered HTTP ${answer.status} ${errorCode(answer)}: update wordpress/sqbb-builder.php`);
    } catch (error) {
      say(false, 'Previews readable', causeOf(error));
    }
  }

  // 5. The output and the cache.
  for (const [what, folder] of [['Output writable', path.dirname(path.resolve(config.build.outDir))], ['Cache writable', config.build.cacheDir]] as const) {
    const probe = path.join(folder, `.sqbb-check-${randomBytes(4).toString('hex')}`);
    try {
      mkdirSync(folder, { recursive: true });
      writeFileSync(probe, '');
      rmSync(probe);
      say(true, what, folder);
    } catch (error) {
      say(false, what, `${folder}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}: the service's user must be able to write there`);
    }
  }
  return lines;
}

export function formatCheck(lines: readonly CheckLine[]): string {
  return lines.map((line) => `${line.ok ? 'ok  ' : 'FAIL'} ${line.what}: ${line.detail}`).join('\n');
}

/** A stand-in /healthz on the service's address, unless the service (or anything) listens there already. */
async function listenIfFree(host: string, port: number): Promise<{ close: () => Promise<void> } | undefined> {
  const server = createServer((request, response) => {
    response.writeHead(request.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' }).end('{"status":"check"}\n');
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, host, () => resolve(true));
  });
  if (!listening) return undefined;
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function causeOf(error: unknown): string {
  if (error instanceof PluginUnreachable) return error.message;
  return (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
}
