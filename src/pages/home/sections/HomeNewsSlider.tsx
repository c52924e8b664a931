import { Island } from '../../../components/Island.js';
import { NewsSlider, type SlideData } from '../../../islands/news-slider/NewsSlider.js';
import { href } from '../../../routes/route-paths.js';
import type { SiteData } from '../../../site-data.js';
import { pictureOf } from '../../../components/news/news-cards.js';
import { leadingPosts } from '../../news/load-news.js';

/** Spec 2.4: the slider of the 4 latest posts (sticky ones first), each with its title and 'En savoir plus'. */
export interface HomeNewsSliderProps {
  posts: SlideData[];
}

export function loadHomeNewsSlider(site: SiteData): HomeNewsSliderProps {
  return {
    posts: leadingPosts(site, 4).map((post) => ({
      id: post.id,
      href: href('news-article', { id: post.id }),
      titleHtml: post.titleHtml,
      titleText: post.titleText,
      image: post.image ? pictureOf(post.image, 'hero') : null,
    })),
  };
}

export function HomeNewsSlider({ posts }: HomeNewsSliderProps) {
  if (posts.length === 0) return null;
  return <Island name="news-slider" component={NewsSlider} props={{ slides: posts }} />;
}
