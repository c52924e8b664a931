/** WordPress REST objects exactly as received: untrusted until normalize has read them. */
export interface RawWordPressContent {
  posts: unknown[];
  categories: unknown[];
  tags: unknown[];
}
