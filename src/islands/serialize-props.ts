/** Island props travel as JSON in an HTML attribute: anything JSON cannot carry is a build error. */
export function serializeIslandProps(island: string, props: unknown): string {
  assertPlainJson(island, props, 'props');
  return JSON.stringify(props);
}

function assertPlainJson(island: string, value: unknown, path: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return;
    throw new Error(`island "${island}": ${path} is a non-finite number`);
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => assertPlainJson(island, item, `${path}[${index}]`));
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) assertPlainJson(island, item, `${path}.${key}`);
    }
    return;
  }
  throw new Error(`island "${island}": ${path} is not plain JSON (${Object.prototype.toString.call(value)})`);
}
