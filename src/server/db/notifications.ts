/**
 * LISTEN for a database notification (pg_notify, sent at commit by triggers): how a process learns that
 * something it keeps in memory changed, whichever process or command wrote it.
 *
 * `live()` is false while the listening connection is down: a notification sent then is lost, so the
 * caller keeps nothing in memory until it is back. `onChange` is also called on every (re)connection and
 * every loss, so nothing read before a gap is used after it.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Subscription {
  live(): boolean;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

/** PostgreSQL: one connection of its own, outside the pool, reconnected after a loss. */
export function listenPostgres(url: string, channel: string, onChange: () => void): Subscription {
  let current: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = undefined;
    live = false;
    onChange();
    client.end().catch(() => {});
    if (!closed) retry = setTimeout(connect, RECONNECT_MS).unref();
  };

  function connect() {
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) onChange();
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client
      .connect()
      .then(() => client.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (client !== current) return;
        live = true;
        onChange();
      })
      .catch(() => lost(client));
  }

  connect();
  return {
    live: () => live,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      live = false;
      await client?.end().catch(() => {});
    },
  };
}

/** PGlite: one in-process session; its notifications arrive at every commit. */
export async function listenPglite(client: PGlite, channel: string, onChange: () => void): Promise<Subscription> {
  const unlisten = await client.listen(channel, onChange);
  let live = true;
  return {
    live: () => live,
    close: async () => {
      live = false;
      await unlisten().catch(() => {});
    },
  };
}
