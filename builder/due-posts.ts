import { z } from 'zod';
import { askPlugin } from './plugin-client.js';

/** A few seconds after a post's time: WordPress publishes what is due at or before its own clock. */
const AFTER_DUE_MS = 1_000;
/** Whatever the notifications said (one may have been lost), WordPress is asked this often. */
const SAFETY_MS = 5 * 60_000;
/** When WordPress did not answer. */
const RETRY_MS = 30_000;
/** setTimeout's own limit (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

const Answer = z.object({ published: z.array(z.number()), next: z.number().nullable(), now: z.number() });

export interface DuePostsOptions {
  apiUrl: string;
  secret: string;
  log: (line: string) => void;
  fetcher?: typeof fetch;
}

/**
 * Scheduled posts go out on time without a visitor. WP-Cron runs only when someone visits
 * WordPress, and a headless WordPress has none (gatsbyjs/wp-gatsby#26): the builder keeps the time
 * of the next scheduled post (every notification carries it) and, when it comes, asks the plugin to
 * publish what is due (a signed request). WordPress then notifies the build as for any publish. It
 * asks at start too (posts whose time passed while the service was down) and every few minutes.
 */
export class DuePosts {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private safety: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private asking: Promise<void> | undefined;
  /** When the next scheduled post is due (ms, this clock), as last told. */
  next: number | null = null;

  constructor(private readonly options: DuePostsOptions) {}

  start(): void {
    this.safety = setInterval(() => void this.publishDue(), SAFETY_MS);
    this.safety.unref();
    void this.publishDue();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.safety);
  }

  /** A notification said when the next scheduled post is due (Unix seconds; null: none). */
  told(nextSeconds: number | null): void {
    this.plan(nextSeconds === null ? null : nextSeconds * 1000, Date.now());
  }

  /** Asks the plugin to publish what is due; plans the next time from its answer. */
  publishDue(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.asking ??= this.ask().finally(() => {
      this.asking = undefined;
    });
    return this.asking;
  }

  private async ask(): Promise<void> {
    try {
      const answer = await askPlugin(this.options.apiUrl, this.options.secret, 'publish-due', {}, this.options.fetcher);
      const parsed = Answer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) throw new Error(`HTTP ${answer.status} from ${answer.url}`);
      const { published, next, now } = parsed.data;
      if (published.length > 0) this.options.log(`scheduled posts due: ${published.join(', ')} published by WordPress`);
      // WordPress's clock decides what is due: the wait is counted from its "now".
      this.plan(next === null ? null : Date.now() + (next - now) * 1000, Date.now());
    } catch (error) {
      this.options.log(`scheduled posts: WordPress could not be asked (${(error as Error).message}); asking again in ${RETRY_MS / 1000} s`);
      this.arm(RETRY_MS);
    }
  }

  private plan(dueAt: number | null, now: number): void {
    this.next = dueAt;
    if (dueAt === null) {
      clearTimeout(this.timer);
      this.timer = undefined;
      return;
    }
    this.arm(Math.max(AFTER_DUE_MS, dueAt - now + AFTER_DUE_MS));
  }

  private arm(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.publishDue(), Math.min(delayMs, MAX_TIMER_MS));
  }
}
