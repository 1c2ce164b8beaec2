/**
 * Reads the config, builds the app, listens, and shuts down cleanly on SIGTERM/SIGINT: readiness
 * answers 503, the listening socket closes (a load balancer sends new requests elsewhere), requests
 * in flight finish, background jobs stop at a safe point, then Redis and the database pool close.
 * After SHUTDOWN_TIMEOUT_MS the remaining connections are cut and the process exits anyway.
 */
import net from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { bootstrapAdmin } from './domain/admins/bootstrap-admin';

/** How long a connection accepted just before SIGTERM has to send its request (see `stop`). */
const ACCEPTED_REQUEST_GRACE_MS = 250;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  await bootstrapAdmin(
    app.db,
    config.admin,
    (line) => app.log.info(line),
    (line) => console.log(line),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.draining = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ shutdownTimeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long; exiting');
      app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    // The listening socket closes first: new connections are refused (a proxy sends them elsewhere).
    // A connection accepted a moment ago has not sent its request yet, and closing the app now would
    // cut it as idle: a proxy that had already sent a POST on it would answer 502. So the app closes
    // a moment later: that stops the HTTP server (closing idle connections, waiting for the requests in
    // flight), then its onClose hook stops the jobs and closes Redis and the database.
    net.Server.prototype.close.call(app.server);
    setTimeout(closeApp, ACCEPTED_REQUEST_GRACE_MS);
  };
  const closeApp = () => {
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.jobs.start();
  app.log.info(
    `Serving on ${config.publicUrl} (database: ${app.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
