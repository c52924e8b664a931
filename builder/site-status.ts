import { statSync } from 'node:fs';
import path from 'node:path';
import { realOutDir } from '../build/lock.js';
import { readKnownVersions } from '../build/state/database.js';
import { editorReason } from './editor-words.js';
import type { BuildScheduler } from './scheduler.js';

/** A post as WordPress has it now: what wp-admin asks about. */
export interface PostQuery {
  id: number;
  /** WordPress's status: publish, draft, trash… */
  status: string;
  /** WordPress's `modified` (site time, as the REST API writes it: 2026-11-28T14:05:00). */
  modified: string;
}

/**
 * - live: the site shows this version (a published post) since `at`;
 * - absent: not on the site, as it should be (a draft, a trashed post);
 * - updating: a build for it is queued or running;
 * - failed: the last build failed (`reason` in an editor's words);
 * - waiting: the site has another version and no build is coming (a notification lost).
 */
export type SiteState = 'live' | 'absent' | 'updating' | 'failed' | 'waiting';

export interface PostSiteStatus {
  state: SiteState;
  at?: string;
  reason?: string;
}

export interface BuilderSiteStatus {
  result: 'ok' | 'failed' | null;
  reason?: string;
  lastSuccess: string | null;
  retryAt: string | null;
  building: boolean;
}

export interface SiteStatusOptions {
  outDir: string;
  cacheDir: string;
  scheduler: BuildScheduler;
}

/** The page of an article in the output (the route table's /actualites/article/<id>/). */
export const articleFile = (outDir: string, id: number): string => path.join(outDir, 'actualites', 'article', String(id), 'index.html');

/**
 * Whether the site shows each post's latest version: WordPress's modification date against the
 * one the site was built from (the build state's record of WordPress, `wp_known`), the article's
 * page in the output, and the builds queued or running. A post that is behind with no build coming
 * (its notification was lost) is built once per version when asked about.
 */
export class SiteStatus {
  private readonly nudged = new Set<string>();

  constructor(private readonly options: SiteStatusOptions) {}

  builder(): BuilderSiteStatus {
    const status = this.options.scheduler.status();
    const last = status.lastBuild;
    return {
      result: last?.result ?? null,
      ...(last?.result === 'failed' ? { reason: editorReason(last.error ?? last.detail) } : {}),
      lastSuccess: status.lastSuccess,
      retryAt: status.retryAt,
      building: status.building !== null,
    };
  }

  posts(queries: readonly PostQuery[], nudge: boolean): Record<number, PostSiteStatus> {
    const { scheduler } = this.options;
    const versions = this.siteVersions(queries.map((query) => query.id));
    const failing = scheduler.status().consecutiveFailures > 0;
    const reason = failing ? this.builder().reason : undefined;
    const failed = (): PostSiteStatus => ({ state: 'failed', ...(reason ? { reason } : {}) });
    const result: Record<number, PostSiteStatus> = {};
    for (const query of queries) {
      if (scheduler.isUpdating(query.id)) {
        result[query.id] = failing ? failed() : { state: 'updating' };
        continue;
      }
      const page = statSync(articleFile(this.options.outDir, query.id), { throwIfNoEntry: false });
      const published = query.status === 'publish';
      const version = versions.get(query.id);
      if (published && page && version === query.modified) {
        result[query.id] = { state: 'live', at: page.mtime.toISOString() };
      } else if (!published && !page && version === undefined) {
        result[query.id] = { state: 'absent' };
      } else if (failing) {
        result[query.id] = failed();
      } else if (scheduler.busy) {
        result[query.id] = { state: 'updating' };
      } else if (nudge && this.nudgeOnce(query)) {
        result[query.id] = { state: 'updating' };
      } else {
        result[query.id] = { state: 'waiting' };
      }
    }
    return result;
  }

  /** Builds once for a post version the site does not show and no build is coming for. */
  private nudgeOnce(query: PostQuery): boolean {
    const key = `${query.id}:${query.status}:${query.modified}`;
    if (this.nudged.has(key)) return false;
    if (this.nudged.size > 10_000) this.nudged.clear();
    this.nudged.add(key);
    this.options.scheduler.notify([`post ${query.id} behind`], 1, [query.id]);
    return true;
  }

  /** The `modified` of each post the site was built from (absent: not on the site); the state is named by the output's real path, as the build names it. */
  private siteVersions(ids: readonly number[]): Map<number, string> {
    return readKnownVersions({ outDir: realOutDir(this.options.outDir), cacheDir: this.options.cacheDir }, ids);
  }
}
