export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted.at(-1) as number };
}

/** "1234 (1200–1300)"; one run shows only its value. */
export function formatSpread(value: Spread, digits = 0, unit = ''): string {
  const fmt = (n: number) => `${n.toFixed(digits)}${unit}`;
  return value.min === value.max ? fmt(value.median) : `${fmt(value.median)} (${fmt(value.min)}–${fmt(value.max)})`;
}
