/** The broadcast as a student will read it: subject, greeting, the paragraphs, the unsubscribe line. */
import { messages } from '@shared/messages';

const m = messages.adminOutreach;

/** Blank lines separate paragraphs, as in the e-mail (mail/templates/layout.tsx PlainTextParagraphs). */
export const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

export function BroadcastPreview({ subject, body }: { subject: string; body: string }) {
  const paragraphs = paragraphsOf(body);
  const empty = subject.trim() === '' && paragraphs.length === 0;
  return (
    <section
      aria-labelledby="broadcast-preview-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6"
      data-testid="broadcast-preview"
    >
      <h3 id="broadcast-preview-heading" className="font-semibold text-slate-900">
        {m.previewTitle}
      </h3>
      {empty ? (
        <p className="text-sm text-slate-700">{m.previewEmpty}</p>
      ) : (
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
          <p className="text-base font-semibold break-words text-slate-900">{subject.trim()}</p>
          <p>{m.previewGreeting}</p>
          {paragraphs.map((paragraph, i) => (
            <p key={i} className="break-words whitespace-pre-line">
              {paragraph}
            </p>
          ))}
          <p className="border-t border-slate-100 pt-3 text-xs text-slate-600">
            {messages.email.marketingFooter} <span className="underline">{messages.email.unsubscribeLink}</span>
          </p>
        </div>
      )}
    </section>
  );
}
