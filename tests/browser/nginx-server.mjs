// Serves a built site with Debian's nginx and the server block the build generated (_nginx.conf),
// as the current user: prefix, pid, logs and temp folders in a fresh temp dir, `daemon off`, on
// loopback. Stops nginx (graceful quit) and removes the dir on SIGTERM/SIGINT: Playwright's webServer.
//   node tests/browser/nginx-server.mjs <site folder> <port>
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The whole nginx.conf around the generated server block. */
export function nginxConf({ site, port, dir }) {
  const temp = (name) => `${name}_temp_path ${path.join(dir, name)};`;
  return [
    'worker_processes 1;',
    'daemon off;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    server_name localhost;',
    `    root ${site};`,
    `    include ${path.join(site, '_nginx.conf')};`,
    '  }',
    '}',
    '',
  ].join('\n');
}

function main() {
  const [siteArg, portArg] = process.argv.slice(2);
  const site = path.resolve(siteArg ?? '.tmp/site');
  const port = Number(portArg ?? 4174);
  if (!existsSync(NGINX)) {
    console.error(`${NGINX} is missing: apt-get install nginx (Debian's package)`);
    process.exit(1);
  }
  if (!existsSync(path.join(site, '_nginx.conf'))) {
    console.error(`${site}/_nginx.conf is missing: build the site first`);
    process.exit(1);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'sqbb-nginx-'));
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConf({ site, port, dir }));
  // -e: the error log before the configuration is read (the default, /var/log/nginx, is root's).
  const nginx = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  const stop = () => nginx.kill('SIGQUIT');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  nginx.on('exit', (code, signal) => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(signal === 'SIGQUIT' || code === 0 ? 0 : (code ?? 1));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) main();
