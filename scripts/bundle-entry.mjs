// The bundle's entry, dist/govgate.mjs (scripts/build.ts copies this file there). It compiles the
// command line, govgate.cjs (one CommonJS script), with the code cache the build wrote by starting
// that gateway once: V8 takes the bytecode of every function the start ran instead of compiling
// each again when it first runs, and code running for the first time is most of a start
// (docs/performance.md). The cache holds the SHA-256 of the script it was made from and is used
// only with that script; V8 refuses it under another Node or other V8 flags (heap sizes do not
// count). Without it the script compiles as it always would: the cache changes how fast a start
// is, never what runs.
//
// GOVGATE_CODE_CACHE=off compiles without it; NODE_DEBUG=govgate-code-cache says what happened.
// Built-in modules come from process.getBuiltinModule: an ES import of one builds its ES facade.

const { createHash } = process.getBuiltinModule('node:crypto');
const { readFileSync, renameSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { createRequire } = process.getBuiltinModule('node:module');
const path = process.getBuiltinModule('node:path');
const { debuglog } = process.getBuiltinModule('node:util');
const vm = process.getBuiltinModule('node:vm');

const SCRIPT = path.join(import.meta.dirname, 'govgate.cjs');
const CACHE = path.join(import.meta.dirname, 'govgate.code-cache');
const DIGEST_BYTES = 32;
const debug = debuglog('govgate-code-cache');

const writing = process.env.GOVGATE_WRITE_CODE_CACHE === '1';

/** The V8 data of the cache made from the script whose digest is `digest`, or why there is none to use. */
function readCache(digest) {
  if (writing || process.env.GOVGATE_CODE_CACHE === 'off') return { why: 'turned off' };
  let stored;
  try {
    stored = readFileSync(CACHE);
  } catch {
    return { why: 'no govgate.code-cache' };
  }
  if (stored.length <= DIGEST_BYTES || !stored.subarray(0, DIGEST_BYTES).equals(digest)) return { why: 'made from another govgate.cjs' };
  return { data: stored.subarray(DIGEST_BYTES) };
}

/**
 * The compiled script. The file's bytes and the cache are only held here, so that they can be
 * collected once V8 has what it needs (5 MB a process kept otherwise).
 */
function compile() {
  const source = readFileSync(SCRIPT);
  const digest = createHash('sha256').update(source).digest();
  const cache = readCache(digest);
  // ASCII (scripts/build.ts), so V8 holds it one byte a character.
  const script = new vm.Script(source.toString('latin1'), {
    filename: SCRIPT,
    cachedData: cache.data,
  });
  if (cache.data === undefined) debug('not used: %s', cache.why);
  else debug(script.cachedDataRejected ? 'rejected by V8 (another Node or other V8 flags)' : 'used');
  if (writing) {
    // `serve` calls this once the gateway listens (src/cli/serving-hook.ts): the start has run,
    // and V8 holds the bytecode of what it ran. The file is written whole or not at all, then
    // the gateway stops as on any SIGTERM.
    globalThis[Symbol.for('govgate.serving')] = () => {
      const partial = `${CACHE}.${process.pid}`;
      writeFileSync(partial, Buffer.concat([digest, script.createCachedData()]));
      renameSync(partial, CACHE);
      process.kill(process.pid, 'SIGTERM');
    };
  }
  return script;
}

const module = { exports: {} };
compile().runInThisContext().call(module.exports, module.exports, createRequire(SCRIPT), module, SCRIPT, import.meta.dirname);
