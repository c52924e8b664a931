/**
 * When the builder builds: one build at a time, notifications coalesced, failures retried.
 *
 * - A notification starts a build at once (`debounceMs`, 0 by default): WordPress's plugin already
 *   sends every change of one request (a post, its terms, its image) in one notification, so waiting
 *   would only delay the article.
 * - Notifications that come while a build runs wait for it and are served together by the next
 *   build, which starts as soon as that one ends (builds start at least `minIntervalMs` apart): a
 *   correction right after "Publier" is online a build later, never held back, and a burst of any
 *   size gets at most one more build after the one running.
 * - A failed build (WordPress down) leaves the last site online (the build never publishes half a
 *   site) and is tried again after a backoff that doubles up to `retryMaxMs`; a notification that
 *   comes meanwhile is served at the normal pace (WordPress is evidently back).
 */
/**
 * Thrown by a build that did not run (another build holds the output's lock: cron, the nightly
 * --clean): no failure, tried again shortly, the notifications kept.
 */
export class BuildDeferred extends Error {
  override name = 'BuildDeferred';
  constructor(
    message: string,
    readonly retryInMs = 2_000,
  ) {
    super(message);
  }
}

export interface SchedulerOptions {
  /** One build; resolves with the log line's detail, rejects with the reason it failed. */
  run: (batch: Batch) => Promise<string>;
  log: (line: string) => void;
  debounceMs?: number;
  minIntervalMs?: number;
  retryFirstMs?: number;
  retryMaxMs?: number;
  now?: () => number;
}

/** The notifications a build serves. */
export interface Batch {
  /** Notifications received (0: a retry, or the catch-up build at start). */
  notifications: number;
  /** What they said, first ones first ('post 12 publish'), at most MAX_REASONS. */
  reasons: string[];
  /** When the first of them came. */
  since: number;
  /** The posts they name (a post's status in wp-admin is "being updated" while a build for it is queued or runs). */
  posts: number[];
  /** Every notification only published or updated posts: the build may ask WordPress for those alone. */
  postsOnly: boolean;
  /** Set by the build once its posts are online while it goes on (the later pages of their lists): they are no longer "being updated". */
  postsOnline?: boolean;
}

export interface LastBuild {
  startedAt: string;
  durationMs: number;
  result: 'ok' | 'failed';
  /** The log line's detail: what the build did, or why it failed. */
  detail: string;
  notifications: number;
  /** A failed build's error, as thrown (builder/editor-words.ts says it to editors). */
  error?: unknown;
}

export interface SchedulerStatus {
  building: { since: string; notifications: number; reasons: string[] } | null;
  queued: { notifications: number; reasons: string[]; since: string; startsAt: string | null } | null;
  lastBuild: LastBuild | null;
  lastSuccess: string | null;
  consecutiveFailures: number;
  /** After a failure: when the build is tried again. */
  retryAt: string | null;
}

const MAX_REASONS = 20;

export class BuildScheduler {
  /**
   * `catchUp`: the build at start, which no editor waits behind (it does not delay the next one).
   * `notBefore`: a deferred build's next try.
   */
  private pending: (Batch & { retryAt?: number; catchUp?: true; notBefore?: number }) | undefined;
  private running: { batch: Batch; startedAt: number; done: Promise<void> } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private startsAt: number | undefined;
  private lastStartAt = Number.NEGATIVE_INFINITY;
  private failures = 0;
  private last: LastBuild | null = null;
  private lastSuccess: string | null = null;
  private stopped = false;
  private readonly debounceMs: number;
  private readonly minIntervalMs: number;
  private readonly retryFirstMs: number;
  private readonly retryMaxMs: number;
  private readonly now: () => number;

  constructor(private readonly options: SchedulerOptions) {
    this.debounceMs = options.debounceMs ?? 0;
    this.minIntervalMs = options.minIntervalMs ?? 1_000;
    this.retryFirstMs = options.retryFirstMs ?? 5_000;
    this.retryMaxMs = options.retryMaxMs ?? 5 * 60_000;
    this.now = options.now ?? (() => Date.now());
  }

  /** A notification (or `count` of them) to serve with the next build. */
  notify(reasons: readonly string[], count = 1, posts: readonly number[] = [], postsOnly = false): void {
    if (this.stopped) return;
    const batch = (this.pending ??= { notifications: 0, reasons: [], since: this.now(), posts: [], postsOnly });
    if (batch.notifications === 0) batch.since = this.now();
    batch.postsOnly &&= postsOnly;
    batch.notifications += count;
    for (const reason of reasons) if (batch.reasons.length < MAX_REASONS) batch.reasons.push(reason);
    for (const post of posts) if (!batch.posts.includes(post)) batch.posts.push(post);
    this.schedule();
  }

  /** A build for this post is queued or running: the site does not show its latest version yet. */
  isUpdating(post: number): boolean {
    return Boolean((this.running?.batch.posts.includes(post) && !this.running.batch.postsOnline) || this.pending?.posts.includes(post));
  }

  /** A build is queued or running. */
  get busy(): boolean {
    return this.running !== undefined || this.pending !== undefined;
  }

  /** A build with no notification: the catch-up at start (what was published while the service was down). */
  catchUp(): void {
    if (this.stopped) return;
    this.pending ??= { notifications: 0, reasons: ['start'], since: this.now(), posts: [], postsOnly: false, retryAt: this.now(), catchUp: true };
    this.pending.postsOnly = false;
    this.schedule();
  }

  status(): SchedulerStatus {
    const iso = (ms: number) => new Date(ms).toISOString();
    return {
      building: this.running ? { since: iso(this.running.startedAt), notifications: this.running.batch.notifications, reasons: this.running.batch.reasons } : null,
      queued: this.pending
        ? { notifications: this.pending.notifications, reasons: this.pending.reasons, since: iso(this.pending.since), startsAt: this.startsAt === undefined ? null : iso(this.startsAt) }
        : null,
      lastBuild: this.last,
      lastSuccess: this.lastSuccess,
      consecutiveFailures: this.failures,
      retryAt: this.failures > 0 && this.pending?.retryAt !== undefined ? iso(Math.max(this.pending.retryAt, this.startsAt ?? 0)) : null,
    };
  }

  /** Resolves once no build runs and none is queued (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.running || this.pending) {
      if (this.running) await this.running.done;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** No more builds; waits for the one running (a build is never cut off: it could only fail whole). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.pending = undefined;
    await this.running?.done;
  }

  private schedule(): void {
    if (this.stopped || this.running || !this.pending) return;
    const batch = this.pending;
    const paced =
      batch.notifications > 0 || batch.retryAt === undefined
        ? Math.max(batch.since + this.debounceMs, this.lastStartAt + this.minIntervalMs)
        : Math.max(batch.retryAt, this.lastStartAt + this.minIntervalMs);
    const at = Math.max(paced, batch.notBefore ?? 0);
    if (this.timer !== undefined && this.startsAt === at) return;
    clearTimeout(this.timer);
    this.startsAt = at;
    this.timer = setTimeout(() => this.start(), Math.max(0, at - this.now()));
  }

  private start(): void {
    this.timer = undefined;
    this.startsAt = undefined;
    const batch = this.pending;
    if (!batch || this.running || this.stopped) return;
    this.pending = undefined;
    const startedAt = this.now();
    const previousStart = this.lastStartAt;
    if (!batch.catchUp || batch.notifications > 0) this.lastStartAt = startedAt;
    const done = this.options
      .run(batch)
      .then(
        (detail) => {
          this.failures = 0;
          this.finish(batch, startedAt, 'ok', detail);
        },
        (error: unknown) => {
          if (error instanceof BuildDeferred) {
            // It did not run: the batch waits its turn again, as it was, without counting as a build.
            this.lastStartAt = previousStart;
            this.options.log(`build deferred (${served(batch)}): ${error.message}; trying again in ${(error.retryInMs / 1000).toFixed(1)} s`);
            if (!this.stopped) this.requeue(batch, this.now() + error.retryInMs);
            return;
          }
          this.failures += 1;
          const delay = Math.min(this.retryFirstMs * 2 ** (this.failures - 1), this.retryMaxMs);
          const reason = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message.split('\n')[0]}` : String(error);
          this.finish(batch, startedAt, 'failed', reason, `; retry in ${(delay / 1000).toFixed(delay < 10_000 ? 1 : 0)} s`, error);
          if (!this.stopped) {
            const retry = (this.pending ??= { notifications: 0, reasons: [], since: this.now(), posts: [], postsOnly: false });
            // What failed may have been half done: the retry checks everything.
            retry.postsOnly = false;
            retry.retryAt = this.now() + delay;
            // Its posts, unless it put them online, stay named until a build serves them.
            if (!batch.postsOnline) for (const post of batch.posts) if (!retry.posts.includes(post)) retry.posts.push(post);
            if (retry.reasons.length < MAX_REASONS) retry.reasons.push('retry');
          }
        },
      )
      .finally(() => {
        this.running = undefined;
        this.schedule();
      });
    this.running = { batch, startedAt, done };
  }

  /** A batch that did not run goes back in front of what came meanwhile. */
  private requeue(batch: Batch & { catchUp?: true; retryAt?: number }, notBefore: number): void {
    const later = this.pending;
    const reasons = [...batch.reasons, ...(later?.reasons ?? [])].slice(0, MAX_REASONS);
    this.pending = {
      notifications: batch.notifications + (later?.notifications ?? 0),
      reasons,
      since: Math.min(batch.since, later?.since ?? batch.since),
      posts: [...new Set([...batch.posts, ...(later?.posts ?? [])])],
      postsOnly: batch.postsOnly && (later?.postsOnly ?? true),
      notBefore,
      ...(batch.catchUp ? { catchUp: true as const } : {}),
      ...(batch.retryAt !== undefined || later?.retryAt !== undefined ? { retryAt: Math.min(batch.retryAt ?? Infinity, later?.retryAt ?? Infinity) } : {}),
    };
  }

  private finish(batch: Batch, startedAt: number, result: 'ok' | 'failed', detail: string, suffix = '', error?: unknown): void {
    const durationMs = this.now() - startedAt;
    this.last = { startedAt: new Date(startedAt).toISOString(), durationMs, result, detail, notifications: batch.notifications, ...(error === undefined ? {} : { error }) };
    if (result === 'ok') this.lastSuccess = this.last.startedAt;
    this.options.log(`build ${result} in ${(durationMs / 1000).toFixed(2)} s (${served(batch)}): ${detail}${suffix}`);
  }
}

/** What a build served, for its log line: '2 notifications: post 12 publish, post 12 update' or 'start', 'retry'. */
function served(batch: Batch): string {
  if (batch.notifications === 0) return batch.reasons[0] ?? 'retry';
  return `${batch.notifications} notification${batch.notifications > 1 ? 's' : ''}: ${batch.reasons.slice(0, 3).join(', ')}${batch.reasons.length > 3 ? ', …' : ''}`;
}
