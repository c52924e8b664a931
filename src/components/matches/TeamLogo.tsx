interface TeamLogoProps {
  name: string;
  logo: string;
  initials: string;
  size?: number;
}

/**
 * A team's logo from its external host. When the host is unreachable the browser paints the
 * image's ::after box, which CSS fills with the team's initials (40-team.css): a readable fallback
 * with no script and no error handler, so it also works before hydration and without JavaScript.
 */
export function TeamLogo({ name, logo, initials, size = 64 }: TeamLogoProps) {
  return (
    <img
      className="team-logo"
      src={logo}
      alt={`Logo ${name}`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      data-initials={initials}
    />
  );
}
