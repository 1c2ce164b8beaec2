import { useState, type FormEvent } from 'react';
import { toast } from '@client/lib/toast';
import { allInPricePence, COURSE_TYPES, type Catalogue, type CourseType } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { formatPence } from '@shared/money';
import { canonicalJson } from '@shared/canonical-json';
import { catalogueSchema } from '@shared/schemas/catalogue';
import { Button } from '@client/components/ui/button';
import { Field, TextAreaField } from '@client/components/ui/field';
import { useCatalogueDocument, useSaveCatalogue } from '../api/site-documents';
import { ListState } from './list-parts';
import { useCheckedSave } from './use-checked-save';

const m = messages.catalogue;

interface CourseForm {
  title: string;
  price: string;
  description: string;
  modules: string;
}
interface Form {
  fee: string;
  courses: Record<CourseType, CourseForm>;
}

const pounds = (pence: number) => (pence / 100).toFixed(2);
/** "224.99" or "£224.99" → 22499; anything else → NaN (the schema's message then says why). */
const toPence = (value: string) => {
  const match = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
};

const toForm = (catalogue: Catalogue): Form => ({
  fee: pounds(catalogue.enrolment_fee_pence),
  courses: Object.fromEntries(
    COURSE_TYPES.map((type) => {
      const course = catalogue.courses[type];
      return [
        type,
        {
          title: course.title,
          price: pounds(course.price_pence),
          description: course.description,
          modules: course.modules.join('\n'),
        },
      ];
    }),
  ) as Form['courses'],
});

const toDocument = (form: Form) => ({
  enrolment_fee_pence: toPence(form.fee),
  courses: Object.fromEntries(
    COURSE_TYPES.map((type) => {
      const course = form.courses[type];
      return [
        type,
        {
          title: course.title,
          price_pence: toPence(course.price),
          description: course.description,
          modules: course.modules
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        },
      ];
    }),
  ),
});

/**
 * The owner's catalogue: the enrolment fee and each course's title, price, description and modules.
 * A save applies to payments at once and shows on the public pages within seconds; a student paying
 * with an older price on screen is told the new one and charged nothing. Stages stay in code.
 */
export function CatalogueTab() {
  const catalogue = useCatalogueDocument();
  return (
    <section aria-labelledby="catalogue-heading" className="space-y-4">
      <h2 id="catalogue-heading" className="text-xl font-semibold">
        Catalogue
      </h2>
      <p className="text-sm text-slate-700">
        What the school sells and for how much. Prices include everything (no VAT is added on top). A change applies to
        the next payment; a payment already in progress keeps its price. Course stages, certificates and invoices keep
        each course's registered name (Foundation Course, Pro Course).
      </p>
      <ListState
        isPending={catalogue.isPending}
        isError={catalogue.isError}
        isEmpty={false}
        empty=""
        onRetry={() => void catalogue.refetch()}
      >
        {catalogue.data && <CatalogueForm key={JSON.stringify(catalogue.data)} saved={catalogue.data} />}
      </ListState>
    </section>
  );
}

function CatalogueForm({ saved }: { saved: Catalogue }) {
  const [form, setForm] = useState<Form>(() => toForm(saved));
  const { errors, check, save } = useCheckedSave();
  const saveCatalogue = useSaveCatalogue();
  const parsed = catalogueSchema.safeParse(toDocument(form));
  const setCourse = (type: CourseType, change: Partial<CourseForm>) =>
    setForm((current) => ({
      ...current,
      courses: { ...current.courses, [type]: { ...current.courses[type], ...change } },
    }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!check(parsed)) return;
    if (canonicalJson(parsed.data) === canonicalJson(saved)) {
      toast.success(m.unchanged);
      return;
    }
    save(saveCatalogue.mutateAsync(parsed.data), { saved: m.saved, failed: m.saveFailed });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <Field
        label="Enrollment fee (£)"
        inputMode="decimal"
        value={form.fee}
        error={errors.enrolment_fee_pence}
        hint="Paid once by every student, alone or with a course."
        onChange={(event) => setForm((current) => ({ ...current, fee: event.target.value }))}
      />
      {COURSE_TYPES.map((type) => {
        const course = form.courses[type];
        const at = (field: string) => errors[`courses.${type}.${field}`];
        return (
          <fieldset key={type} className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 font-semibold">{type === 'pro' ? 'Pro course' : 'Foundation course'}</legend>
            <Field
              label="Title"
              value={course.title}
              error={at('title')}
              onChange={(e) => setCourse(type, { title: e.target.value })}
            />
            <Field
              label="Price of the course alone (£)"
              inputMode="decimal"
              value={course.price}
              error={at('price_pence')}
              onChange={(e) => setCourse(type, { price: e.target.value })}
            />
            <TextAreaField
              className=""
              label="Description"
              rows={3}
              maxLength={300}
              value={course.description}
              error={at('description')}
              onChange={(description) => setCourse(type, { description })}
            />
            <TextAreaField
              className=""
              label="Modules (one per line)"
              rows={type === 'pro' ? 11 : 6}
              maxLength={4000}
              value={course.modules}
              error={at('modules')}
              hint={
                type === 'pro'
                  ? 'List Foundation’s modules first: the page shows those Pro adds after them.'
                  : undefined
              }
              onChange={(modules) => setCourse(type, { modules })}
            />
          </fieldset>
        );
      })}
      <CataloguePreview catalogue={parsed.success ? parsed.data : null} />
      <Button type="submit" loading={saveCatalogue.isPending}>
        Save catalogue
      </Button>
    </form>
  );
}

/** What a new student would pay with these prices, as the landing page and the wizard will show it. */
function CataloguePreview({ catalogue }: { catalogue: Catalogue | null }) {
  return (
    <div aria-live="polite" className="rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
      <p className="font-semibold">Preview</p>
      {catalogue ? (
        <ul className="mt-2 space-y-1">
          {COURSE_TYPES.map((type) => (
            <li key={type}>
              {catalogue.courses[type].title}: {formatPence(allInPricePence(catalogue, type))} for a new student (
              {formatPence(catalogue.enrolment_fee_pence)} fee included),{' '}
              {formatPence(catalogue.courses[type].price_pence)} after the fee ·{' '}
              {catalogue.courses[type].modules.length} modules
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">Correct the fields marked above to see what students will pay.</p>
      )}
    </div>
  );
}
