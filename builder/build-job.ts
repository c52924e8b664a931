import { formatCount } from '../build/format-count.js';
import { BuildLockedError } from '../build/lock.js';
import { parseOptions, type BuildOptions } from '../build/options.js';
import { muteLog } from '../build/progress.js';
import { formatRunLine, type BuildReport } from '../build/report.js';
import { runBuild, type WarmState } from '../build/pipeline.js';
import { PublishError, runPublish } from './publish.js';
import { BuildDeferred, type Batch } from './scheduler.js';

export interface BuildJobOptions {
  /** The build's flags (`--wp`, `--out`, `--site-url`, `--media-origin`…), parsed again for each build (its "now"). */
  buildArgs: readonly string[];
  env: NodeJS.ProcessEnv;
  /** The operator's publish command, run after each build that changed something. */
  publish?: string;
  /** The build's own entry, in this process; tests give another. */
  build?: (options: BuildOptions) => Promise<BuildReport>;
  publishCommand?: typeof runPublish;
}

/**
 * One build as cron runs it (the same incremental build, the same entry), then the publish command
 * with the paths it changed. A notification's build puts its posts online first and may leave the
 * later pages of their lists, shifted by one, to a second build right after it (BuildOptions'
 * `later`: at 5,000 posts a new post shifts some 500 pages). Paths a failed publish did not send
 * are sent with the next one, so a CDN purge misses nothing. Resolves with the log line's detail;
 * rejects when a build or the publish failed (the scheduler tries again).
 */
export function createBuildJob(options: BuildJobOptions): (batch?: Pick<Batch, 'postsOnly' | 'posts' | 'postsOnline'>) => Promise<string> {
  // The output's state stays open between builds, with what they read: a notification's build reads only what it changes.
  const warm: WarmState = {};
  const build = options.build ?? ((buildOptions: BuildOptions) => runBuild(buildOptions, true, warm));
  const publish = options.publishCommand ?? runPublish;
  const unpublished = new Set<string>();
  return async (batch) => {
    // The lock is waited for synchronously (SQLite's busy timeout): the service never waits on it,
    // it tries again a little later, answering hooks and previews meanwhile.
    const buildOptions: BuildOptions = { ...parseOptions(options.buildArgs, options.env), lockWaitMs: 0, ...(batch?.postsOnly && batch.posts.length > 0 ? { notifiedPosts: batch.posts } : {}) };
    // The build's own lines (its WordPress sync) would break the one line per build.
    muteLog(true);
    const changed = new Set<string>();
    let line = '';
    try {
      for (const later of buildOptions.notifiedPosts ? [true, false] : [false]) {
        const report = await build({ ...buildOptions, later });
        // Published with the next publish if what follows fails.
        for (const changedPath of report.changedPaths ?? []) {
          changed.add(changedPath);
          unpublished.add(changedPath);
        }
        line = line ? `${line}; then ${formatCount(report.run.pagesRendered)} of ${formatCount(report.pages)} pages rendered` : formatRunLine(report.run, report.pages);
        if (!report.run.pagesLater) break;
        // wp-admin says the posts are online ("Afficher l'article" goes to them) while the rest is made.
        if (batch) batch.postsOnline = true;
      }
    } catch (error) {
      if (error instanceof BuildLockedError) throw new BuildDeferred(error.message);
      throw error;
    } finally {
      muteLog(false);
    }
    line = `${line}; ${formatCount(changed.size)} files changed`;
    if (!options.publish) return line;
    if (unpublished.size === 0) return `${line}; nothing to publish`;
    const started = performance.now();
    try {
      await publish(options.publish, [...unpublished].sort(), buildOptions.outDir);
    } catch (error) {
      throw new PublishError(`${line}; ${(error as Error).message} (${formatCount(unpublished.size)} paths sent with the next publish)`);
    }
    const sent = unpublished.size;
    unpublished.clear();
    return `${line}; published ${formatCount(sent)} paths in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  };
}
