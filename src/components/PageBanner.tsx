import type { ReactNode } from 'react';

interface PageBannerProps {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}

/** The title banner every page opens with; it holds the page's only <h1>. */
export function PageBanner({ title, subtitle, children }: PageBannerProps) {
  return (
    <div className="page-banner">
      <div className="container">
        <h1>{title}</h1>
        {subtitle ? <p className="page-banner-subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </div>
  );
}
