/**
 * Reads the config, builds the app, listens, and shuts down cleanly on SIGTERM/SIGINT: readiness and
 * every GET answer 503 until connections stop arriving (a load balancer sends them elsewhere), then
 * the listening socket closes, requests in flight finish, background jobs stop at a safe point, and
 * Redis and the database pool close.
 * After SHUTDOWN_TIMEOUT_MS the remaining connections are cut and the process exits anyway.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { explainStartFailure } from './start-failures';
import { runStartUpSteps } from './start-up';

/** On SIGTERM the process drains until no connection has arrived for this long (see `stop`)… */
const DRAIN_QUIET_MS = 100;
/** …or for at most this long, when connections keep arriving. */
const DRAIN_MAX_MS = 3_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, 'server');
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  await runStartUpSteps(app);
  const stop = gracefulStop(app, config.shutdownTimeoutMs);
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // A parent that started this process with an IPC channel (the test harnesses) learns that this
  // process is the one listening on the port, not another that held it first.
  if (process.send) {
    process.send({ ready: true });
    process.channel?.unref();
  }
  app.jobs.start();
  app.log.info(
    `Serving on ${config.publicUrl} (database: ${app.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

/** The SIGTERM/SIGINT handler: drain, then close; after `shutdownTimeoutMs` exit anyway. */
function gracefulStop(app: FastifyInstance, shutdownTimeoutMs: number): (signal: string) => void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.draining = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ shutdownTimeoutMs }, 'shutdown took too long; exiting');
      app.server.closeAllConnections();
      process.exit(1);
    }, shutdownTimeoutMs).unref();
    // Drain first, then close (docs/decisions/021). A proxy keeps connecting until a request fails,
    // and closing the listening socket resets the connections waiting in its queue, with requests the
    // proxy has already sent on them: it resends a GET, but a POST would come back as 502. So while
    // draining, GET and HEAD are answered 503 (plugins/draining.ts), which nginx passes to another process while it
    // stops sending to this one; other requests are served. Once no connection has arrived for
    // DRAIN_QUIET_MS (or after DRAIN_MAX_MS), the app closes: the listening socket and the idle
    // connections close, the requests in flight finish, then the plugins' onClose hooks stop the
    // jobs and close Redis and the database. The check runs from setImmediate, after the event loop has
    // accepted and read what was waiting, however late the loop runs under load.
    const drainStarted = Date.now();
    let lastConnectionAt = drainStarted;
    app.server.on('connection', () => (lastConnectionAt = Date.now()));
    const closeWhenQuiet = () => {
      const now = Date.now();
      const quietFor = now - lastConnectionAt;
      if (quietFor >= DRAIN_QUIET_MS || now - drainStarted >= DRAIN_MAX_MS) closeApp();
      else setTimeout(() => setImmediate(closeWhenQuiet), DRAIN_QUIET_MS - quietFor);
    };
    setTimeout(() => setImmediate(closeWhenQuiet), DRAIN_QUIET_MS);
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
  return stop;
}

main().catch((error: unknown) => {
  console.error(explainStartFailure(error) ?? error);
  process.exit(1);
});
