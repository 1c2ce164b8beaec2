import { Mail, MessageCircle, Users } from 'lucide-react';
import { SmartLink } from '@client/components/layout/smart-link';
import { support } from '@client/content';
import { useFilledContent } from '@client/lib/site-content';
import { useSupportContact } from '@client/lib/support-contact';

/** The support page's banner: heading, introduction and the ways to reach us (live chat only when its link is set). */
export function SupportHero() {
  const { channels } = support;
  const contact = useSupportContact();
  const filled = useFilledContent();
  return (
    <section
      aria-labelledby="support-heading"
      className="bg-gradient-to-b from-brand-900 to-brand-800 py-12 text-white"
    >
      <div className="mx-auto max-w-6xl px-4">
        <h1 id="support-heading" className="text-3xl font-extrabold sm:text-4xl">
          {filled ? filled.fill(filled.content.support.heading) : support.heading}
        </h1>
        {filled && <p className="mt-3 text-lg text-brand-100">{filled.fill(filled.content.support.intro)}</p>}
        <ul className={`mt-8 grid gap-4 ${contact.liveChatUrl ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
          <li className="rounded-xl bg-white/10 p-5">
            <Mail className="size-6" aria-hidden />
            <h2 className="mt-2 font-semibold">{channels.email.title}</h2>
            <a
              href={`mailto:${contact.email}`}
              className="mt-1 block break-all text-brand-100 underline hover:text-white"
            >
              {contact.email}
            </a>
            <p className="mt-1 text-brand-100">{contact.hours}</p>
          </li>
          {contact.liveChatUrl && (
            <li className="rounded-xl bg-white/10 p-5" data-testid="live-chat">
              <MessageCircle className="size-6" aria-hidden />
              <h2 className="mt-2 font-semibold">{channels.liveChat.title}</h2>
              <a
                href={contact.liveChatUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 block text-brand-100 underline hover:text-white"
              >
                {channels.liveChat.text} <span className="sr-only">{channels.liveChat.newTab}</span>
              </a>
              <p className="mt-1 text-brand-100">{contact.hours}</p>
            </li>
          )}
          <li className="rounded-xl bg-white/10 p-5">
            <Users className="size-6" aria-hidden />
            <h2 className="mt-2 font-semibold">{channels.community.title}</h2>
            <SmartLink href={contact.communityUrl} className="mt-1 block text-brand-100 underline hover:text-white">
              {channels.community.text}
            </SmartLink>
          </li>
        </ul>
      </div>
    </section>
  );
}
