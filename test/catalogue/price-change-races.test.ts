// engines: both
/**
 * Payments racing an owner's price change. Each payment reads today's price in its own claim
 * transaction: it is charged the amount its page showed when that is the price it read, and answered
 * 409 with the price it read otherwise, charged nothing. Never a charge at one price recorded at
 * another, never a course paid for short. On PostgreSQL (TEST_DATABASE_URL) the requests really
 * interleave with the save on separate connections.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE, type Catalogue } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { payments, siteDocuments, students } from '@server/db/schema';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';

const ROUNDS = 4;
const STUDENTS_PER_ROUND = 8;
const OLD_PRO_PENCE = DEFAULT_CATALOGUE.courses.pro.price_pence;
const FEE_PENCE = DEFAULT_CATALOGUE.enrolment_fee_pence;

let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = bearer(await t.adminToken('olga', 'owner'));
});
afterAll(() => t.close());

const withPro = (pricePence: number): Catalogue => ({
  ...DEFAULT_CATALOGUE,
  courses: { ...DEFAULT_CATALOGUE.courses, pro: { ...DEFAULT_CATALOGUE.courses.pro, price_pence: pricePence } },
});
const pounds = (pence: number) => pence / 100;

describe('payments racing a price change', () => {
  it(
    `each is charged the price it read or refused with it, never a mix (${ROUNDS} rounds of ${STUDENTS_PER_ROUND} payments and a save)`,
    { timeout: 180_000 },
    async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        await t.db.delete(siteDocuments).where(eq(siteDocuments.key, 'catalogue'));
        const newProPence = OLD_PRO_PENCE + 1000 * (round + 1);
        const prices = [OLD_PRO_PENCE, newProPence];
        const group = await Promise.all(
          Array.from({ length: STUDENTS_PER_ROUND }, async () => {
            const student = await registerStudent(t);
            expect((await selectCourse(t, student, 'pro')).statusCode).toBe(200);
            return student;
          }),
        );
        // Half the pages showed the old price, half already the new one; the owner saves meanwhile.
        const quoted = group.map((_, index) => prices[index % 2]!);
        const [saved, ...answers] = await Promise.all([
          t.app.inject({ method: 'PUT', url: '/api/admin/catalogue', headers: owner, payload: withPro(newProPence) }),
          ...group.map((student, index) => pay(t, student, 'combined', { amount: pounds(FEE_PENCE + quoted[index]!) })),
        ]);
        expect(saved!.statusCode, saved!.body).toBe(200);

        const ids = group.map((student) => student.id);
        const rows = await t.db.select().from(payments).where(inArray(payments.studentId, ids));
        for (const [index, answer] of answers.entries()) {
          const student = group[index]!;
          const charged = rows.filter((row) => row.studentId === student.id);
          if (answer.statusCode === 200) {
            // Charged what the page showed, recorded at the list prices of that same price.
            expect(charged).toHaveLength(1);
            expect(charged[0]).toMatchObject({
              status: 'completed',
              amountPence: FEE_PENCE + quoted[index]!,
              listFeePence: FEE_PENCE,
              listCoursePence: quoted[index],
            });
          } else {
            // Refused with the other price, the one it read, and charged nothing.
            expect(answer.statusCode, answer.body).toBe(409);
            const other = prices.find((price) => price !== quoted[index])!;
            expect(answer.json()).toEqual({
              detail: messages.enrolment.amountMismatch(`£${pounds(FEE_PENCE + other).toFixed(2)}`),
              amount: pounds(FEE_PENCE + other),
            });
            expect(charged).toEqual([]);
          }
        }
        // The old price is charged only before the save, the new one only after: never both refused.
        expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
        const paid = await t.db.select().from(students).where(inArray(students.id, ids));
        for (const student of paid) {
          const succeeded = answers[ids.indexOf(student.id)]!.statusCode === 200;
          expect(student.coursePaid, student.id).toBe(succeeded);
        }
        expect(await findLedgerViolations(t.db, { studentIds: ids })).toEqual([]);
      }
    },
  );
});
