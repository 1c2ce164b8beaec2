/** A broadcast's segment as three inputs (course, start date, paid or not), and as the API's `segment`. */
import { COURSE_TYPES, COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { Field } from '@client/components/ui/field';
import type { BroadcastSegment } from '@shared/schemas/admin-outreach';
import { FilterSelect } from './list-parts';

const m = messages.adminOutreach;

/** What the inputs hold; '' and 'any' leave that part of the segment out. */
export interface SegmentForm {
  course: '' | 'foundation' | 'pro';
  startDate: string;
  paid: 'any' | 'paid' | 'unpaid';
}

export const emptySegment: SegmentForm = { course: '', startDate: '', paid: 'any' };

/** The API's segment: only the parts chosen (an absent field does not narrow it). */
export function toSegment(form: SegmentForm): BroadcastSegment {
  return {
    ...(form.course ? { course: form.course } : {}),
    ...(form.startDate ? { start_date: form.startDate } : {}),
    ...(form.paid === 'any' ? {} : { paid: form.paid === 'paid' }),
  };
}

export function SegmentFields({ value, onChange }: { value: SegmentForm; onChange: (value: SegmentForm) => void }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{m.segmentLegend}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <FilterSelect
          label={m.courseLabel}
          value={value.course}
          onChange={(course) => onChange({ ...value, course: course as SegmentForm['course'] })}
          options={[['', m.anyCourse], ...COURSE_TYPES.map((type): [string, string] => [type, COURSES[type].title])]}
        />
        <Field
          label={m.startDateLabel}
          type="date"
          value={value.startDate}
          hint={m.startDateHint}
          onChange={(e) => onChange({ ...value, startDate: e.target.value })}
          className="[&_input]:h-10"
        />
        <FilterSelect
          label={m.paidLabel}
          value={value.paid}
          onChange={(paid) => onChange({ ...value, paid: paid as SegmentForm['paid'] })}
          options={[
            ['any', m.paidOptions.any],
            ['paid', m.paidOptions.paid],
            ['unpaid', m.paidOptions.unpaid],
          ]}
        />
      </div>
    </fieldset>
  );
}
