// Measures what issue 42 keeps small: the functions in lib/ and the files in lib/storage.
// A function's length is the number of lines from its first token to its closing brace (the comment
// above it is not counted); a function written inside another counts towards both. The migrations
// Payload's command line writes (lib/cms/migrations) are generated, so they are not measured.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';

export const MAX_FUNCTION_LINES = 120;
export const MAX_STORAGE_FILE_LINES = 250;

const GENERATED = ['lib/cms/migrations/'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

function* sourceFiles(root, dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const file = relative(root, path).split('\\').join('/');
    if (GENERATED.some((prefix) => `${file}/`.startsWith(prefix))) continue;
    if (statSync(path).isDirectory()) yield* sourceFiles(root, path);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) yield file;
  }
}

function lineOf(source, position) {
  return source.getLineAndCharacterOfPosition(position).line;
}

// The name a reader would search for: the function's own, or the variable, property or method
// that holds it, prefixed by the functions it sits in.
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText();
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '(anonymous)';
}

/** Every function in one file's text, with its length in lines. */
export function functionSizes(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node, outer) => {
    let inside = outer;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const name = [...outer, nameOf(node)].join(' › ');
      const line = lineOf(source, node.getStart(source)) + 1;
      const lines = lineOf(source, node.getEnd()) + 2 - line;
      found.push({ file, name, line, lines });
      inside = [...outer, nameOf(node)];
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, []);
  return found;
}

function lineCount(text) {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/** The functions under root/lib longer than maxLines, longest first. */
export function longFunctions(root, maxLines = MAX_FUNCTION_LINES) {
  const long = [];
  for (const file of sourceFiles(root, join(root, 'lib'))) {
    const text = readFileSync(join(root, file), 'utf8');
    long.push(...functionSizes(file, text).filter((fn) => fn.lines > maxLines));
  }
  return long.sort((a, b) => b.lines - a.lines);
}

/** The files under root/lib/storage longer than maxLines, longest first. */
export function longStorageFiles(root, maxLines = MAX_STORAGE_FILE_LINES) {
  const long = [];
  for (const file of sourceFiles(root, join(root, 'lib/storage'))) {
    const lines = lineCount(readFileSync(join(root, file), 'utf8'));
    if (lines > maxLines) long.push({ file, lines });
  }
  return long.sort((a, b) => b.lines - a.lines);
}
