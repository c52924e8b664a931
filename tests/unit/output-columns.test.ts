import { describe, expect, it } from 'vitest';
import type { OutputRecord } from '../../build/cache/build-cache.js';
import { fromColumns, toColumns } from '../../build/cache/output-columns.js';

describe("the output records in the state's columns", () => {
  const page = (routeId: string, size: number) => ({ routeId, pageType: 'article' as const, islands: ['nav' as const], stylesheets: ['/assets/site.css'], size });

  it('reads back every record as it was: pages, files with and without a size, the posts and list they name, in order', () => {
    const records = new Map<string, OutputRecord>([
      ['/index.html', { key: 'a', page: { ...page('home', 62_475), pageType: 'home' } }],
      ['/actualites/article/1/index.html', { key: 'b', page: page('news-article', 20_000), posts: ',1,' }],
      ['/actualites/article/2/index.html', { key: 'c', page: page('news-article', 21_001), posts: ',2,' }],
      ['/actualites/page/2.json', { key: 'd', size: 0, posts: ',2,1,', list: 'news' }],
      ['/actualites/category/9/index.html', { key: 'g', page: page('news-category', 9_000), posts: ',2,', list: 'category:9' }],
      ['/actualites/category/9/page/2.json', { key: 'f', size: 3, posts: ',', list: 'category:9' }],
      ['/robots.txt', { key: 'e' }],
    ]);
    const back = fromColumns(structuredClone(toColumns(records)));
    expect(back).toEqual(records);
    expect([...(back?.keys() ?? [])]).toEqual([...records.keys()]);
    expect(toColumns(records).kinds).toHaveLength(3);
  });

  it('reads back no record from no record', () => {
    expect(fromColumns(toColumns(new Map()))).toEqual(new Map());
  });

  it('refuses columns that do not agree', () => {
    const columns = toColumns(new Map([['/a', { key: 'a' }], ['/b', { key: 'b', page: page('x', 1) }]]));
    expect(fromColumns({ ...columns, keys: 'a' })).toBeUndefined();
    expect(fromColumns({ ...columns, kindOf: Int32Array.of(-1, 5) })).toBeUndefined();
    expect(fromColumns({ ...columns, sizes: new Float64Array(1) })).toBeUndefined();
    expect(fromColumns({ ...columns, posts: ',1,' })).toBeUndefined();
    expect(fromColumns({ ...columns, lists: 'news' })).toBeUndefined();
  });
});
