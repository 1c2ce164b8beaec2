/**
 * Named prepared statements for PGlite (docs/decisions/026).
 *
 * PGlite's `query` sends every statement as an unnamed one, in six calls into Postgres (Parse,
 * Describe, Bind, Describe, Execute, Sync): each query is parsed, analysed and planned again, and
 * the calls cost as much again. This client keeps a named statement per SQL text instead, prepared
 * the first time the text is seen, and runs it with one call (Bind, Describe, Execute, Sync). Postgres
 * then reuses the parse and, after a few runs, a generic plan, as it does for `pg`'s named statements
 * on a PostgreSQL server.
 *
 * Only what PGlite's own `query` would do the same way takes this path, from the client and from
 * `transaction()`'s object alike: a data statement (select, with, insert, update, delete) with no
 * options other than `rowMode` and no pattern match (below). Everything else goes to PGlite
 * unchanged. The statements are kept for at most `maxStatements` texts, the least recently used
 * closed first.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statements Postgres can prepare and whose text alone says they are one (DDL and the like go to PGlite). */
const DATA_STATEMENT = /^\s*(select|with|insert|update|delete)\b/i;

/**
 * A pattern match's best plan depends on the pattern (the trigram index for a rare fragment, a scan
 * for a common one), and a named statement's plan is made once for any pattern after five runs: the
 * admin search by an email fragment went from 12 to 87 ms that way. Such statements keep PGlite's
 * one-off plans.
 */
const PATTERN_MATCH = /\b(i?like|similar\s+to)\b|~|%/i;

/** Statements that drop the session's prepared statements. */
const DROPS_STATEMENTS = /\b(deallocate|discard)\b/i;

/** SQLSTATEs after which a kept statement is prepared again once: its plan's result type changed
 * (a column added or dropped under `select *`), or the session no longer has it. */
const PREPARE_AGAIN = new Set(['0A000', '26000']);

interface Statement {
  name: string;
  /** The parameters' type ids, as Postgres inferred them (what PGlite serialises by). */
  paramTypes: number[];
}

const eligible = (text: string, options: QueryOptions | undefined): boolean =>
  DATA_STATEMENT.test(text) &&
  !PATTERN_MATCH.test(text) &&
  (options === undefined || Object.entries(options).every(([key, value]) => value === undefined || key === 'rowMode'));

export function withPreparedStatements(client: PGlite, { maxStatements = 256 } = {}): PGlite {
  const statements = new Map<string, Statement>();
  /** Statements no longer kept, still to close in Postgres: sent with the next Parse. Closing a name
   * that is not there is no error, so a batch that failed is simply sent again. */
  let toClose: string[] = [];
  let counter = 0;
  const query = client.query.bind(client) as PGlite['query'];

  function forget(text: string): Statement | undefined {
    const statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      toClose.push(statement.name);
    }
    return statement;
  }

  async function prepare(text: string): Promise<Statement> {
    if (statements.size >= maxStatements) forget(statements.keys().next().value!);
    const name = `vbr_s${++counter}`;
    const closing = toClose;
    const messages = await client.execProtocolStream(
      Buffer.concat([
        ...closing.map((stale) => serialize.close({ type: 'S', name: stale })),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    toClose = toClose.filter((stale) => !closing.includes(stale));
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one to close when the map is full.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const { paramTypes } = statement;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = client.serializers[paramTypes[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await client.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  /** Runs a text as its named statement; outside a transaction, prepares it again once if it went stale. */
  async function named<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    try {
      try {
        return await run<T>(text, params, options, inTransaction);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (!code || !PREPARE_AGAIN.has(code) || !forget(text)) throw error;
        // In a transaction the error has aborted it: only a rollback can follow, and the next run of
        // the text prepares it anew. The schema changes only in the migrations, before the app
        // serves, so this is for a table altered while the app runs.
        if (inTransaction) throw error;
        return await run<T>(text, params, options, inTransaction);
      }
    } catch (error) {
      // As PGlite's own query does: the error names the statement that failed.
      if (error && typeof error === 'object' && 'severity' in error) {
        Object.assign(error, { query: text, params, queryOptions: options });
      }
      throw error;
    }
  }

  // A DEALLOCATE or DISCARD run through PGlite drops the session's statements: they are forgotten
  // too, so that none is found missing later (inside a transaction that would abort it).
  const forgetAllAfter = async <R>(text: string, result: Promise<R>): Promise<R> => {
    const value = await result;
    if (DROPS_STATEMENTS.test(text)) {
      statements.clear();
      toClose = [];
    }
    return value;
  };
  const exec = client.exec.bind(client);
  client.exec = (text, options) => forgetAllAfter(text, exec(text, options));

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!eligible(text, options)) return forgetAllAfter(text, query<T>(text, params, options));
    await client._checkReady();
    // The same two locks as PGlite's query: after any transaction in progress, one query at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => named<T>(text, params, options, false)),
    );
  };

  // Inside transaction(), PGlite's transaction object holds the transaction lock: its queries take
  // the query lock only, and the files are synced at the end of the transaction, as PGlite does.
  onTransactionQueries(client, (txQuery, tx) => async (text, params = [], options) => {
    if (!eligible(text, options)) return txQuery(text, params, options);
    if (tx.closed) throw new Error('Transaction is closed');
    return client._runExclusiveQuery(() => named(text, params, options, true));
  });
  return client;
}

/**
 * Replaces `query` on every transaction object `client.transaction()` hands out: `wrap` gets the
 * object's own `query` and the object, and returns the one its callback is to use.
 */
export function onTransactionQueries(
  client: PGlite,
  wrap: (txQuery: Transaction['query'], tx: Transaction) => Transaction['query'],
): void {
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      tx.query = wrap(tx.query.bind(tx), tx);
      return callback(tx);
    });
}
