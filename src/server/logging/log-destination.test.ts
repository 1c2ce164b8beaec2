import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { turnBatchedDestination } from './log-destination';

function recorder() {
  const writes: string[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      writes.push(chunk.toString());
      callback();
    },
  });
  return { writes, output };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turnBatchedDestination', () => {
  it("writes a turn's lines once, in order, when the turn ends", async () => {
    const { writes, output } = recorder();
    // As the app uses it: Fastify's (pino) logger writing to the destination.
    const logger = Fastify({ logger: { base: null, timestamp: false, stream: turnBatchedDestination(output) } }).log;
    logger.info('one');
    logger.warn({ route: '/api/health' }, 'two');
    logger.info('three');
    expect(writes).toEqual([]);

    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(
      writes[0]!
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['one', 'two', 'three']);

    logger.info('four');
    await nextTurn();
    expect(writes).toHaveLength(2);
    expect(JSON.parse(writes[1]!).msg).toBe('four');
  });

  it('writes what is waiting at once on flushSync, and nothing twice', async () => {
    const { writes, output } = recorder();
    const destination = turnBatchedDestination(output);
    destination.write('a\n');
    destination.flushSync();
    expect(writes).toEqual(['a\n']);
    await nextTurn();
    expect(writes).toEqual(['a\n']);
  });

  // A real process: the lines of the turn in which it exits or crashes still reach standard output.
  const child = (ending: string) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import Fastify from 'fastify';
         import { stdoutDestination } from ${JSON.stringify(fileURLToPath(new URL('./log-destination.ts', import.meta.url)))};
         const log = Fastify({ logger: { base: null, stream: stdoutDestination() } }).log;
         for (let i = 0; i < 3; i += 1) log.info({ i }, 'line');
         ${ending}`,
      ],
      { encoding: 'utf8', cwd: fileURLToPath(new URL('../../..', import.meta.url)) },
    );

  it.each([
    ['exits in the same turn', 'process.exit(3)', 3],
    ['throws in the same turn', "throw new Error('boom')", 1],
    ['ends normally', '', 0],
  ])('keeps every line when the process %s', (_case, ending, status) => {
    const result = child(ending);
    expect(result.status).toBe(status);
    const lines = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.i)).toEqual([0, 1, 2]);
  });
});
