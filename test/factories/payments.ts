/** Payments through the data layer, and what each purchase costs: always the catalogue's price. */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_CATALOGUE,
  paymentAmountPence,
  paymentParts,
  type CourseType,
  type PaymentType,
} from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { payments, type Payment } from '@server/db/schema';
import { one } from '@server/db/rows';

/** The seed catalogue's price of a purchase in pence (a new database's catalogue), as the database stores it. */
export const pricePence = (type: PaymentType, course?: CourseType | null): number =>
  paymentAmountPence(DEFAULT_CATALOGUE, type, course);

/** The catalogue price of a purchase in pounds, as the API takes and returns amounts. */
export const pricePounds = (type: PaymentType, course?: CourseType | null): number => pricePence(type, course) / 100;

/** An amount of pence as the site and the CSV export print it: 8499 → "£84.99". */
export const poundsText = (pence: number): string => `£${(pence / 100).toFixed(2)}`;

export interface PaymentSetup {
  /** null for a payment whose student was deleted. */
  studentId: string | null;
  paymentType: PaymentType;
  /** The course paid for (`course` and `combined` payments). */
  course?: CourseType | null;
  /** Default 'completed', at `completedAt` (default now). */
  status?: 'pending' | 'completed' | 'failed';
  completedAt?: Date;
  method?: 'card' | 'manual';
  columns?: Partial<typeof payments.$inferInsert>;
}

/** A card payment at the catalogue price of its type and course (completed unless `status` says otherwise). */
export async function insertPayment(db: Db, setup: PaymentSetup): Promise<Payment> {
  const status = setup.status ?? 'completed';
  const course = setup.course ?? null;
  const payment = one(
    await db
      .insert(payments)
      .values({
        studentId: setup.studentId,
        paymentType: setup.paymentType,
        courseType: course,
        amountPence: pricePence(setup.paymentType, course),
        ...listPrices(setup.paymentType, course),
        status,
        method: setup.method ?? 'card',
        idempotencyKey: randomUUID(),
        completedAt: status === 'completed' ? (setup.completedAt ?? new Date()) : null,
        ...setup.columns,
      })
      .returning(),
  );
  return payment;
}

/** A payment's stored list prices (the seed catalogue's), as the insert needs them. */
export function listPrices(type: PaymentType, course?: CourseType | null) {
  const { feePence, coursePence } = paymentParts(DEFAULT_CATALOGUE, type, course);
  return { listFeePence: feePence, listCoursePence: coursePence };
}
