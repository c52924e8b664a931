import { useEffect, useRef, useState } from 'react';
import { embedActionLabel, embedLinkLabel, isEmbedFrameUrl, PROVIDER_NAMES, type EmbedProps } from '../../lib/embed-providers.js';

const KIND_NAMES = { video: 'Vidéo', post: 'Publication', map: 'Carte' } as const;
/** What the frame may use: autoplay (the fan just asked to play) and full screen for videos, nothing for the others. */
const ALLOW = { video: 'autoplay; encrypted-media; fullscreen; picture-in-picture', post: undefined, map: undefined } as const;

/**
 * A video, social post or map that loads only when the fan asks (issue 16): until then a
 * placeholder with its title and provider, from which nothing is requested of the provider.
 * Without JavaScript the placeholder is a plain link to the provider's page; once hydrated, a
 * button that swaps in the frame and moves the focus to it (the button is gone).
 * Markup of spans only: WordPress may have put the embed inside a paragraph.
 */
export function EmbedFrame(props: EmbedProps) {
  const { provider, kind, title, frame, link } = props;
  const [live, setLive] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => setLive(true), []);
  useEffect(() => {
    if (loaded) frameRef.current?.focus();
  }, [loaded]);
  // Props are written by our build from validated addresses; checked again so the island can never frame another origin.
  const canLoad = frame !== undefined && isEmbedFrameUrl(frame);
  const name = PROVIDER_NAMES[provider];

  if (loaded && canLoad) {
    return (
      <span className={`embed embed-${kind} embed-${provider}`}>
        <iframe ref={frameRef} className="embed-frame" src={frame} title={title} allow={ALLOW[kind]} referrerPolicy="strict-origin-when-cross-origin" />
      </span>
    );
  }
  return (
    <span className={`embed embed-${kind} embed-${provider} embed-placeholder`}>
      <span className="embed-title">{title}</span>
      <span className="embed-provider">{`${KIND_NAMES[kind]} ${name}\u00a0: rien n’est demandé à ${name} avant votre clic.`}</span>
      {live && canLoad ? (
        <button type="button" className="btn btn-gold embed-button" onClick={() => setLoaded(true)}>
          {embedActionLabel(props)}
        </button>
      ) : (
        <a className="btn btn-gold embed-button" href={link}>
          {embedLinkLabel(props)}
        </a>
      )}
    </span>
  );
}
