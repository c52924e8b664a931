import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import { DataError } from '../../build/static-data.js';
import { dataWith } from './data-fixture.js';
import { readTree } from './read-tree.js';
import { warmMedia } from './warm-media.js';


describe('a failing build', () => {
  let root: string;
  let out: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-build-'));
    out = path.join(root, 'site');
    await warmMedia(path.join(root, 'cache'));
    await runBuild(parseOptions(['--out', out, '--cache', path.join(root, 'cache'), '--now', '2026-01-15T12:00:00Z'], {}), true);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is refused when the snapshot is missing, and the previous output stays byte-identical', async () => {
    const before = await readTree(out);
    await expect(
      runBuild(parseOptions(['--out', out, '--cache', path.join(root, 'cache'), '--content', path.join(root, 'no-such-snapshot')], {}), true),
    ).rejects.toThrow(/snapshot file .*posts\.json cannot be read/);
    expect(await readTree(out)).toEqual(before);
  });

  it('is refused on a malformed data file, naming file, entry, field and rule, and the previous output stays byte-identical', async () => {
    const before = await readTree(out);
    const data = dataWith('season/2025-26.json', (season) => { season.matches[11].kickoff = '2025-13-01T20:00'; });
    await expect(
      runBuild(parseOptions(['--out', out, '--cache', path.join(root, 'cache'), '--data', data, '--now', '2026-01-15T12:00:00Z'], {}), true),
    ).rejects.toThrow(new DataError('data/season/2025-26.json: match 12: kickoff "2025-13-01T20:00" is not a date-time'));
    expect(await readTree(out)).toEqual(before);
  });

  it('is refused when WordPress cannot be reached, and the previous output stays byte-identical', async () => {
    const before = await readTree(out);
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    await expect(
      runBuild(parseOptions(['--out', out, '--cache', path.join(root, 'cache'), '--wp', 'http://127.0.0.1:9/wp-json/wp/v2'], {}), true),
    ).rejects.toThrow(/WordPress at http:\/\/127\.0\.0\.1:9/);
    expect(await readTree(out)).toEqual(before);
  });

  it('gives byte-identical output when built twice from the same content', async () => {
    const first = await readTree(out);
    const report = await runBuild(parseOptions(['--out', out, '--cache', path.join(root, 'cache'), '--clean', '--now', '2026-01-15T12:00:00Z'], {}), true);
    expect(await readTree(out)).toEqual(first);
    expect(report.changed).toBe(0);
  });
});
