import { Island } from '../../components/Island.js';
import { PageBanner } from '../../components/PageBanner.js';
import { LoadMoreList, type LoadMoreListProps } from '../../islands/load-more/LoadMoreList.js';
import { NewsSearchForm } from '../search/NewsSearchForm.js';

export interface NewsListPageProps {
  title: string;
  subtitle?: string;
  list: LoadMoreListProps;
}

/** /actualites, its HTML pages, and the category and tag pages: 12 cards and 'load more'. */
export function NewsListPage({ title, subtitle, list }: NewsListPageProps) {
  return (
    <>
      <PageBanner title={title} subtitle={subtitle}>
        <NewsSearchForm />
      </PageBanner>
      <section className="container section news-list">
        <Island name="load-more" component={LoadMoreList} props={list} />
      </section>
    </>
  );
}
