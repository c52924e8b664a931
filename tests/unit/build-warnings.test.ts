import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import { formatReport, type BuildReport } from '../../build/report.js';
import { groupWarnings, postWarning, warning, type BuildWarning } from '../../build/warnings.js';

describe('build warnings in the log', () => {
  it('are grouped by kind with a count and the first ids, in the order the kinds first occur', () => {
    const noImage = Array.from({ length: 517 }, (_, index) => postWarning(5999 - index * 3, 'no-featured-image', 'no featured image'));
    const warnings: BuildWarning[] = [
      warning('build-cache', 'build cache .cache/build/dist.json is corrupt, truncated or not ours: ignored, clean build'),
      ...noImage.slice(0, 200),
      postWarning(64, 'shortcode-removed', 'shortcode [contact-form-7] removed: WordPress did not render it'),
      ...noImage.slice(200),
      // One post with two images left out counts once; a post seen for another kind does not count here.
      postWarning(12, 'image-left-out', 'image left out (HTTP 404)'),
      postWarning(12, 'image-left-out', 'image left out (not an image)'),
      postWarning(9, 'image-left-out', 'image left out (HTTP 404)'),
      postWarning(8, 'image-left-out', 'image left out (HTTP 500)'),
      postWarning(7, 'image-left-out', 'image left out (HTTP 500)'),
    ];
    expect(groupWarnings(warnings)).toEqual([
      'build cache .cache/build/dist.json is corrupt, truncated or not ours: ignored, clean build',
      '517 posts without a featured image: 5999, 5996, 5993, ... (+514)',
      'post 64: shortcode [contact-form-7] removed: WordPress did not render it',
      '4 posts with an image left out: 12, 9, 8, 7',
    ]);
  });

  it('print a kind seen once as its message, and count warnings without an id one by one', () => {
    expect(groupWarnings([postWarning(16, 'no-featured-image', 'no featured image')])).toEqual(['post 16: no featured image']);
    expect(
      groupWarnings([
        warning('category-skipped', 'category #1 skipped: id "x" is not a positive integer'),
        warning('category-skipped', 'category #4 skipped: id -2 is not a positive integer'),
      ]),
    ).toEqual(['2 categories skipped (no usable id)']);
  });
});

describe('a build with many posts without a featured image', () => {
  let root = '';
  afterAll(() => (root ? rm(root, { recursive: true, force: true }) : undefined));

  it('prints one line for them and keeps every one in the report JSON', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-warnings-'));
    const content = path.join(root, 'content');
    await mkdir(content);
    for (const name of ['categories.json', 'tags.json']) await copyFile(path.resolve('data/wordpress', name), path.join(content, name));
    const snapshot = JSON.parse(await readFile(path.resolve('data/wordpress/posts.json'), 'utf8')) as { id: number; _embedded: Record<string, unknown> }[];
    const withoutImage = snapshot.find((post) => !('wp:featuredmedia' in post._embedded));
    if (!withoutImage) throw new Error('the snapshot has a post without a featured image');
    const ids = Array.from({ length: 40 }, (_, index) => 2000 + index);
    await writeFile(path.join(content, 'posts.json'), JSON.stringify(ids.map((id) => ({ ...withoutImage, id }))));
    const out = path.join(root, 'site');
    const options = parseOptions(['--out', out, '--cache', path.join(root, 'cache'), '--content', content, '--now', '2026-01-15T12:00:00Z'], {});
    const report = await runBuild(options, true);

    const saved = JSON.parse(await readFile(`${out}-report.json`, 'utf8')) as BuildReport;
    const noImage = saved.warnings.filter((entry) => entry.kind === 'no-featured-image');
    expect(noImage.map((entry) => entry.id).sort()).toEqual(ids);
    expect(noImage.map((entry) => entry.message)).toContain('post 2017: no featured image');

    const log = formatReport(report).split('\n');
    expect(log.filter((line) => line.includes('featured image'))).toEqual(['  - 40 posts without a featured image: 2039, 2038, 2037, ... (+37)']);
    expect(log).toContain(`${saved.warnings.length} warning(s):`);
  }, 120_000);
});
