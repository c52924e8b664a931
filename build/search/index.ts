/** The search index's stage (README.md): what the pipeline calls, once per build. */
export { pagesForSearch } from './engine-pages.js';
export { updateSearchIndex, type SearchIndexInput, type SearchIndexUpdate, type SearchPage } from './search-index.js';
