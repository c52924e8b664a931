interface PauseButtonProps {
  paused: boolean;
  onToggle: () => void;
}

/** The visible pause/resume control every self-moving slider has (WCAG 2.2.2). */
export function PauseButton({ paused, onToggle }: PauseButtonProps) {
  return (
    <button type="button" className="slider-pause" aria-pressed={paused} onClick={onToggle}>
      <span aria-hidden="true" className={paused ? 'icon-play' : 'icon-pause'} />
      {paused ? 'Reprendre le défilement' : 'Mettre en pause'}
    </button>
  );
}
