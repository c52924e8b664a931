import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.webp': 'image/webp', '.avif': 'image/avif', '.jpg': 'image/jpeg', '.png': 'image/png' };
const COMPRESSED = new Set(['.html', '.js', '.css', '.json', '.svg']);

/** A static server that gzips text as the generated nginx block does, counting the bytes it sends per path. */
export async function serveGzip(root: string, extra?: (pathname: string) => string | undefined): Promise<{ server: Server; port: number; sent: Map<string, number> }> {
  const sent = new Map<string, number>();
  // Compressed once per file, as a host with gzip_static or a CDN serves it: the bench measures the page, not this server.
  const zipped = new Map<string, Buffer>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const page = extra?.(url.pathname);
    if (page !== undefined) return void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
    const extension = path.extname(file);
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      response.setHeader('Content-Type', TYPES[extension] ?? 'application/octet-stream');
      if (COMPRESSED.has(extension)) {
        let body = zipped.get(file);
        if (!body) zipped.set(file, (body = gzipSync(await readFile(file))));
        sent.set(url.pathname, (sent.get(url.pathname) ?? 0) + body.length);
        response.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': body.length }).end(body);
      } else {
        sent.set(url.pathname, (sent.get(url.pathname) ?? 0) + info.size);
        response.writeHead(200, { 'Content-Length': info.size });
        createReadStream(file).pipe(response);
      }
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, sent };
}

