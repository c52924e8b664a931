/** URL-valued keys of the JSON pages that islands turn into links and images in the browser. */
const JSON_URL_KEYS = new Set(['href', 'src', 'srcSet']);

/** The JSON pages' counterpart of prefixRootPaths: islands render their URLs as they come. */
export function prefixJsonUrls(json: string, basePath: string): string {
  if (!basePath) return json;
  const prefix = (value: string) => (value.startsWith('/') && !value.startsWith('//') ? `${basePath}${value}` : value);
  const data: unknown = JSON.parse(json, (key, value: unknown) => {
    if (typeof value !== 'string' || !JSON_URL_KEYS.has(key)) return value;
    return key === 'srcSet' ? value.split(', ').map(prefix).join(', ') : prefix(value);
  });
  return `${JSON.stringify(data)}${json.endsWith('\n') ? '\n' : ''}`;
}

/**
 * Components write root-relative links ('/contact/'); when SITE_URL has a path prefix they must
 * carry it. Done once here on the final HTML instead of threading the prefix through every component.
 */
export function prefixRootPaths(html: string, basePath: string): string {
  if (!basePath) return html;
  return html
    .replace(/\s(href|src|action|poster)="\/(?!\/)/gi, ` $1="${basePath}/`)
    // React writes srcSet with its camel case; HTML attribute names are case-insensitive.
    .replace(/\s(srcset)="([^"]*)"/gi, (_, name: string, list: string) =>
      ` ${name}="${list.replace(/(^|,\s*)\/(?!\/)/g, `$1${basePath}/`)}"`,
    );
}
