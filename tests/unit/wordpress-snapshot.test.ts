import { describe, expect, it } from 'vitest';
import { collectMediaPaths, rewriteUploads, uploadsPrefixOf } from '../../build/wordpress/snapshot.js';

const PREFIX = 'https://cms.example/wp-content/uploads/';
const POSTS = [
  {
    id: 1,
    content: { rendered: `<img src="${PREFIX}2025/08/a-768x432.jpg" srcset="${PREFIX}2025/08/a-300x169.jpg 300w, ${PREFIX}2025/08/a.jpg 1024w"><a href="https://other.example/wp-content/uploads/x.jpg">x</a>` },
    _embedded: { 'wp:featuredmedia': [{ source_url: `${PREFIX}2025/08/a.jpg`, media_details: { sizes: { thumbnail: { source_url: `${PREFIX}2025/08/a-150x150.jpg` } } } }] },
  },
  { id: 2, content: { rendered: `<img src="${PREFIX}../../etc/passwd.jpg"><img src="${PREFIX}2025/01/script.php">` } },
];

describe('snapshot media', () => {
  it('finds the uploads folder of a REST base, also under a sub-path', () => {
    expect(uploadsPrefixOf('https://cms.example/wp-json/wp/v2')).toBe(PREFIX);
    expect(uploadsPrefixOf('http://127.0.0.1:8080/blog/wp-json/wp/v2/')).toBe('http://127.0.0.1:8080/blog/wp-content/uploads/');
  });

  it('collects every image of WordPress uploads a post uses, never an unsafe path or another host', () => {
    expect([...collectMediaPaths(POSTS, PREFIX)].sort()).toEqual(['2025/08/a-150x150.jpg', '2025/08/a-300x169.jpg', '2025/08/a-768x432.jpg', '2025/08/a.jpg']);
  });

  it('rewrites uploads URLs to root-relative /media/ paths and leaves the rest as it was', () => {
    const [first] = rewriteUploads(POSTS, PREFIX) as typeof POSTS;
    expect(first?._embedded?.['wp:featuredmedia'][0]?.source_url).toBe('/media/2025/08/a.jpg');
    expect(first?.content.rendered).toBe('<img src="/media/2025/08/a-768x432.jpg" srcset="/media/2025/08/a-300x169.jpg 300w, /media/2025/08/a.jpg 1024w"><a href="https://other.example/wp-content/uploads/x.jpg">x</a>');
    expect(first?.id).toBe(1);
  });
});
