import type { SiteData } from '../../site-data.js';
import { HomeHistory, loadHomeHistory, type HomeHistoryProps } from './sections/HomeHistory.js';
import { HomeLatestNews, loadHomeLatestNews, type HomeLatestNewsProps } from './sections/HomeLatestNews.js';
import { HomeMatches, loadHomeMatches, type HomeMatchesProps } from './sections/HomeMatches.js';
import { HomeNewsSlider, loadHomeNewsSlider, type HomeNewsSliderProps } from './sections/HomeNewsSlider.js';
import { HomePartnerBanner, loadHomePartnerBanner, type HomePartnerBannerProps } from './sections/HomePartnerBanner.js';

/** Spec 2.4, in order: news slider, Les matchs, Les Actus, history teaser, partner banner. */
export interface HomePageProps {
  slider: HomeNewsSliderProps;
  matches: HomeMatchesProps;
  latest: HomeLatestNewsProps;
  history: HomeHistoryProps;
  partnerBanner: HomePartnerBannerProps;
}

export function loadHomePage(site: SiteData): HomePageProps {
  return {
    slider: loadHomeNewsSlider(site),
    matches: loadHomeMatches(site),
    latest: loadHomeLatestNews(site),
    history: loadHomeHistory(site),
    partnerBanner: loadHomePartnerBanner(site),
  };
}

export function HomePage({ slider, matches, latest, history, partnerBanner }: HomePageProps) {
  return (
    <>
      <h1 className="visually-hidden">Saint-Quentin Basket-Ball, club de Betclic Elite</h1>
      <HomeNewsSlider {...slider} />
      <HomeMatches {...matches} />
      <HomeLatestNews {...latest} />
      <HomeHistory {...history} />
      <HomePartnerBanner {...partnerBanner} />
    </>
  );
}
