import { PageBanner } from '../components/PageBanner.js';

/** A page that is only its title banner (spec: /club/vie-du-club/benevoles). */
export function BannerOnlyPage({ title }: { title: string }) {
  return <PageBanner title={title} />;
}
