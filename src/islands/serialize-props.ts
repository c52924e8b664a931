/** Island props travel as JSON in an HTML attribute: anything JSON cannot carry is a build error. */
export function serializeIslandProps(island: string, props: unknown): string {
  const problem = notPlainJson(props);
  if (problem) throw new Error(`island "${island}": props${problem.path} ${problem.reason}`);
  return JSON.stringify(props);
}

/**
 * The first value in `value` that JSON cannot carry, and where it is. The place is written only
 * for a value that fails: a list page's props (a dozen cards) have a few hundred values to check.
 */
function notPlainJson(value: unknown): { path: string; reason: string } | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path: '', reason: 'is a non-finite number' };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      // A hole is written as null, as JSON.stringify does.
      if (!(index in value)) continue;
      const problem = notPlainJson(value[index]);
      if (problem) return { path: `[${index}]${problem.path}`, reason: problem.reason };
    }
    return undefined;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      const problem = notPlainJson(item);
      if (problem) return { path: `.${key}${problem.path}`, reason: problem.reason };
    }
    return undefined;
  }
  return { path: '', reason: `is not plain JSON (${Object.prototype.toString.call(value)})` };
}
