import { Island } from '@client/components/layout/island';
import type { LandingParts } from './landing-parts';
import { TESTIMONIAL_VIDEO_ISLAND, TestimonialVideo, type TestimonialVideoProps } from './testimonial-video';
import { SectionShell } from './section-shell';

/** 'Success Stories': the video testimonials (facades) and the written ones. The #testimonials anchor. */
export function Testimonials({ content, fill }: Omit<LandingParts, 'catalogue'>) {
  const { testimonials } = content;
  return (
    <SectionShell name="testimonials" anchor="testimonials" band="slate" heading={fill(testimonials.heading)}>
      <p className="mt-3 text-center text-slate-700">{fill(testimonials.intro)}</p>
      {testimonials.videos.length > 0 && (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {testimonials.videos.map((video, index) => {
            const props: TestimonialVideoProps = {
              youtubeId: video.youtube_id,
              name: video.name,
              caption: video.caption,
              index,
            };
            return (
              <li key={`${video.youtube_id}-${index}`}>
                <Island name={TESTIMONIAL_VIDEO_ISLAND} props={props}>
                  <TestimonialVideo {...props} />
                </Island>
                <p className="mt-2 font-semibold">{video.name}</p>
                <p className="text-sm text-slate-600">{video.caption}</p>
              </li>
            );
          })}
        </ul>
      )}
      {testimonials.written.length > 0 && (
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {testimonials.written.map((item, index) => (
            <li key={`${item.name}-${index}`}>
              <figure className="h-full rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <blockquote className="text-slate-800 before:mr-1 before:font-serif before:text-3xl before:leading-none before:text-brand-600 before:content-['“']">
                  {fill(item.quote)}
                </blockquote>
                <figcaption className="mt-4 text-sm font-semibold">
                  {item.name}, <span className="font-normal text-slate-600">{item.location}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </SectionShell>
  );
}
