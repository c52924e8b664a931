interface TeamLogoProps {
  name: string;
  logo: string;
  initials: string;
  size?: number;
}

/**
 * A team's logo, a file of our own under /images/team/logos/ (data/teams.json): no page depends on
 * a host we do not control. Should a file ever fail to load, the browser paints the image's ::after
 * box, which CSS fills with the team's initials (40-team.css): a fallback with no script.
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
      data-initials={initials}
    />
  );
}
