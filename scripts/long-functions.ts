/**
 * Lists the functions in src/ longer than a number of lines (default 80), longest first, and fails
 * when there are more of them than allowed (`--max N`, default 10). A function is every function
 * declaration, function expression, arrow function and method (route-registration callbacks
 * included), counted from its first line to its last; a nested function counts on its own and
 * inside its parent. Tests (`*.test.ts`) are left out.
 *
 *   npm run check:functions                    # fails beyond 10
 *   npm run check:functions -- --lines 60 --max 100
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const { values } = parseArgs({
  options: { lines: { type: 'string', default: '80' }, max: { type: 'string', default: '10' } },
});
const limit = Number(values.lines);
const allowed = Number(values.max);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `${parent.expression.getText().slice(0, 40)}(…) callback`;
  return '(anonymous)';
}

const long: { where: string; name: string; lines: number }[] = [];
for (const file of sourceFiles('src')) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) long.push({ where: `${file}:${first + 1}`, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

long.sort((a, b) => b.lines - a.lines);
for (const { where, name, lines } of long) console.log(`${String(lines).padStart(4)}  ${name}  ${where}`);
console.log(`${long.length} functions over ${limit} lines (at most ${allowed} allowed)`);
if (long.length > allowed) process.exit(1);
