// Bundles the gateway into dist/: one ES module for the command line (govgate.mjs) and one for
// the ledger's writer thread (ledger-writer.mjs), with the chunks they share or load on demand. What the container image runs: a bundle
// starts in a fraction of the time of ~220 TypeScript files resolved and type-stripped one by
// one, and holds less memory. Development and tests run the sources directly.

import { build, type Plugin } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { asciiSource } from './ascii-source.ts';

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

await build({
  absWorkingDir: root,
  entryPoints: { govgate: 'src/main.ts', 'ledger-writer': 'src/ledger/sqlite/sqlite-writer.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  // What the code imports dynamically (the PDF renderer, SAML, the OpenTelemetry SDK, undici,
  // ioredis...) goes to chunks beside the entries, read only when first used: one file held all
  // of it (9.4 MB), which every start parsed and kept in memory. Chunks sit in the same folder
  // as the entries, so paths computed from import.meta.url are the same from any of them.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  sourcemap: 'linked',
  legalComments: 'linked',
  // Whitespace and comments out, names kept: V8 holds every module's source text for as long as
  // the process lives, and parses all of it at start (main chunk 3.3 -> 2.4 MB: idle RSS -2 MB,
  // start-up -20 ms). Stack traces still name each function; NODE_OPTIONS=--enable-source-maps
  // maps their positions to the sources through the .map files beside the bundle.
  minifyWhitespace: true,
  // pg tries the optional native binding only when asked; it is never installed.
  external: ['pg-native'],
  plugins: [httpThroughRequire],
  // CommonJS dependencies bundled into an ES module still call require() for Node built-ins.
  banner: { js: "import { createRequire as __govgateRequire } from 'node:module'; const require = __govgateRequire(import.meta.url);" },
  logLevel: 'warning',
});

// Every chunk ASCII, so V8 holds its source one byte a character (ascii-source.ts).
for (const file of readdirSync(outdir).filter((name) => name.endsWith('.mjs'))) {
  const text = readFileSync(path.join(outdir, file), 'utf8');
  const ascii = asciiSource(text);
  if (ascii !== text) writeFileSync(path.join(outdir, file), ascii);
}
console.log(`built ${path.join(outdir, 'govgate.mjs')} and ${path.join(outdir, 'ledger-writer.mjs')}`);
