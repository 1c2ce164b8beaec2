import { Island } from '@client/components/layout/island';
import { landing } from '@client/content';
import { TestimonialVideo, testimonialVideoIsland } from './testimonial-video';

/** 'Success Stories': 6 video testimonials (facades) and 3 written ones. The #testimonials anchor. */
export function Testimonials() {
  const { testimonials } = landing;
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="scroll-mt-24 bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold">
          {testimonials.heading}
        </h2>
        <p className="mt-3 text-center text-slate-700">{testimonials.intro}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {testimonials.videos.map((video) => (
            <li key={video.youtubeId}>
              <Island name={testimonialVideoIsland(video.youtubeId)}>
                <TestimonialVideo youtubeId={video.youtubeId} />
              </Island>
              <p className="mt-2 font-semibold">{video.name}</p>
              <p className="text-sm text-slate-600">{video.caption}</p>
            </li>
          ))}
        </ul>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {testimonials.written.map((item) => (
            <li key={item.name}>
              <figure className="h-full rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <blockquote className="text-slate-800 before:mr-1 before:font-serif before:text-3xl before:leading-none before:text-brand-600 before:content-['“']">
                  {item.quote}
                </blockquote>
                <figcaption className="mt-4 text-sm font-semibold">
                  {item.name}, <span className="font-normal text-slate-600">{item.location}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
