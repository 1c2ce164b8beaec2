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
 * Only what PGlite's own `query` would do the same way takes this path: a data statement (select,
 * with, insert, update, delete) outside `transaction()` (whose queries keep PGlite's path), with no
 * options other than `rowMode` and no pattern match (below). Everything else goes to PGlite unchanged. The statements are kept for
 * at most `maxStatements` texts, the least recently used closed first.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

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

/** SQLSTATEs after which a kept statement is prepared again once: its plan's result type changed
 * (a column added or dropped under `select *`), or the session no longer has it. */
const PREPARE_AGAIN = new Set(['0A000', '26000']);

interface Statement {
  name: string;
  /** The parameters' type ids, as Postgres inferred them (what PGlite serialises by). */
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const message = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

const eligible = (text: string, options: QueryOptions | undefined): boolean =>
  DATA_STATEMENT.test(text) &&
  !PATTERN_MATCH.test(text) &&
  (options === undefined || Object.entries(options).every(([key, value]) => value === undefined || key === 'rowMode'));

export function withPreparedStatements(client: PGlite, { maxStatements = 256 } = {}): PGlite {
  const statements = new Map<string, Statement>();
  let counter = 0;
  const query = client.query.bind(client) as PGlite['query'];

  async function prepare(text: string): Promise<Statement> {
    const parts: Uint8Array[] = [];
    if (statements.size >= maxStatements) {
      const [oldest, statement] = statements.entries().next().value as [string, Statement];
      statements.delete(oldest);
      parts.push(serialize.close({ type: 'S', name: statement.name }));
    }
    const name = `vbr_s${++counter}`;
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    const messages = await client.execProtocolStream(concat(parts), { syncToFs: false });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
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
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!eligible(text, options)) return query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          try {
            return await run<T>(text, params, options);
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (!code || !PREPARE_AGAIN.has(code) || !statements.has(text)) throw error;
            const stale = statements.get(text)!;
            statements.delete(text);
            await client.execProtocolStream(
              concat([serialize.close({ type: 'S', name: stale.name }), serialize.sync()]),
              { syncToFs: false },
            );
            return await run<T>(text, params, options);
          }
        } catch (error) {
          // As PGlite's own query does: the error names the statement that failed.
          if (error && typeof error === 'object' && 'severity' in error) {
            Object.assign(error, { query: text, params, queryOptions: options });
          }
          throw error;
        }
      }),
    );
  };
  return client;
}
