import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuildDeferred, BuildScheduler, type Batch } from '../../builder/scheduler.js';

/** Issue 32: bursts coalesced, one build at a time, a failed build retried with backoff. On a fake clock. */
beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-01T20:00:00Z') }));
afterEach(() => vi.useRealTimers());

function scheduler(options: { buildMs?: number; fail?: (count: number) => boolean } = {}) {
  const builds: { at: number; batch: Batch }[] = [];
  const lines: string[] = [];
  let running = 0;
  let most = 0;
  const instance = new BuildScheduler({
    run: async (batch) => {
      builds.push({ at: Date.now(), batch });
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, options.buildMs ?? 800));
      running -= 1;
      if (options.fail?.(builds.length)) throw new Error('WordPress at http://cms.test/wp-json/wp/v2 could not be read: ECONNREFUSED');
      return 'incremental: 1 new, 0 changed, 0 removed posts';
    },
    log: (line) => lines.push(line),
  });
  return { instance, builds, lines, most: () => most };
}

describe('build scheduler', () => {
  it('builds every save of an editor saving every two seconds within a second of it, never holding one back', async () => {
    const { instance, builds } = scheduler();
    const saves: number[] = [];
    for (let save = 0; save < 5; save += 1) {
      saves.push(Date.now());
      instance.notify([`post 12 update`]);
      await vi.advanceTimersByTimeAsync(2_000);
    }
    await vi.advanceTimersByTimeAsync(30_000);
    expect(builds.map((build) => build.batch.notifications)).toEqual([1, 1, 1, 1, 1]);
    builds.forEach((build, index) => expect(build.at - (saves[index] ?? 0)).toBeLessThanOrEqual(1_000));
  });

  it('serves a correction made while the publish is being built by the next build, as soon as that one ends', async () => {
    const { instance, builds } = scheduler({ buildMs: 800 });
    instance.notify(['post 12 publish']);
    await vi.advanceTimersByTimeAsync(500);
    const corrected = Date.now();
    instance.notify(['post 12 update'], 1, [12]);
    expect(instance.isUpdating(12)).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(builds.map((build) => build.batch.reasons)).toEqual([['post 12 publish'], ['post 12 update']]);
    // The first build ends 0.8 s after the publish; the next starts 1 s after the first started, 0.5 s after the correction.
    expect((builds[1]?.at ?? Infinity) - corrected).toBeLessThanOrEqual(1_000);
    expect(instance.isUpdating(12)).toBe(false);
  });

  it('lets a build ask WordPress for the posts alone only when every notification it serves only published or updated posts', async () => {
    const { instance, builds } = scheduler();
    instance.notify(['post 12 publish'], 1, [12], true);
    await vi.advanceTimersByTimeAsync(5_000);
    instance.notify(['post 12 update'], 1, [12], true);
    instance.notify(['category 3 edit'], 1, [], false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(builds.map((build) => build.batch.postsOnly)).toEqual([true, false]);
  });

  it('starts the build of a lone notification at once', async () => {
    const { instance, builds } = scheduler();
    const sent = Date.now();
    instance.notify(['post 12 publish']);
    await vi.advanceTimersByTimeAsync(0);
    expect(builds).toHaveLength(1);
    expect((builds[0]?.at ?? Infinity) - sent).toBe(0);
  });

  it('gives twenty notifications in a burst at most two builds, never two at once', async () => {
    const { instance, builds, most } = scheduler({ buildMs: 3_000 });
    for (let index = 0; index < 20; index += 1) {
      instance.notify([`post ${index + 1} publish`]);
      await vi.advanceTimersByTimeAsync(50);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(builds.length).toBeGreaterThanOrEqual(1);
    expect(builds.length).toBeLessThanOrEqual(2);
    expect(builds.reduce((sum, build) => sum + build.batch.notifications, 0)).toBe(20);
    expect(most()).toBe(1);
  });

  it('retries a failed build with a doubling backoff, logs one line per build, and says so in its status', async () => {
    const { instance, builds, lines } = scheduler({ fail: (count) => count <= 3 });
    instance.notify(['post 12 publish']);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(instance.status()).toMatchObject({ lastBuild: { result: 'failed' }, consecutiveFailures: 1, queued: { notifications: 0, reasons: ['retry'] } });
    await vi.advanceTimersByTimeAsync(120_000);
    const starts = builds.map((build) => build.at - (builds[0]?.at ?? 0));
    // Retries 5 s, 10 s, 20 s after each failure.
    expect(starts).toHaveLength(4);
    expect(((starts[2] ?? 0) - (starts[1] ?? 0)) / ((starts[1] ?? 0) - (starts[0] ?? 0))).toBeGreaterThanOrEqual(1);
    expect((starts[3] ?? 0) - (starts[2] ?? 0)).toBeGreaterThanOrEqual(20_000);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^build failed in 0\.80 s \(1 notification: post 12 publish\): WordPress at .* ECONNREFUSED; retry in 5\.0 s$/);
    expect(lines[3]).toMatch(/^build ok in 0\.80 s \(retry\): incremental: 1 new/);
    expect(instance.status()).toMatchObject({ lastBuild: { result: 'ok' }, consecutiveFailures: 0, queued: null });
  });

  it('serves a notification that comes during a long backoff at the normal pace (WordPress is evidently back)', async () => {
    const { instance, builds } = scheduler({ fail: (count) => count <= 3 });
    instance.notify(['post 12 publish']);
    // Three failures: the next retry would wait 20 s.
    while (builds.length < 3) await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(instance.status().consecutiveFailures).toBe(3);
    instance.notify(['post 13 publish']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(builds).toHaveLength(4);
    expect(builds[3]?.batch.reasons).toEqual(['retry', 'post 13 publish']);
    expect((builds[3]?.at ?? 0) - (builds[2]?.at ?? 0)).toBeLessThan(5_000);
  });

  it('builds once at start, and a notification soon after is not held back by that build', async () => {
    const { instance, builds } = scheduler();
    instance.catchUp();
    await vi.advanceTimersByTimeAsync(1_000);
    instance.notify(['post 12 publish']);
    await vi.advanceTimersByTimeAsync(400);
    expect(builds.map((build) => build.batch.reasons)).toEqual([['start'], ['post 12 publish']]);
  });

  it('tries a build again 2 s later when another build holds the output, without counting a failure or a build', async () => {
    const starts: number[] = [];
    const lines: string[] = [];
    let locked = 2;
    const instance = new BuildScheduler({
      run: async () => {
        starts.push(Date.now());
        if (locked-- > 0) throw new BuildDeferred('another build is writing /srv/site/dist (lock /srv/site/dist.lock): this run stops, the next one catches up');
        return 'incremental: 1 new, 0 changed, 0 removed posts';
      },
      log: (line) => lines.push(line),
    });
    instance.notify(['post 12 publish']);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(starts.map((at) => at - (starts[0] ?? 0))).toEqual([0, 2_000, 4_000]);
    expect(lines).toEqual([
      'build deferred (1 notification: post 12 publish): another build is writing /srv/site/dist (lock /srv/site/dist.lock): this run stops, the next one catches up; trying again in 2.0 s',
      expect.stringMatching(/^build deferred/),
      expect.stringMatching(/^build ok in 0\.00 s \(1 notification: post 12 publish\): incremental/),
    ]);
    expect(instance.status()).toMatchObject({ consecutiveFailures: 0, lastBuild: { result: 'ok' } });
  });

  it('finishes the build running when stopped, and starts no other', async () => {
    const { instance, builds } = scheduler();
    instance.notify(['post 12 publish']);
    await vi.advanceTimersByTimeAsync(400);
    instance.notify(['post 13 publish']);
    const stopped = instance.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    await stopped;
    expect(builds).toHaveLength(1);
    expect(instance.status().lastBuild?.result).toBe('ok');
  });
});
