/**
 * `npm run check:ledger`: checks the money invariants (src/server/domain/payments/ledger-invariants.ts)
 * on the configured database (DATABASE_URL, or the embedded database in DATA_DIR, which it refuses
 * while the server runs). Prints each offending student with what is wrong and exits 1; exits 0 when all hold.
 * Prints ids only, no personal data.
 */
import { loadConfig } from '../config';
import { openCommandDatabase, runCommandMain } from './command-database';
import { countRefunds, findLedgerViolations } from '@server/domain/payments/ledger-invariants';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openCommandDatabase(
    config,
    'Stop the server first (Ctrl+C, or kill -TERM with the process id above) and run this again.',
  );
  try {
    const violations = await findLedgerViolations(database.db);
    const counts = await countRefunds(database.db);
    // What the totals account for: refunds (here and at Square) and disputes.
    console.log(
      `Refunds: ${counts.refunded} in full (${counts.refundedAtSquare} at Square), ${counts.partlyRefunded} in part; ` +
        `disputes: ${counts.disputesLost} lost, ${counts.disputesOpen} open.`,
    );
    if (violations.length === 0) {
      console.log('Ledger OK: every student agrees with their payments.');
      return 0;
    }
    console.error(`Ledger check failed for ${violations.length} student(s):`);
    for (const v of violations) console.error(`  student ${v.studentId}: ${v.problems.join('; ')}`);
    return 1;
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  } finally {
    await database.close();
  }
}

runCommandMain(main);
