import { landing } from '@client/content';
import { VideoFacade } from './video-facade';

/** The island of one testimonial's video (landing-entry.tsx hydrates it on its own). */
export const testimonialVideoIsland = (youtubeId: string) => `testimonial-video:${youtubeId}`;

/** One testimonial's video, found by its YouTube id (what its island's name holds). */
export function TestimonialVideo({ youtubeId }: { youtubeId: string }) {
  const video = landing.testimonials.videos.find((each) => each.youtubeId === youtubeId);
  if (!video) return null;
  return <VideoFacade youtubeId={video.youtubeId} poster={video.poster} title={`${video.name}: ${video.caption}`} />;
}
