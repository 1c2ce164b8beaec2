/**
 * Where the server's log lines go: standard output, written once per turn of the event loop.
 *
 * Pino's default destination hands every line to the thread pool for its own write. Under load that
 * was the largest cost the app adds to a simple request (decision 021; figures in docs/perf/history.md). Here the lines of one turn
 * are gathered and written in one synchronous write when the turn ends (`setImmediate`), so a line
 * waits at most for the rest of its turn, and the order of lines is kept.
 *
 * Nothing is lost on a normal exit or a crash: the process's `exit` event writes what is waiting.
 * A `kill -9` can lose the lines of the turn it lands in, as the default destination could lose the
 * lines of its pending write.
 */
export interface LogDestination {
  write(line: string): boolean;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

export function turnBatchedDestination(output: NodeJS.WritableStream): LogDestination {
  let waiting: string[] = [];
  let scheduled = false;

  const flushSync = () => {
    scheduled = false;
    if (waiting.length === 0) return;
    const text = waiting.length === 1 ? waiting[0]! : waiting.join('');
    waiting = [];
    // Standard output is synchronous for files, pipes and terminals on Linux (Node's documentation,
    // "A note on process I/O"), so the lines are written when this returns.
    output.write(text);
  };
  process.on('exit', flushSync);

  return {
    write(line) {
      waiting.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushSync);
      }
      return true;
    },
    flush(callback) {
      flushSync();
      callback?.();
    },
    flushSync,
  };
}

let stdout: LogDestination | undefined;

/** The one destination for standard output, shared by every app the process builds. */
export function stdoutDestination(): LogDestination {
  return (stdout ??= turnBatchedDestination(process.stdout));
}
