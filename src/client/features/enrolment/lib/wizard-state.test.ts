import { describe, expect, it } from 'vitest';
import type { Step, WizardStudent } from './wizard';
import {
  allowedStep,
  readChoices,
  requestedStep,
  withServerRecord,
  wizardSearch,
  type Choices,
  type ServerRecord,
} from './wizard-state';

const registered: WizardStudent = {
  id: '6f1c2b3a-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  enrollment_paid: false,
  course_paid: false,
};
const enrolmentPaid: WizardStudent = { ...registered, enrollment_paid: true };

const enrolmentOnly: Choices = { paymentType: 'enrollment', course: null, startDate: null };
const combined = (course: Choices['course'], startDate: string | null): Choices => ({
  paymentType: 'combined',
  course,
  startDate,
});
const coursePayment = (course: Choices['course'], startDate: string | null): Choices => ({
  paymentType: 'course',
  course,
  startDate,
});

/** The students of the tables below, by the name their test titles give. */
const students = { nobody: null, registered, 'enrolment paid': enrolmentPaid } as const;
type Who = keyof typeof students;

const ALL_STEPS: Step[] = [1, 2, 3, 4, 5];

describe('allowedStep', () => {
  it.each(ALL_STEPS)('sends a visitor who has not registered from step %i to step 1', (requested) => {
    expect(allowedStep(requested, null, enrolmentOnly)).toBe(1);
    expect(allowedStep(requested, null, combined('pro', '2030-01-06'))).toBe(1);
  });

  it.each(ALL_STEPS)('shows a student who has paid for everything the confirmation from step %i', (requested) => {
    const paid = { ...registered, enrollment_paid: true, course_paid: true };
    expect(allowedStep(requested, paid, combined('pro', '2030-01-06'))).toBe(5);
    expect(allowedStep(requested, paid, enrolmentOnly)).toBe(5);
  });

  // [requested step, label, step shown, student, choices]
  it.each<[Step, string, Step, WizardStudent, Choices]>([
    // Registered, nothing paid, paying the enrolment fee: every step up to the payment; the
    // confirmation waits for the payment.
    [1, 'registered, enrolment fee', 1, registered, enrolmentOnly],
    [2, 'registered, enrolment fee', 2, registered, enrolmentOnly],
    [3, 'registered, enrolment fee', 3, registered, enrolmentOnly],
    [4, 'registered, enrolment fee', 4, registered, enrolmentOnly],
    [5, 'registered, enrolment fee', 2, registered, enrolmentOnly],
    // Registered, complete package: paying needs a course and a start date.
    [1, 'registered, package without a course', 1, registered, combined(null, null)],
    [2, 'registered, package without a course', 2, registered, combined(null, null)],
    [3, 'registered, package without a course', 3, registered, combined(null, null)],
    [4, 'registered, package without a course', 3, registered, combined(null, null)],
    [5, 'registered, package without a course', 2, registered, combined(null, null)],
    [4, 'registered, package without a date', 3, registered, combined('pro', null)],
    [4, 'registered, package with a date but no course', 3, registered, combined(null, '2030-01-06')],
    [4, 'registered, package with course and date', 4, registered, combined('foundation', '2030-01-06')],
    [5, 'registered, package with course and date', 2, registered, combined('foundation', '2030-01-06')],
    // Enrolment fee paid, still on "enrolment fee only": there is nothing left to pay for it, so every
    // step from 2 on is the confirmation (the payment entry is replaced after paying).
    [1, 'enrolment paid, enrolment fee', 1, enrolmentPaid, enrolmentOnly],
    [2, 'enrolment paid, enrolment fee', 5, enrolmentPaid, enrolmentOnly],
    [3, 'enrolment paid, enrolment fee', 5, enrolmentPaid, enrolmentOnly],
    [4, 'enrolment paid, enrolment fee', 5, enrolmentPaid, enrolmentOnly],
    [5, 'enrolment paid, enrolment fee', 5, enrolmentPaid, enrolmentOnly],
    // Enrolment fee paid, paying for the course: the confirmation stays reachable; paying needs a
    // course and a start date.
    [1, 'enrolment paid, course without a choice', 1, enrolmentPaid, coursePayment(null, null)],
    [2, 'enrolment paid, course without a choice', 2, enrolmentPaid, coursePayment(null, null)],
    [3, 'enrolment paid, course without a choice', 3, enrolmentPaid, coursePayment(null, null)],
    [4, 'enrolment paid, course without a choice', 3, enrolmentPaid, coursePayment(null, null)],
    [5, 'enrolment paid, course without a choice', 5, enrolmentPaid, coursePayment(null, null)],
    [4, 'enrolment paid, course without a date', 3, enrolmentPaid, coursePayment('pro', null)],
    [4, 'enrolment paid, course with course and date', 4, enrolmentPaid, coursePayment('pro', '2030-01-06')],
    [5, 'enrolment paid, course with course and date', 5, enrolmentPaid, coursePayment('pro', '2030-01-06')],
  ])('step %i (%s) shows step %i', (requested, _label, shown, student, choices) => {
    expect(allowedStep(requested, student, choices)).toBe(shown);
  });

  it('never moves a visitor forward past a step they asked for, except to the confirmation once paid', () => {
    for (const student of [null, registered, enrolmentPaid])
      for (const choices of [
        enrolmentOnly,
        combined(null, null),
        combined('pro', '2030-01-06'),
        coursePayment(null, null),
      ])
        for (const requested of ALL_STEPS) {
          const shown = allowedStep(requested, student, choices);
          if (shown > requested) expect([shown, student?.enrollment_paid]).toEqual([5, true]);
        }
  });
});

describe('requestedStep', () => {
  it.each<[string | null, Step, Who]>([
    ['personal-info', 1, 'nobody'],
    ['payment-type', 2, 'nobody'],
    ['course-selection', 3, 'registered'],
    ['payment', 4, 'registered'],
    ['confirmation', 5, 'enrolment paid'],
    // No step in the address, or one the wizard does not know: where a new visitor or a student starts.
    [null, 1, 'nobody'],
    [null, 2, 'registered'],
    ['', 2, 'registered'],
    ['checkout', 1, 'nobody'],
    ['checkout', 2, 'enrolment paid'],
  ])('reads %j as step %i (student: %s)', (slug, step, who) => {
    expect(requestedStep(slug, students[who])).toBe(step);
  });
});

describe('readChoices', () => {
  const read = (query: string, student: WizardStudent | null = registered, known?: ServerRecord) =>
    readChoices(new URLSearchParams(query), student, known);
  const saved: ServerRecord = {
    enrollment_paid: false,
    course_paid: false,
    course_type: 'foundation',
    course_start_date: '2030-02-03',
  };

  it('takes the payment type, course and date from the address', () => {
    expect(read('step=payment&type=combined&course=pro&date=2030-01-06')).toEqual(combined('pro', '2030-01-06'));
  });

  it('defaults the payment type: the course once the enrolment fee is paid, else the enrolment fee', () => {
    expect(read('step=payment-type', enrolmentPaid).paymentType).toBe('course');
    expect(read('step=payment-type').paymentType).toBe('enrollment');
    expect(read('', null).paymentType).toBe('enrollment');
    expect(read('type=upfront').paymentType).toBe('enrollment');
  });

  it("reads a pricing card's ?step=course-selection&course=pro as the complete package, before and after step 1", () => {
    expect(read('step=course-selection&course=pro')).toEqual(combined('pro', null));
    expect(read('step=course-selection&course=pro', null)).toEqual(combined('pro', null));
    // Step 1 keeps the course in the address (the type is written from step 2 on).
    expect(read('step=personal-info&course=foundation', null)).toEqual(combined('foundation', null));
    expect(read('step=course-selection&course=pro', enrolmentPaid).paymentType).toBe('course');
    expect(read('step=payment-type&type=enrollment&course=pro').paymentType).toBe('enrollment');
  });

  it("fills the course and date the address lacks from the server's record, the address winning", () => {
    expect(read('step=payment&type=combined', registered, saved)).toEqual(combined('foundation', '2030-02-03'));
    expect(read('step=payment&type=combined&course=pro&date=2030-01-06', registered, saved)).toEqual(
      combined('pro', '2030-01-06'),
    );
    expect(read('step=payment&type=combined&course=gold', registered, saved).course).toBe('foundation');
    expect(read('step=payment&type=combined&course=gold').course).toBeNull();
  });
});

describe("the step shown for an address (the wizard's redirects)", () => {
  const shown = (query: string, local: WizardStudent | null, known?: ServerRecord) => {
    const params = new URLSearchParams(query);
    const student = withServerRecord(local, known);
    return allowedStep(requestedStep(params.get('step'), student), student, readChoices(params, student, known));
  };
  const serverPaid: ServerRecord = {
    enrollment_paid: true,
    course_paid: false,
    course_type: 'pro',
    course_start_date: '2030-01-06',
  };

  it.each<[string, Step, Who, ServerRecord | undefined]>([
    ['', 1, 'nobody', undefined],
    ['step=payment&type=combined&course=pro&date=2030-01-06', 1, 'nobody', undefined],
    ['', 2, 'registered', undefined],
    ['step=confirmation', 2, 'registered', undefined],
    ['step=payment&type=combined', 3, 'registered', undefined],
    ['step=payment&type=combined&course=pro', 3, 'registered', undefined],
    ['step=payment&type=combined&course=pro&date=2030-01-06', 4, 'registered', undefined],
    ['step=course-selection&course=pro', 3, 'registered', undefined],
    ['step=payment&type=enrollment', 4, 'registered', undefined],
    ['step=payment&type=enrollment', 5, 'enrolment paid', undefined],
    ['step=payment-type', 2, 'enrolment paid', undefined],
    // The session remembers an unpaid enrolment; the server's record says it is paid, with a course and date.
    ['step=payment&type=enrollment', 5, 'registered', serverPaid],
    ['step=payment', 4, 'registered', serverPaid],
    ['step=confirmation', 5, 'registered', serverPaid],
  ])('?%s shows step %i (session: %s, server: %o)', (query, step, who, known) => {
    expect(shown(query, students[who], known)).toBe(step);
  });
});

describe('withServerRecord', () => {
  it('adds what the server says is paid, never takes it away, and keeps no student when there is none', () => {
    const paid = { ...registered, enrollment_paid: true, course_paid: true };
    expect(
      withServerRecord(null, { enrollment_paid: true, course_paid: true, course_type: null, course_start_date: null }),
    ).toBeNull();
    expect(withServerRecord(registered, undefined)).toEqual(registered);
    expect(
      withServerRecord(registered, {
        enrollment_paid: true,
        course_paid: true,
        course_type: null,
        course_start_date: null,
      }),
    ).toEqual(paid);
    expect(
      withServerRecord(paid, {
        enrollment_paid: false,
        course_paid: false,
        course_type: null,
        course_start_date: null,
      }),
    ).toEqual(paid);
  });
});

describe('wizardSearch', () => {
  it('names the step, and from step 2 the payment type, with the course and date when chosen', () => {
    expect(wizardSearch(1, enrolmentOnly)).toBe('?step=personal-info');
    expect(wizardSearch(1, combined('pro', '2030-01-06'))).toBe('?step=personal-info&course=pro&date=2030-01-06');
    expect(wizardSearch(2, enrolmentOnly)).toBe('?step=payment-type&type=enrollment');
    expect(wizardSearch(4, combined('pro', '2030-01-06'))).toBe(
      '?step=payment&type=combined&course=pro&date=2030-01-06',
    );
    expect(wizardSearch(3, coursePayment(null, '2030-01-06'))).toBe(
      '?step=course-selection&type=course&date=2030-01-06',
    );
  });
});
