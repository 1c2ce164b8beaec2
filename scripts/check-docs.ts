/**
 * `npm run check:docs`: the repository explains itself. Exits 1 and lists `file:line: problem` when
 *
 * (a) a relative markdown link (`[text](target)`) in README.md or docs/**\/*.md points at a file or
 *     folder that does not exist (the `#anchor` is dropped; http, mailto and `#…`-only links are not checked);
 * (b) a repository path named in README.md, docs/**\/*.md, or in a comment of a source file under
 *     src/, test/, e2e/, scripts/, .ci/ or the root's config files does not exist;
 * (c) README.md, docs/**\/*.md or a source file (comments and strings: test titles are read too)
 *     refers to the product documents kept outside the repository, or to a tracker number ("issue 14").
 *
 * What counts as a path (rule b), so prose such as "and/or", "p50/p99" or "image/jpeg" is left alone:
 * a run of `[A-Za-z0-9_@.-]` and `/` containing a `/`, not starting with `/` or `~`, not part of a URL,
 * whose last segment ends in a known file extension (EXTENSIONS), or whose first segment is one of the
 * repository's top folders (TOP_FOLDERS) — `docs/decisions/016` names decision 016 by its number.
 * Runs holding a placeholder (`<area>`, `{id}`, `*`, `…`) are not paths. Build output and installed
 * packages (`dist/`, `data/`, `node_modules/`, `@scope/…`) are not checked.
 * A path exists when it resolves from the repository root, from the naming file's folder, under
 * node_modules (a dependency's file), or as a whole-segment suffix of a file or folder of the
 * repository, so short forms such as `plugins/spa.ts` or `domain/payments/refund-payment.ts` count.
 *
 * Usage: tsx scripts/check-docs.ts [root]   (root defaults to the current folder)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  problem: string;
}

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report']);
const SOURCE_FOLDERS = ['src', 'test', 'e2e', 'scripts', '.ci'];
const SOURCE_EXTENSIONS = /\.(?:[cm]?[jt]sx?)$/;
const EXTENSIONS = new Set(
  'ts tsx js mjs cjs json md css html sql conf yml yaml sh txt csv png jpg jpeg svg webp webm mp4 woff2 pdf ico eml'.split(
    ' ',
  ),
);
const TOP_FOLDERS = new Set(['src', 'test', 'e2e', 'scripts', 'docs', '.ci', 'drizzle', 'public']);
const NOT_CHECKED_FIRST_SEGMENTS = new Set([
  'dist',
  '.vite',
  'data',
  'node_modules',
  'test-results',
  'playwright-report',
]);

/** Built so that this file does not match its own rule (c). */
const OUTSIDE_DOCUMENTS = new RegExp(`\\b(?:${['SPEC', 'DESIGN', 'STYLE'].join('|')})\\.md\\b`);
const TRACKER_NUMBER = /\bissues?[ \t]+#?\d+|\bissue[ \t]*#\d+/i;

/** Every file and folder under `root`, relative, with `/` separators. */
function listTree(root: string): { files: string[]; entries: Set<string> } {
  const files: string[] = [];
  const entries = new Set<string>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      entries.add(child);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  walk('');
  return { files, entries };
}

/** The comments of a TypeScript/JavaScript file, each with the line it starts on. */
function sourceComments(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Set<number>();
  const comments: { line: number; text: string }[] = [];
  const take = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push({
        line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
        text: text.slice(range.pos, range.end),
      });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return comments.sort((a, b) => a.line - b.line);
}

/** The `#` comments of a shell script. */
function shellComments(text: string): { line: number; text: string }[] {
  return text.split('\n').flatMap((line, index) => {
    const match = /(?:^|\s)(#.*)$/.exec(line);
    return match?.[1] && !line.startsWith('#!') ? [{ line: index + 1, text: match[1] }] : [];
  });
}

/** Lines of `text` (1-based numbers) starting at `firstLine`. */
function linesOf(text: string, firstLine = 1): { line: number; text: string }[] {
  return text.split('\n').map((line, index) => ({ line: firstLine + index, text: line }));
}

/** Candidate repository paths named in one line of text (rule b). */
export function namedPaths(line: string): string[] {
  const withoutUrls = line
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ')
    .replace(/\b(?:www\.)?[\w-]+\.(?:com|org|io|net|dev|co\.uk)\/\S*/gi, ' ');
  const found: string[] = [];
  for (const [raw] of withoutUrls.matchAll(/[^\s`'"()[\],;]+/g)) {
    const token = raw.replace(/[.:!?]+$/, '');
    if (!token.includes('/') || /[^\w@./-]/.test(token)) continue;
    if (token.startsWith('/') || token.includes('//')) continue;
    const segments = token
      .replace(/^(?:\.\.?\/)+/, '')
      .split('/')
      .filter(Boolean);
    const first = segments[0] ?? '';
    const last = segments.at(-1) ?? '';
    if (first.startsWith('@') || NOT_CHECKED_FIRST_SEGMENTS.has(first)) continue;
    const extension = /\.([a-z0-9]+)$/i.exec(last)?.[1]?.toLowerCase();
    const hasFileExtension = extension !== undefined && EXTENSIONS.has(extension);
    if (hasFileExtension || (TOP_FOLDERS.has(first) && segments.length > 1 && !token.startsWith('.'))) {
      found.push(token);
    }
  }
  return found;
}

export function checkDocs(root: string): Finding[] {
  const { files, entries } = listTree(root);
  const findings: Finding[] = [];
  const suffixes = new Set<string>();
  for (const entry of entries) {
    const segments = entry.split('/');
    for (let i = 0; i < segments.length; i += 1) suffixes.add(segments.slice(i).join('/'));
  }

  const exists = (named: string, fromFile: string): boolean => {
    const clean = named.replace(/\/$/, '');
    const fromFolder = path.posix.dirname(fromFile);
    const candidates = [path.posix.normalize(clean), path.posix.normalize(path.posix.join(fromFolder, clean))];
    if (candidates.some((candidate) => entries.has(candidate))) return true;
    // docs/decisions/016: a decision record named by its number.
    const decision = /^(.*\/decisions)\/(\d{3})$/.exec(candidates[0] ?? '');
    if (decision && files.some((file) => file.startsWith(`${decision[1]}/${decision[2]}-`))) return true;
    if (existsSync(path.join(root, 'node_modules', clean))) return true;
    return !clean.startsWith('.') && suffixes.has(clean);
  };

  const report = (file: string, line: number, problem: string) => findings.push({ file, line, problem });
  const checkOutsideReferences = (file: string, lines: { line: number; text: string }[]) => {
    for (const { line, text } of lines) {
      const outside = OUTSIDE_DOCUMENTS.exec(text);
      if (outside) report(file, line, `points at ${outside[0]}, which is not in the repository (use docs/product/)`);
      const tracker = TRACKER_NUMBER.exec(text);
      if (tracker) report(file, line, `points at "${tracker[0]}", a tracker number a reader cannot open`);
    }
  };
  const checkPaths = (file: string, lines: { line: number; text: string }[]) => {
    for (const { line, text } of lines) {
      for (const named of namedPaths(text)) {
        if (!exists(named, file)) report(file, line, `names ${named}, which does not exist`);
      }
    }
  };

  const self = new Set(['scripts/check-docs.ts']);
  for (const file of files) {
    const isMarkdown = file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md'));
    const isSource =
      (SOURCE_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) && SOURCE_EXTENSIONS.test(file)) ||
      (!file.includes('/') && SOURCE_EXTENSIONS.test(file)) ||
      (file.startsWith('.ci/') && !/\.\w+$/.test(file));
    if (!isMarkdown && !isSource) continue;
    const text = readFileSync(path.join(root, file), 'utf8');

    if (isMarkdown) {
      const lines = linesOf(text);
      checkOutsideReferences(file, lines);
      checkPaths(file, lines);
      for (const { line, text: content } of lines) {
        for (const [, target] of content.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
          if (!target || /^(?:[a-z][a-z0-9+.-]*:|#|\/)/i.test(target)) continue;
          const linked = decodeURI(target.split('#')[0] ?? '');
          const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), linked));
          if (!entries.has(resolved.replace(/\/$/, ''))) report(file, line, `links to ${target}, which does not exist`);
        }
      }
      continue;
    }

    if (!self.has(file)) checkOutsideReferences(file, linesOf(text));
    const comments = SOURCE_EXTENSIONS.test(file) ? sourceComments(file, text) : shellComments(text);
    checkPaths(
      file,
      comments.flatMap((comment) => linesOf(comment.text, comment.line)),
    );
  }
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function main() {
  const root = path.resolve(process.argv[2] ?? '.');
  if (!statSync(root).isDirectory()) throw new Error(`${root} is not a folder`);
  const findings = checkDocs(root);
  for (const finding of findings) console.log(`${finding.file}:${finding.line}: ${finding.problem}`);
  if (findings.length > 0) {
    console.log(`check:docs: ${findings.length} problem(s)`);
    process.exit(1);
  }
  console.log('check:docs: no broken links or paths, no pointers outside the repository');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
