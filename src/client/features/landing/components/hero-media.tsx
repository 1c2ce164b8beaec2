import { useEffect, useRef, useState } from 'react';
import { landing } from '@client/content';

/** The island of the hero's video (landing-entry.tsx hydrates it on its own). */
export const HERO_MEDIA_ISLAND = 'hero-media';

/**
 * The hero's muted looping video. The poster image is what is prerendered and painted first; the
 * video is added once the page has loaded, only when a source is configured and the visitor has not
 * asked for reduced motion, and it disappears again (leaving the poster) when it cannot load.
 */
export function HeroMedia() {
  const { video } = landing.hero;
  const [showVideo, setShowVideo] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!video.src || reduceMotion) return;
    // Started once the page has loaded and the main thread is idle, so it never delays interaction.
    const start = () => setShowVideo(true);
    let cancel = () => {};
    const onLoad = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(start, { timeout: 3000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(start, 1000);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      cancel();
    };
  }, [video.src]);

  useEffect(() => {
    const element = videoRef.current;
    if (!showVideo || !element) return;
    element.muted = true;
    element.play().catch(() => setShowVideo(false));
  }, [showVideo]);

  return (
    <div className="relative aspect-video overflow-hidden rounded-2xl bg-brand-900 shadow-xl ring-1 ring-white/10 [contain:content]">
      <img src={video.poster} alt="" width={640} height={360} className="absolute inset-0 size-full object-cover" />
      {showVideo && (
        <video
          ref={videoRef}
          className="absolute inset-0 size-full object-cover"
          poster={video.poster}
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden
          onError={() => setShowVideo(false)}
        >
          <source src={video.src} type={video.type} onError={() => setShowVideo(false)} />
        </video>
      )}
    </div>
  );
}
