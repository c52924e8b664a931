import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BuildOptions } from '../build/options.js';
import type { BuildReport } from '../build/report.js';
import { basePathOf } from '../src/lib/html.js';
import { createBuildJob } from './build-job.js';
import type { BuilderConfig } from './config.js';
import { DuePosts } from './due-posts.js';
import { createGoHandler } from './go.js';
import { createHookReceiver, describeEvents, siteEvents } from './hook.js';
import { createPreviewHandler } from './preview/handler.js';
import { createAssetSource } from './preview/render.js';
import { BuildScheduler, type SchedulerOptions } from './scheduler.js';
import { createBuilderServer } from './server.js';
import { SiteStatus } from './site-status.js';

export interface RunningBuilder {
  /** http://host:port */
  url: string;
  scheduler: BuildScheduler;
  /** Stops taking requests, waits for the build running (never cut off), then closes. */
  stop(): Promise<void>;
}

export interface BuilderOverrides {
  /** The build (tests, benchmarks); the build's own entry by default. */
  build?: (options: BuildOptions) => Promise<BuildReport>;
  /** The scheduler's pace (tests). */
  timing?: Pick<SchedulerOptions, 'debounceMs' | 'minIntervalMs' | 'retryFirstMs' | 'retryMaxMs'>;
  /** The jobs of a start (default true): a catch-up build for what was published while the service was down, the scheduled posts due, the preview's bundles made ahead of the first preview. */
  catchUp?: boolean;
  /** How WordPress's plugin is asked (tests). */
  fetcher?: typeof fetch;
  log?: (line: string) => void;
  now?: () => number;
  env?: NodeJS.ProcessEnv;
}

/** The service: its HTTP endpoints over one build scheduler. Resolves once listening. */
export async function startBuilder(config: BuilderConfig, overrides: BuilderOverrides = {}): Promise<RunningBuilder> {
  const log = overrides.log ?? ((line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`));
  const now = overrides.now ?? (() => Date.now());
  const job = createBuildJob({
    buildArgs: config.buildArgs,
    env: overrides.env ?? process.env,
    ...(config.publish ? { publish: config.publish } : {}),
    ...(overrides.build ? { build: overrides.build } : {}),
  });
  const scheduler = new BuildScheduler({ run: job, log, now, ...overrides.timing });
  const duePosts = new DuePosts({ apiUrl: config.build.wpUrl, secret: config.secret, log, ...(overrides.fetcher ? { fetcher: overrides.fetcher } : {}) });
  const hook = createHookReceiver(
    config.secret,
    (notification) => {
      if (notification.nextScheduled !== undefined) duePosts.told(notification.nextScheduled);
      const events = siteEvents(notification);
      if (events.length === 0) return;
      const postsOnly = events.every((event) => event.kind === 'post' && (event.action === 'publish' || event.action === 'update'));
      scheduler.notify(describeEvents({ events }), 1, events.filter((event) => event.kind === 'post').map((event) => event.id), postsOnly);
    },
    now,
  );
  const siteStatus = new SiteStatus({ outDir: config.build.outDir, cacheDir: config.build.cacheDir, scheduler });
  const mediaDir = path.join(config.build.cacheDir, 'preview-media');
  const assets = createAssetSource();
  let bundled: Awaited<ReturnType<typeof assets.get>> | undefined;
  const previewAssets = {
    get: (shared: Parameters<typeof assets.get>[0]) =>
      assets.get(shared).then((built) => {
        bundled = built;
        return built;
      }),
  };
  const preview = createPreviewHandler({
    secret: config.secret,
    ...(overrides.fetcher ? { fetcher: overrides.fetcher } : {}),
    settings: { siteUrl: config.build.siteUrl, apiUrl: config.build.wpUrl, mediaOrigins: config.build.mediaOrigins, mediaDir, ...(config.build.dataDir ? { dataDir: config.build.dataDir } : {}) },
    assets: previewAssets,
    log,
    now,
  });
  const server = createBuilderServer({
    hook,
    scheduler,
    siteStatus,
    preview: preview.answer,
    go: createGoHandler({ siteStatus, siteUrl: config.build.siteUrl }),
    statics: { basePath: basePathOf(config.build.siteUrl), siteUrl: config.build.siteUrl, outDir: config.build.outDir, previewMediaFiles: path.join(mediaDir, 'files'), assets: () => bundled },
    log,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  log(`builder listening on ${url}: WordPress ${config.build.wpUrl}, output ${config.build.outDir}${config.publish ? ', with a publish command' : ''}`);
  if (config.obsolete.length > 0) log(`${config.obsolete.join(' and ')} are no longer used (previews are read through the plugin, as the editor who clicked): remove them and the application password`);
  if (overrides.catchUp ?? true) {
    scheduler.catchUp();
    duePosts.start();
    // The first preview should not pay for bundling the site's scripts and styles.
    preview.warm();
  }
  return {
    url,
    scheduler,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      duePosts.stop();
      await scheduler.stop();
    },
  };
}
