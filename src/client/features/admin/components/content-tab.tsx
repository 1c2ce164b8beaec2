import { useState, type FormEvent } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { siteContentSchema } from '@shared/schemas/site-content';
import { CONTENT_PLACEHOLDERS, fillText, type SiteContent } from '@shared/site-content';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useCatalogue } from '@client/lib/catalogue';
import { Benefits } from '@client/components/site-sections/benefits';
import { ClosingCta } from '@client/components/site-sections/closing-cta';
import { Pricing } from '@client/components/site-sections/pricing';
import { Testimonials } from '@client/components/site-sections/testimonials';
import { FaqList } from '@client/components/site-sections/faq-list';
import { useContentDocument, useSaveContent } from '../api/site-documents';
import { DocumentEditor, tidyDocument, type DocValue, type EditorSpec } from './document-editor';
import { ListState } from './list-parts';
import { useCheckedSave } from './use-checked-save';

const m = messages.content;

const SPEC: EditorSpec = {
  labels: {
    hero: 'Hero (top of the landing page)',
    intro: 'Introduction',
    claims: 'Claims',
    certified_specialists: 'Certified specialists',
    student_rating: 'Student rating',
    earnings_per_review: 'Earnings per review',
    badges: 'Badges',
    benefits: 'Why choose us',
    items: 'Benefits',
    'items.item': 'Benefit',
    pricing: 'Pricing',
    enrollment_blurb: 'Enrollment fee card: blurb',
    enrollment_includes: 'Enrollment fee card: what it includes',
    pro_includes: 'Pro card: what it includes',
    modules: 'Modules section',
    note: 'Note under the Pro modules',
    testimonials: 'Testimonials',
    videos: 'Video testimonials',
    'videos.item': 'Video',
    youtube_id: 'YouTube video id',
    written: 'Written testimonials',
    'written.item': 'Testimonial',
    closing: 'Closing call to action',
    button: 'Button',
    faq: 'FAQ',
    'faq.item': 'Category',
    title: 'Title',
    entries: 'Questions',
    'entries.item': 'Question',
    support: 'Support page',
  },
  long: new Set(['intro', 'text', 'answer', 'quote', 'note']),
  templates: {
    items: { title: '', text: '' },
    videos: { name: '', caption: '', youtube_id: '' },
    written: { name: '', location: '', quote: '' },
    faq: { title: '', entries: [{ question: '', answer: '' }] },
    entries: { question: '', answer: '' },
  },
};

/**
 * The owner's content: the landing page's copy and claims, the testimonials, the FAQ and the support
 * page's heading, with a preview of the draft. A save shows on the public pages within seconds.
 */
export function ContentTab() {
  const content = useContentDocument();
  return (
    <section aria-labelledby="content-heading" className="space-y-4">
      <h2 id="content-heading" className="text-xl font-semibold">
        Site Content
      </h2>
      <p className="text-sm text-slate-700">
        The words of the landing page and the support page. A text may name a price, a count or a claim in braces,
        filled with the one in force when the page is shown, so no text quotes an old price:{' '}
        {Object.keys(CONTENT_PLACEHOLDERS)
          .map((name) => `{${name}}`)
          .join(' ')}
        .
      </p>
      <ListState
        isPending={content.isPending}
        isError={content.isError}
        isEmpty={false}
        empty=""
        onRetry={() => void content.refetch()}
      >
        {content.data && <ContentForm key={JSON.stringify(content.data)} saved={content.data} />}
      </ListState>
    </section>
  );
}

function ContentForm({ saved }: { saved: SiteContent }) {
  const [draft, setDraft] = useState<DocValue>(() => saved as unknown as DocValue);
  const { errors, check, save } = useCheckedSave();
  const [previewing, setPreviewing] = useState(false);
  const saveContent = useSaveContent();
  const changed = JSON.stringify(tidyDocument(draft)) !== JSON.stringify(saved);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = siteContentSchema.safeParse(tidyDocument(draft));
    if (!check(parsed)) {
      // The content's fields are spread over long lists: the first problem is also said at once.
      toast.error(parsed.error.issues[0]?.message ?? m.saveFailed);
      return;
    }
    save(saveContent.mutateAsync(parsed.data), { saved: m.saved, failed: m.saveFailed });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        {Object.entries(draft as Record<string, DocValue>).map(([key, value]) => (
          <DocumentEditor
            key={key}
            value={value}
            path={[key]}
            name={key}
            spec={SPEC}
            errors={errors}
            onChange={(next) => setDraft((current) => ({ ...(current as Record<string, DocValue>), [key]: next }))}
          />
        ))}
      </div>
      {/* Not sticky: nothing floats over the fields (docs/decisions/036). */}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saveContent.isPending} disabled={!changed}>
          Save content
        </Button>
        <Button type="button" variant="outline" aria-expanded={previewing} onClick={() => setPreviewing((on) => !on)}>
          {previewing ? 'Hide preview' : 'Preview'}
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={!changed}
          onClick={() => setDraft(saved as unknown as DocValue)}
        >
          Discard changes
        </Button>
      </div>
      {previewing && <ContentPreview draft={tidyDocument(draft) as unknown as SiteContent} />}
    </form>
  );
}

/** The draft as the landing and support pages would show it, with the catalogue in force. */
function ContentPreview({ draft }: { draft: SiteContent }) {
  const catalogue = useCatalogue();
  if (!catalogue) return <Spinner label="Loading the catalogue…" />;
  const fill = (text: string) => fillText(text, catalogue, draft);
  const parts = { content: draft, catalogue, fill };
  return (
    <section
      aria-label="Preview"
      className="overflow-hidden rounded-xl border-2 border-dashed border-brand-600 bg-white"
    >
      <p className="bg-brand-700 px-4 py-2 text-sm font-semibold text-white">Preview (not saved)</p>
      <div className="bg-gradient-to-b from-brand-900 to-brand-800 px-4 py-10 text-white">
        <p className="text-3xl font-extrabold">{fill(draft.hero.heading)}</p>
        <p className="mt-4 text-lg text-brand-100">{fill(draft.hero.intro)}</p>
      </div>
      <Benefits {...parts} />
      <Pricing {...parts} />
      <Testimonials {...parts} />
      <ClosingCta {...parts} />
      <div className="space-y-6 bg-slate-50 px-4 py-10">
        <p className="text-2xl font-bold">{fill(draft.support.heading)}</p>
        <FaqList faq={draft.faq} fill={fill} />
      </div>
    </section>
  );
}
