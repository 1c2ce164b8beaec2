/**
 * Fills a database with realistic students: `npm run seed -- --students 100000`.
 * Uses DATABASE_URL (PostgreSQL) when set, else the embedded database in DATA_DIR (./data).
 *
 * Everything is generated inside the database (INSERT … SELECT over generate_series), in batches,
 * so 100,000 students take seconds and the script's memory stays small. Each run adds new students
 * (emails are tagged with the run), so it can be run again on the same database.
 */
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { READABLE_ALPHABET } from '@shared/codes';
import { openDatabase, type Db } from '@server/db/client';
import { readCatalogue } from '@server/domain/site-documents/site-documents';

const FIRST_NAMES = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Mia',
  'Ivy',
  'Lily',
  'Isabella',
  'Sophia',
  'Grace',
  'Freya',
  'Emily',
  'Noah',
  'Oliver',
  'George',
  'Arthur',
  'Muhammad',
  'Leo',
  'Harry',
  'Oscar',
  'Archie',
  'Henry',
  'Jack',
  'Theo',
  'Priya',
  'Aisha',
  'Chloe',
  'Zara',
  'Ella',
  'Ruby',
  'Daniel',
  'Samuel',
  'Joseph',
  'Thomas',
  'Adam',
  'Yusuf',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Khan',
  'Hughes',
  'Edwards',
  'Lewis',
  'Hill',
  'Moore',
  'Clark',
  'Harris',
  'Scott',
  'Young',
  'Morris',
  'Ahmed',
  "O'Brien",
];
const LOCATIONS = [
  'London',
  'Manchester',
  'Birmingham',
  'Leeds',
  'Glasgow',
  'Bristol',
  'Cardiff',
  'Edinburgh',
  'Belfast',
  'Liverpool',
];

const BATCH = 20_000;

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`);

/** Inserts `count` students with their payments, ID checks, stage progress and certificates. */
export async function seedStudents(db: Db, count: number, log: (line: string) => void = () => {}): Promise<void> {
  const run = randomBytes(3).toString('hex');
  // Referral codes and certificate ids encode a counter in the readable alphabet from a random start
  // (referral codes scrambled by an odd multiplier, a bijection modulo 32^6), so they are unique within
  // the run; ON CONFLICT skips the rare clash with existing rows.
  const referralBase = randomInt(0, 32 ** 6 - 2 * count - 1);
  const certificateBase = randomInt(0, 2 ** 47);
  const alphabet = READABLE_ALPHABET;
  // Priced with the catalogue in force, as a payment made now would be.
  const catalogue = await readCatalogue(db);
  const ENROLMENT_FEE_PENCE = catalogue.enrolment_fee_pence;
  const foundation = catalogue.courses.foundation.price_pence;
  const pro = catalogue.courses.pro.price_pence;

  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(count, start + BATCH - 1);
    const tag = `seed-${run}-${start}-`;
    const encode = (value: ReturnType<typeof sql>, digits: number) =>
      sql.join(
        Array.from(
          { length: digits },
          (_, i) => sql`substr(${alphabet}, ((${value} / ${32 ** i}::bigint) % 32)::int + 1, 1)`,
        ),
        sql` || `,
      );

    await db.execute(sql`
      insert into students (first_name, last_name, email, phone, course_type, course_start_date, enrollment_paid,
                            course_paid, total_paid_pence, completion_status, referral_code, signup_location,
                            registration_date, updated_at)
      select first_name, last_name,
             lower(replace(first_name || '.' || last_name, '''', '')) || '.' || ${tag} || n || '@example.com',
             case when r_phone < 0.6 then '07' || lpad((floor(random() * 1000000000))::bigint::text, 9, '0') end,
             course, case when course is not null then (date_trunc('month', reg) + interval '2 months')::date end,
             enrolled, course_paid,
             (case when enrolled then ${ENROLMENT_FEE_PENCE}::int else 0 end)
               + (case when course_paid then (case course when 'pro' then ${pro}::int else ${foundation}::int end) else 0 end),
             case when r_status < 0.15 then 'contacted' when r_status < 0.25 then 'emailed' else 'enrolled' end,
             case when enrolled then 'VBR-' || ${encode(sql`(((${referralBase}::bigint + n) * 387420489) % 1073741824)`, 6)} end,
             (${textArray(LOCATIONS)})[1 + floor(random() * ${LOCATIONS.length}::int)::int],
             reg, reg
      from (
        select n, r_phone, r_status, reg,
               (${textArray(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length}::int)::int] as first_name,
               (${textArray(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length}::int)::int] as last_name,
               r_enrol < 0.85 as enrolled,
               case when r_course < 0.45 then 'foundation' when r_course < 0.75 then 'pro' end as course,
               r_enrol < 0.85 and r_course < 0.75 and r_paid < 0.85 as course_paid
        from (
          select n, random() as r_phone, random() as r_status, random() as r_enrol, random() as r_course,
                 random() as r_paid, now() - random() * interval '540 days' as reg
          from generate_series(${start}::int, ${end}::int) as n
        ) r
      ) s
      on conflict do nothing`);

    const mine = sql`s.email like ${`%.${tag}%`}`;

    // Payments: the enrolment fee alone, or enrolment + course (combined, or a later course payment).
    await db.execute(sql`
      insert into payments (student_id, payment_type, course_type, amount_pence, status, method, idempotency_key,
                            description, created_at, completed_at, list_fee_pence, list_course_pence)
      select s.id,
             case when s.course_paid and hashtext(s.id::text) % 2 = 0 then 'combined' else 'enrollment' end,
             case when s.course_paid and hashtext(s.id::text) % 2 = 0 then s.course_type end,
             case when s.course_paid and hashtext(s.id::text) % 2 = 0 then s.total_paid_pence else ${ENROLMENT_FEE_PENCE}::int end,
             'completed', 'card', 'seed-enrol-' || s.id, 'Seeded payment',
             s.registration_date + interval '5 minutes', s.registration_date + interval '5 minutes',
             ${ENROLMENT_FEE_PENCE}::int,
             case when s.course_paid and hashtext(s.id::text) % 2 = 0 then s.total_paid_pence - ${ENROLMENT_FEE_PENCE}::int else 0 end
      from students s where ${mine} and s.enrollment_paid`);
    await db.execute(sql`
      insert into payments (student_id, payment_type, course_type, amount_pence, status, method, idempotency_key,
                            description, created_at, completed_at, list_fee_pence, list_course_pence)
      select s.id, 'course', s.course_type, s.total_paid_pence - ${ENROLMENT_FEE_PENCE}::int, 'completed', 'card',
             'seed-course-' || s.id, 'Seeded payment',
             s.registration_date + interval '3 days', s.registration_date + interval '3 days',
             0, s.total_paid_pence - ${ENROLMENT_FEE_PENCE}::int
      from students s where ${mine} and s.course_paid and hashtext(s.id::text) % 2 <> 0`);

    // Most students with a paid course have an approved ID; some are still under review.
    await db.execute(sql`
      insert into id_verifications (student_id, status, document_key, content_type, size_bytes, uploaded_at, reviewed_at)
      select s.id, case when random() < 0.9 then 'approved' else 'pending' end, null, 'image/jpeg',
             204800, s.registration_date + interval '4 days', s.registration_date + interval '5 days'
      from students s where ${mine} and s.course_paid`);
    await db.execute(sql`update id_verifications v set reviewed_at = null from students s
      where v.student_id = s.id and ${mine} and v.status = 'pending'`);

    // Stage progress for approved students: anywhere from none to all stages.
    await db.execute(sql`
      insert into stage_progress (student_id, stage_number, completed_at)
      select p.id, g, p.registration_date + g * interval '6 days'
      from (
        select s.id, s.registration_date,
               floor(random() * ((case s.course_type when 'pro' then 9 else 5 end) + 1.5))::int as done,
               case s.course_type when 'pro' then 9 else 5 end as total
        from students s join id_verifications v on v.student_id = s.id and v.status = 'approved'
        where ${mine}
      ) p
      cross join lateral generate_series(1, least(p.done, p.total)) as g`);

    // Status follows progress; finished students get a certificate, most of them activated.
    await db.execute(sql`
      update students s set completion_status = case when c.done = c.total then 'completed' else 'in_progress' end
      from (
        select sp.student_id, count(*) as done, max(case st.course_type when 'pro' then 9 else 5 end) as total
        from stage_progress sp join students st on st.id = sp.student_id
        where st.email like ${`%.${tag}%`}
        group by sp.student_id
      ) c
      where c.student_id = s.id`);
    await db.execute(sql`
      insert into certificates (certificate_id, student_id, course_type, completion_date, requested_at, activated_at)
      select 'VBR-' || ${encode(sql`(${certificateBase}::bigint + ${start}::bigint + row_number() over ())`, 10)}, s.id, s.course_type,
             (s.registration_date + interval '60 days')::date, s.registration_date + interval '60 days',
             case when random() < 0.7 then s.registration_date + interval '61 days' end
      from students s where ${mine} and s.completion_status = 'completed' and s.course_paid
      on conflict do nothing`);
    log(`  ${end.toLocaleString('en-GB')} / ${count.toLocaleString('en-GB')} students`);
  }
  await db.execute(sql`analyze`);
}

async function main() {
  const { values } = parseArgs({ options: { students: { type: 'string', default: '1000' } } });
  const count = Number(values.students);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
    console.error('Usage: npm run seed -- --students <1..5000000>');
    process.exit(1);
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? './data';
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  console.log(
    `Seeding ${count.toLocaleString('en-GB')} students into ${databaseUrl ? 'PostgreSQL' : `PGlite (${dataDir})`}…`,
  );
  const started = performance.now();
  try {
    await seedStudents(database.db, count, console.log);
  } finally {
    await database.close();
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
