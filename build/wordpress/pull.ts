import type { RawWordPressContent } from './raw.js';

// The live pull; the news issue hardens it (timeouts, retries, concurrency, progress).
export async function pullWordPress(apiUrl: string): Promise<RawWordPressContent> {
  const [posts, categories, tags] = await Promise.all([
    fetchAllPages(apiUrl, 'posts', '_embed=1&orderby=date&order=desc'),
    fetchAllPages(apiUrl, 'categories', ''),
    fetchAllPages(apiUrl, 'tags', ''),
  ]);
  return { posts, categories, tags };
}

async function fetchAllPages(apiUrl: string, resource: string, query: string): Promise<unknown[]> {
  const items: unknown[] = [];
  for (let page = 1, totalPages = 1; page <= totalPages; page += 1) {
    const url = `${apiUrl}/${resource}?per_page=100&page=${page}${query ? `&${query}` : ''}`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`WordPress answered ${response.status} for ${url}`);
    totalPages = Number(response.headers.get('x-wp-totalpages') ?? '1') || 1;
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error(`WordPress sent no list for ${url}`);
    items.push(...body);
  }
  return items;
}
