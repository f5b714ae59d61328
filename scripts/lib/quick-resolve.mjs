// A shorter road for Node's ES module loader through the packages' own files, for the processes that
// run a bundle (run-bundled.mjs): the operator's commands, the tests' helper processes.
//
// Why: for every `.js` file it imports, Node 24 looks up the package.json that governs it, and copies
// that file's fields, which parses its whole `exports` map again each time. date-fns's package.json is
// 200 KB and drizzle-orm's 177 KB, and Payload loads some hundreds of files of each: in a digest that
// was a third of the command's start (1.2 s of 3.5 s, then the garbage it leaves).
//
// What: a relative import (`./x.js`, `../y.mjs`) from a file inside node_modules, to a file that is
// there, is answered here: the file's real path, and its format as Node would give it (`.mjs` a
// module, `.cjs` CommonJS, `.js` what the nearest package.json's `type` says, or nothing when it says
// nothing, so that Node's load looks at the code as it would have). Each package.json is read once.
// Everything else (a package's name, `#imports`, `require`, a query, a missing file, a folder, any
// other extension) goes to Node's own resolution, which also gives its errors.
//
// `QUICK_RESOLVE_CHECK=1` asks Node's own resolution too, for every import answered here, and stops
// the process at the first difference (tests/unit/quick-resolve.test.ts runs a command so).
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Folder → the `type` of the package.json that governs its files ('module', 'commonjs' or undefined),
// or null when that package.json cannot be read as JSON (Node then decides, and says why).
const typeOfFolder = new Map();

function packageType(folder) {
  const walked = [];
  let type;
  for (let at = folder; ; at = dirname(at)) {
    if (typeOfFolder.has(at)) {
      type = typeOfFolder.get(at);
      break;
    }
    if (at.endsWith('/node_modules') || dirname(at) === at) {
      type = null;
      break;
    }
    walked.push(at);
    let text;
    try {
      text = readFileSync(join(at, 'package.json'), 'utf8');
    } catch {
      // No package.json here: look further up, as Node does, but not into a node_modules folder itself.
    }
    if (text !== undefined) {
      try {
        const declared = JSON.parse(text).type;
        type = declared === 'module' || declared === 'commonjs' ? declared : undefined;
      } catch {
        type = null;
      }
      break;
    }
  }
  for (const seen of walked) typeOfFolder.set(seen, type);
  return type;
}

const preservesLinks = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].includes(
  '--preserve-symlinks',
);

const FORMAT_OF_EXTENSION = { '.mjs': 'module', '.cjs': 'commonjs' };

// The answer for `specifier` imported from `parentURL`, or null where Node's own resolution must give it.
function quickly(specifier, { parentURL, conditions }) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  if (!parentURL?.startsWith('file:') || !parentURL.includes('/node_modules/')) return null;
  if (conditions?.includes('require') || /[?#%\\]/.test(specifier)) return null;
  // Links kept as they are named (`--preserve-symlinks`) are Node's to resolve.
  if (preservesLinks) return null;
  // Node follows links first, then reads the format off the file they lead to.
  let path;
  try {
    path = fileURLToPath(new URL(specifier, parentURL));
    if (!statSync(path).isFile()) return null;
    path = realpathSync(path);
  } catch {
    return null;
  }
  const extension = path.slice(path.lastIndexOf('.'));
  const format = extension === '.js' ? packageType(dirname(path)) : FORMAT_OF_EXTENSION[extension];
  if (format === null || (format === undefined && extension !== '.js')) return null;
  return { url: pathToFileURL(path).href, format, shortCircuit: true };
}

// Whether Node's answer and this one load the same file the same way (Node answers "decide when
// loading" with null, this with nothing).
export function sameAnswer(node, ours) {
  return node.url === ours.url && (node.format ?? undefined) === (ours.format ?? undefined);
}

let installed = false;

export function installQuickResolve() {
  if (installed) return;
  installed = true;
  const check = process.env.QUICK_RESOLVE_CHECK === '1';
  let answered = 0;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const answer = quickly(specifier, context);
      if (!answer) return nextResolve(specifier, context);
      answered += 1;
      if (check) {
        const node = nextResolve(specifier, context);
        if (!sameAnswer(node, answer)) {
          process.stderr.write(
            `quick-resolve: ${specifier} from ${context.parentURL}: Node gives ${node.url} (${node.format}), ` +
              `this gives ${answer.url} (${answer.format})\n`,
          );
          process.exit(70);
        }
      }
      return answer;
    },
  });
  if (check) process.on('exit', () => process.stderr.write(`quick-resolve: ${answered} imports answered, as Node\n`));
}
