import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../data/project-root.js';
import { normalizePosts, startNormalizeHelper, type NormalizeJob } from '../../build/normalize-posts.js';
import { normalizePost } from '../../build/wordpress/normalize.js';

/** The embedded snapshot's posts, again and again under other ids, with a few that are odd on purpose. */
async function snapshotJobs(copies: number): Promise<NormalizeJob[]> {
  const posts = JSON.parse(await readFile(path.join(projectRoot(), 'data/wordpress/posts.json'), 'utf8')) as Record<string, unknown>[];
  const texts: string[] = [];
  for (let copy = 0; copy < copies; copy += 1) {
    for (const post of posts) texts.push(JSON.stringify({ ...post, id: copy * 10_000 + (post.id as number) }));
  }
  texts.splice(7, 0, JSON.stringify({ ...posts[0], id: 'sept' }), JSON.stringify({ ...posts[1], id: 77_777, date: 'hier', modified: null }), '[1, 2]');
  return texts.map((text, index) => {
    // As the snapshot is read: into memory both threads see.
    const bytes = Buffer.from(new SharedArrayBuffer(Buffer.byteLength(text)));
    bytes.write(text);
    return { index, bytes, read: () => JSON.parse(bytes.toString('utf8')) as unknown };
  });
}

const inOneThread = (jobs: NormalizeJob[]) => jobs.map((job) => normalizePost(job.read(), job.index));

describe('normalizing posts in two threads', () => {
  it('gives every post the result one thread gives, in the same order, skipped posts included', async () => {
    const jobs = await snapshotJobs(8);
    expect(jobs.length).toBeGreaterThan(200);
    const results = await normalizePosts(jobs, startNormalizeHelper(), 0);
    expect(results).toEqual(inOneThread(jobs));
    expect(results.filter((result) => 'skipped' in result)).toHaveLength(3);
  }, 60_000);

  it('reports the first post that does not parse, as one thread does, whichever thread met it', async () => {
    const jobs = await snapshotJobs(4);
    const broken = (position: number): NormalizeJob => {
      const bytes = Buffer.from(new SharedArrayBuffer(12));
      bytes.write(`{"id": ${position}, x}`.slice(0, 12));
      return { index: position, bytes, read: () => JSON.parse(bytes.toString('utf8')) as unknown };
    };
    jobs.splice(90, 0, broken(90));
    jobs.splice(40, 0, broken(40));
    const single = (() => {
      try {
        inOneThread(jobs);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(single).toBeDefined();
    await expect(normalizePosts(jobs, startNormalizeHelper(), 0)).rejects.toThrow(single as string);
  }, 60_000);

  it('finishes the work of a helper that stopped', async () => {
    const jobs = await snapshotJobs(4);
    const helper = startNormalizeHelper();
    await helper.worker.terminate();
    expect(await normalizePosts(jobs, helper, 0)).toEqual(inOneThread(jobs));
  }, 60_000);

  it('keeps a small batch in the main thread and lets the helper go', async () => {
    const jobs = await snapshotJobs(1);
    const helper = startNormalizeHelper();
    expect(await normalizePosts(jobs, helper)).toEqual(inOneThread(jobs));
    await helper.ended;
  }, 60_000);
});
