/**
 * The runbooks' shell blocks (docs/runbooks/), run by the tests as written. A block to run is marked
 * `<!-- runbook: name -->` on the line before it; a test puts in only what it cannot use as is
 * (folders, names, ports), and `sudo` runs the command as the test's user (`-u <user>` becomes the
 * PostgreSQL user the command connects as).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The shell block after `<!-- runbook: name -->` in docs/runbooks/<file>, its list indentation removed. */
export function runbookBlock(file: string, name: string): string {
  const runbook = `docs/runbooks/${file}`;
  const match = new RegExp(`<!-- runbook: ${name} -->\\n( *)\`\`\`bash\\n([\\s\\S]*?)\\n\\1\`\`\``).exec(
    readFileSync(runbook, 'utf8'),
  );
  if (!match) throw new Error(`${runbook} has no bash block after <!-- runbook: ${name} -->`);
  const indent = match[1]!;
  return match[2]!
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}

const SUDO =
  'sudo() { local user=""; if [ "$1" = -u ]; then user=$2; shift 2; fi; if [ -n "$user" ]; then PGUSER=$user "$@"; else "$@"; fi; }';

export interface BlockOptions {
  /** Replacements, in order. */
  replace: Array<[string | RegExp, string]>;
  env: Record<string, string>;
  /** Shell functions or settings before the block. */
  prelude?: string[];
  /** Stop at the first failing command (default true; a block of `diff`s reports with its exit code). */
  errexit?: boolean;
}

/** Runs the block with bash; rejects with the block and its output when it fails. */
export function runBlock(block: string, options: BlockOptions): Promise<string> {
  let script = block;
  for (const [from, to] of options.replace) script = script.replaceAll(from, to);
  const prelude = [
    options.errexit === false ? 'set -uo pipefail' : 'set -euo pipefail',
    SUDO,
    ...(options.prelude ?? []),
  ];
  const child = spawn('bash', ['-c', `${prelude.join('\n')}\n${script}`], {
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      if (code === 0 || options.errexit === false) resolve(output);
      else reject(new Error(`the block failed (${code}):\n${script}\n---\n${output}`));
    }),
  );
}
