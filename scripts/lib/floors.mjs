// The floors of lib/ (docs/architecture.md): each folder, or file at lib/'s top, stands on one floor,
// and code imports sideways or down, never up. This lists the imports that run back up a floor and the
// import circles among lib's files. Run it with `node scripts/lib/floors.mjs`; tests/unit/floors.test.ts
// keeps the figures within their bounds.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

// Lowest first. A name is a folder of lib/ or a file at its top without its extension.
export const FLOORS = [
  // What everything reads: constants, settings, the log, process-wide state.
  ['constants', 'config', 'public-config', 'log', 'hash', 'singletons', 'slug', 'periodic', 'assets', 'consent'],
  // The site's plumbing: languages and addresses, HTTP, the request's safety, the store, the content's shapes.
  ['i18n', 'routing', 'http', 'security', 'storage', 'content'],
  // The mail room: the frame every mail is written in, the transports, the outbox.
  ['mail'],
  // Who the staff are: roles, sessions and sign-in, the audit, the members.
  ['team'],
  // The content editor.
  ['cms'],
  // What the site does for visitors, each in its own folder.
  [
    'payments',
    'gifts',
    'places',
    'certificates',
    'forms',
    'newsletter',
    'letters',
    'bot-check',
    'export',
    'privacy',
    'offline',
    'seo',
    'og',
    'web-manifest',
  ],
  // The staff workspace, and what starts the server's tasks.
  ['staff', 'server-start'],
];

// The capabilities whose insides are closed: outside its folder, code imports only the folder's index.ts,
// its door (eslint.config.mjs keeps this; tests/unit/doors.test.ts checks each has one).
export const DOORS = ['payments', 'gifts', 'places', 'letters', 'cms', 'team', 'storage', 'certificates'];

// Written by Payload's command line, not by hand.
const GENERATED = /^lib\/cms\/migrations\//;
const SOURCE = /\.(ts|tsx|mts)$/;

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function filesUnder(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path);
    return SOURCE.test(entry.name) && !GENERATED.test(path) ? [path] : [];
  });
}

// The room a lib file stands in: its folder, or its own name at lib's top.
export function roomOf(file) {
  const [, first, second] = file.split('/');
  return second === undefined ? first.replace(SOURCE, '') : first;
}

export function floorOf(room) {
  const floor = FLOORS.findIndex((rooms) => rooms.includes(room));
  return floor < 0 ? undefined : floor;
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

function resolve(from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier === '@payload-config') base = 'lib/cms/config';
  else if (specifier.startsWith('.')) base = relative(root, join(root, dirname(from), specifier));
  else return undefined;
  for (const extension of EXTENSIONS) {
    const path = base + extension;
    if (existsSync(join(root, path)) && statSync(join(root, path)).isFile()) return path;
  }
  return undefined;
}

// What a file imports: static imports and re-exports (type-only ones included), and `import()`s.
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      found.push({ specifier: node.moduleSpecifier.text, dynamic: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Every import between lib's files: from → [{ to, dynamic }], `dynamic` when only `import()` reaches it.
export function libImports() {
  const graph = new Map();
  for (const file of filesUnder('lib')) {
    const targets = new Map();
    for (const { specifier, dynamic } of importsOf(file)) {
      const to = resolve(file, specifier);
      if (!to?.startsWith('lib/') || to === file) continue;
      targets.set(to, (targets.get(to) ?? true) && dynamic);
    }
    graph.set(
      file,
      [...targets].map(([to, dynamic]) => ({ to, dynamic })),
    );
  }
  return graph;
}

// The imports from a lower floor to a higher one, grouped by rooms ('mail → payments'), and the rooms
// that stand on no floor.
export function upArrows(graph) {
  const arrows = new Map();
  const homeless = new Set();
  for (const [from, targets] of graph) {
    for (const { to } of targets) {
      const [low, high] = [roomOf(from), roomOf(to)];
      for (const room of [low, high]) if (floorOf(room) === undefined) homeless.add(room);
      if (floorOf(low) === undefined || floorOf(high) === undefined || floorOf(low) >= floorOf(high)) continue;
      const arrow = `${low} → ${high}`;
      arrows.set(arrow, [...(arrows.get(arrow) ?? []), `${from} → ${to}`]);
    }
  }
  return { arrows, homeless: [...homeless].sort() };
}

// The import circles: the groups of files that import each other round as they load (Tarjan's strongly
// connected components of the static imports, types included, with more than one file). An `import()`
// runs when called, after every module has loaded: it is how a room reaches what loads slowly (the CMS),
// and makes no circle.
export function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const { to, dynamic } of graph.get(file) ?? []) {
      if (dynamic) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), index.get(to)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = libImports();
  const { arrows, homeless } = upArrows(graph);
  const rounds = circles(graph);
  console.log(`Imports that run back up a floor: ${arrows.size}`);
  for (const [arrow, imports] of arrows) {
    console.log(`  ${arrow}`);
    for (const line of imports) console.log(`    ${line}`);
  }
  console.log(`Import circles: ${rounds.length}`);
  for (const group of rounds) console.log(`  ${group.join(' ↔ ')}`);
  if (homeless.length > 0) console.log(`On no floor (add them to FLOORS): ${homeless.join(', ')}`);
}
