import { PageBanner } from '../components/PageBanner.js';

/** A page that is only its title banner (spec: /club/vie-du-club/benevoles). */
export function BannerOnlyPage({ title, subtitle }: { title: string; subtitle?: string }) {
  return <PageBanner title={title} subtitle={subtitle} />;
}
