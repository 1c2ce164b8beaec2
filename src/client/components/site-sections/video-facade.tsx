import { useState } from 'react';

interface VideoFacadeProps {
  youtubeId: string;
  poster: string;
  title: string;
}

/** A poster with a play button; the (privacy-enhanced) YouTube player loads only when clicked. */
export function VideoFacade({ youtubeId, poster, title }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        className="aspect-video w-full rounded-xl"
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`}
        title={title}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="group relative block aspect-video w-full overflow-hidden rounded-xl bg-slate-900"
      aria-label={`Play video: ${title}`}
    >
      <img src={poster} alt="" width={320} height={180} loading="lazy" className="size-full object-cover" />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-white/90 text-brand-800 shadow-lg transition group-hover:scale-110 motion-reduce:transition-none motion-reduce:group-hover:scale-100">
          <svg viewBox="0 0 24 24" className="size-6 translate-x-0.5 fill-current" aria-hidden>
            <path d="M7 4.5v15l12-7.5z" />
          </svg>
        </span>
      </span>
    </button>
  );
}
