import { VideoFacade } from './video-facade';

/** The islands of the testimonials' videos (landing-entry.tsx hydrates each on its own, with its props). */
export const TESTIMONIAL_VIDEO_ISLAND = 'testimonial-video';

/**
 * The posters in public/media, taken in turn (a colour and a figure, no name: the owner's testimonials
 * change); a video's own thumbnail would come from YouTube.
 */
const POSTERS = 6;

export interface TestimonialVideoProps {
  youtubeId: string;
  name: string;
  caption: string;
  /** Its place in the list: which poster it shows. */
  index: number;
}

/** One testimonial's video: a poster and a play button until clicked. */
export function TestimonialVideo({ youtubeId, name, caption, index }: TestimonialVideoProps) {
  return (
    <VideoFacade
      youtubeId={youtubeId}
      poster={`/media/testimonial-${(index % POSTERS) + 1}.svg`}
      title={`${name}: ${caption}`}
    />
  );
}
