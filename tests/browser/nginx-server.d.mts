/** The nginx binary the tests use (NGINX_PATH, else Debian's). */
export const NGINX: string;
/** The whole nginx.conf around the generated server block (_nginx.conf of `site`). */
export function nginxConf(options: { site: string; port: number; dir: string }): string;
