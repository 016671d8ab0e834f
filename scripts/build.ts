// Bundles the gateway into dist/: the command line as one CommonJS script (govgate.cjs) with the
// entry that runs it (govgate.mjs, from bundle-entry.mjs) and the code cache that entry compiles
// it with (govgate.code-cache, written by starting the built gateway once), and the ledger's
// writer thread as an ES module (ledger-writer.mjs) with its chunks. What the container image
// runs: a bundle starts in a fraction of the time of ~220 TypeScript files resolved and
// type-stripped one by one, and holds less memory. Development and tests run the sources directly.

import { build, type Plugin } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { asciiSource } from './ascii-source.ts';

/** pg tries its optional native binding only when asked; it is never installed, so never bundled. */
const NEVER_INSTALLED = 'pg-native';

/** What bundle-entry.mjs reads beside it (the name is the same there). */
const CODE_CACHE_FILE = 'govgate.code-cache';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));

// An ES-module import of node:http makes Node build its ES facade, which reads every export,
// including the lazy WebSocket, CloseEvent and MessageEvent, and so loads Node's internal undici
// (about 40 ms of start-up). Taken through require(), the module is used as is and those stay
// unloaded. The lazy names are left out of the re-exports (nothing here imports them).
const LAZY_HTTP_EXPORTS = new Set(['WebSocket', 'CloseEvent', 'MessageEvent']);
const httpThroughRequire: Plugin = {
  name: 'node-http-through-require',
  setup(builder) {
    builder.onResolve({ filter: /^(node:)?http$/ }, (args) => (args.kind === 'require-call'
      ? { path: 'node:http', external: true }
      : { path: 'node:http', namespace: 'http-through-require' }));
    builder.onLoad({ filter: /.*/, namespace: 'http-through-require' }, () => {
      const names = Object.keys(createRequire(import.meta.url)('node:http')).filter((name) => !LAZY_HTTP_EXPORTS.has(name));
      const contents = [
        "const http = require('node:http');",
        'export default http;',
        ...names.map((name) => `export const ${name} = http.${name};`),
      ].join('\n');
      return { contents, loader: 'js' };
    });
  },
};

const common = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node24',
  sourcemap: 'linked',
  legalComments: 'linked',
  // Whitespace and comments out, names kept: V8 holds every module's source text for as long as
  // the process lives, and parses all of it at start (main chunk 3.3 -> 2.4 MB: idle RSS -2 MB,
  // start-up -20 ms). Stack traces still name each function; NODE_OPTIONS=--enable-source-maps
  // maps their positions to the sources through the .map files beside the bundle.
  minifyWhitespace: true,
  logLevel: 'warning',
} as const;

// A stale code cache must never meet a new bundle: it goes before anything is rebuilt.
rmSync(path.join(outdir, CODE_CACHE_FILE), { force: true });

// The ledger's writer thread: ES modules. What it imports dynamically (the analytics roll-up)
// goes to chunks beside it, read with its first round.
await build({
  ...common,
  entryPoints: { 'ledger-writer': 'src/ledger/sqlite/sqlite-writer.ts' },
  outExtension: { '.js': '.mjs' },
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  external: [NEVER_INSTALLED],
  plugins: [httpThroughRequire],
  // CommonJS dependencies bundled into an ES module still call require() for Node built-ins.
  banner: { js: "import { createRequire as __govgateRequire } from 'node:module'; const require = __govgateRequire(import.meta.url);" },
});

// The command line (the main thread): one CommonJS script, so that the entry can compile it with
// a code cache made after a start (bundle-entry.mjs). Packages the CLI only imports on demand
// (the PDF renderer, SAML, the OpenTelemetry SDK, undici, ioredis...) stay out of it and are
// loaded from node_modules when first used: in it they would be 3.5 MB more source that every
// process holds, and they are what an ES-module build splits into chunks.
const lazyPackages = await onDemandPackages('src/main.ts');
const cli = await build({
  ...common,
  metafile: true,
  entryPoints: { govgate: 'src/main.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  external: [NEVER_INSTALLED, ...lazyPackages.flatMap((name) => [name, `${name}/*`])],
  // Loaded with require() (Node 24 requires ES modules too), not import(): a script compiled by
  // vm.Script can import() only through an experimental loader, which warns at every start.
  supported: { 'dynamic-import': false },
  // The script is one function expression, which bundle-entry.mjs calls as Node calls a
  // CommonJS module; import.meta means this file (the writer thread and the assets sit beside it).
  define: { 'import.meta.url': '__govgateUrl', 'import.meta.dirname': '__dirname' },
  banner: { js: "(function (exports, require, module, __filename, __dirname) { const __govgateUrl = require('node:url').pathToFileURL(__filename).href;" },
  footer: { js: '\n})' },
});

// The container image installs the production dependencies only: each package the script loads
// from node_modules must be one, or the image would fail when the feature is first used.
const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
for (const output of Object.values(cli.metafile.outputs)) {
  for (const { path: specifier, external } of output.imports) {
    const name = /^(?:@[^/]+\/)?[^/]+/.exec(specifier)?.[0] ?? specifier;
    if (!external || isBuiltin(specifier) || name === NEVER_INSTALLED || name in dependencies) continue;
    throw new Error(`govgate.cjs loads ${specifier} from node_modules, but ${name} is not a production dependency (package.json)`);
  }
}

// Every file ASCII, so V8 holds its source one byte a character (ascii-source.ts).
for (const file of readdirSync(outdir).filter((name) => name.endsWith('.mjs') || name.endsWith('.cjs'))) {
  const text = readFileSync(path.join(outdir, file), 'utf8');
  const ascii = asciiSource(text);
  if (ascii !== text) writeFileSync(path.join(outdir, file), ascii);
}
copyFileSync(path.join(root, 'scripts/bundle-entry.mjs'), path.join(outdir, 'govgate.mjs'));
await writeCodeCache(outdir);

/**
 * The packages that, in an ES-module build of `entry`, only chunks loaded on demand hold: what
 * the entry imports dynamically and nothing it imports statically needs.
 */
async function onDemandPackages(entry: string): Promise<string[]> {
  const { metafile } = await build({
    ...common, entryPoints: { main: entry }, outExtension: { '.js': '.mjs' }, format: 'esm', splitting: true,
    external: [NEVER_INSTALLED], metafile: true, write: false, logLevel: 'error',
  });
  const outputs = metafile.outputs;
  // The entry's chunk and every chunk it imports statically, however deep: what a start loads.
  const atStart = new Set<string>();
  const visit = (file: string): void => {
    if (atStart.has(file)) return;
    atStart.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement' && imported.path in outputs) visit(imported.path);
  };
  visit(Object.keys(outputs).find((file) => outputs[file].entryPoint === entry)!);
  const packageOf = (input: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
  const loaded = new Set<string>();
  const onDemand = new Set<string>();
  for (const [file, output] of Object.entries(outputs)) {
    for (const input of Object.keys(output.inputs)) {
      const name = packageOf(input);
      if (name !== undefined) (atStart.has(file) ? loaded : onDemand).add(name);
    }
  }
  return [...onDemand].filter((name) => !loaded.has(name)).sort();
}

/**
 * Starts the built gateway once (the repository's config/ and policies/, a ledger in a temporary
 * folder, nothing from this shell's environment) and has bundle-entry.mjs write the code cache
 * once it serves. A bundle that cannot start fails the build here.
 */
async function writeCodeCache(dir: string): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'govgate-build-'));
  try {
    execFileSync(process.execPath, [path.join(dir, 'govgate.mjs'), 'serve', '--port', '0', '--host', '127.0.0.1'], {
      cwd: scratch,
      env: {
        PATH: process.env.PATH ?? '', GOVGATE_WRITE_CODE_CACHE: '1', LOG_LEVEL: 'error', SERVICE_ENV: 'test', GATEWAY_VARIANT: 'edge',
        LEDGER_PATH: path.join(scratch, 'ledger.db'), KEYS_PATH: path.join(scratch, 'keys.json'),
        CONFIG_DIR: path.join(root, 'config'), POLICIES_DIR: path.join(root, 'policies'),
        // The image's build fills Node's compile cache with this start too: the writer thread's
        // modules and the packages a start loads from node_modules.
        ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 60_000,
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (!existsSync(path.join(dir, CODE_CACHE_FILE))) throw new Error('the built gateway started but wrote no code cache');
}

console.log(`built ${path.join(outdir, 'govgate.mjs')} (with ${CODE_CACHE_FILE}) and ${path.join(outdir, 'ledger-writer.mjs')}`);
