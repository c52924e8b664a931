import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { GoAnswer } from './go.js';
import { handleHook, type HookReceiver } from './hook.js';
import type { PreviewAnswer } from './preview/handler.js';
import type { BuildScheduler } from './scheduler.js';
import type { SiteStatus } from './site-status.js';
import { serveStatic, type StaticSources } from './static-files.js';
import { handleStatus } from './status-endpoint.js';

export interface BuilderRoutes {
  hook: HookReceiver;
  scheduler: BuildScheduler;
  siteStatus: SiteStatus;
  preview: (url: URL) => Promise<PreviewAnswer>;
  go: (url: URL) => Promise<GoAnswer>;
  statics: StaticSources;
  log: (line: string) => void;
}

/**
 * The builder's HTTP endpoints: POST /hooks/wordpress (signed notifications), POST /status (signed:
 * wp-admin's "Site public"), GET /preview/… (signed preview links), GET /go/<post> ("Afficher
 * l'article": the article once online), GET /healthz (the last build, what is queued), and the files
 * a preview page loads (builder/static-files.ts).
 */
export function createBuilderServer(routes: BuilderRoutes): Server {
  const server = createServer((request, response) => {
    handle(request, response, routes).catch((error: unknown) => {
      routes.log(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) response.writeHead(500, { 'content-length': '0' });
      response.end();
    });
  });
  // A client that sends its request slowly holds a connection, not the builder.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return server;
}

async function handle(request: IncomingMessage, response: ServerResponse, routes: BuilderRoutes): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://builder.invalid');
  const method = request.method ?? 'GET';
  const read = method === 'GET' || method === 'HEAD';
  if (url.pathname === '/hooks/wordpress') {
    if (method !== 'POST') return void response.writeHead(405, { allow: 'POST', 'content-length': '0' }).end();
    return handleHook(request, response, routes.hook);
  }
  if (url.pathname === '/status') {
    if (method !== 'POST') return void response.writeHead(405, { allow: 'POST', 'content-length': '0' }).end();
    return handleStatus(request, response, routes.hook, routes.siteStatus);
  }
  if (!read) return void response.writeHead(405, { allow: 'GET, HEAD', 'content-length': '0' }).end();
  if (url.pathname === '/healthz') {
    const status = routes.scheduler.status();
    const failing = status.lastBuild?.result === 'failed';
    // The service keeps running for months: its memory is worth watching.
    const memoryMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    const lastBuild = status.lastBuild && { ...status.lastBuild, error: undefined };
    const body = `${JSON.stringify({ status: failing ? 'failing' : 'ok', ...status, lastBuild, memoryMb }, null, 2)}\n`;
    response.writeHead(failing ? 503 : 200, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(body)) });
    return void response.end(method === 'HEAD' ? undefined : body);
  }
  const answering = url.pathname === '/preview' || url.pathname.startsWith('/preview/') ? routes.preview : url.pathname.startsWith('/go/') ? routes.go : undefined;
  if (answering) {
    const answer = await answering(url);
    response.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) });
    return void response.end(method === 'HEAD' ? undefined : answer.body);
  }
  return serveStatic(response, url.pathname, method === 'HEAD', routes.statics);
}
