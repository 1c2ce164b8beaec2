/**
 * Unexpected console.error output fails the test that printed it (test/setup/console-errors.ts),
 * as e2e/fixtures.ts does for the browser. A test that expects one allows it by pattern, with a
 * comment saying why:
 *
 *   // The error handler logs the failure it hides behind the 500.
 *   allowConsoleError(/secret internal failure/);
 *
 * Inside a test the allowance lasts until that test ends; in a hook or a describe body, until the
 * end of the file.
 */
import { format } from 'node:util';
import { TestRunner } from 'vitest';

interface ConsoleErrorState {
  allowed: Array<{ pattern: RegExp; scope: 'test' | 'file' }>;
  unexpected: string[];
}

/** On globalThis, so a worker that runs several files (isolate: false) keeps one state whatever it re-imports. */
const STATE = Symbol.for('vbr.test.consoleErrors');
const WATCHED = Symbol.for('vbr.test.consoleErrors.watched');

function state(): ConsoleErrorState {
  const global = globalThis as typeof globalThis & { [STATE]?: ConsoleErrorState };
  global[STATE] ??= { allowed: [], unexpected: [] };
  return global[STATE];
}

export function allowConsoleError(pattern: RegExp): void {
  state().allowed.push({ pattern, scope: TestRunner.getCurrentTest() ? 'test' : 'file' });
}

/** Wraps console.error (once per console object): allowed messages are dropped, others recorded and printed. */
export function watchConsoleErrors(): void {
  const current = console.error as typeof console.error & { [WATCHED]?: true };
  if (current[WATCHED]) return;
  const watched = Object.assign(
    (...args: unknown[]) => {
      const message = format(...args);
      const { allowed, unexpected } = state();
      if (allowed.some(({ pattern }) => pattern.test(message))) return;
      unexpected.push(message);
      current.apply(console, args);
    },
    { [WATCHED]: true as const },
  );
  console.error = watched;
}

/** Throws when console.error printed something not allowed since the last check. */
export function failOnConsoleErrors(when: string): void {
  const { unexpected } = state();
  if (!unexpected.length) return;
  const messages = unexpected.splice(0).map((message) => `  ${message.split('\n').slice(0, 3).join('\n  ')}`);
  throw new Error(
    `console.error was called ${when} (fix the cause, or allowConsoleError(/pattern/) with a reason):\n${messages.join('\n')}`,
  );
}

export function endConsoleErrorScope(scope: 'test' | 'file'): void {
  const current = state();
  current.allowed = scope === 'file' ? [] : current.allowed.filter((entry) => entry.scope === 'file');
}
