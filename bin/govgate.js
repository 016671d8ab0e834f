#!/usr/bin/env node
// Thin launcher. The gateway is TypeScript that Node 24 runs directly (type stripping), so this
// file is plain JavaScript any Node can parse: on an older Node (a machine's system node, which
// `node bin/govgate.js` or a global `npx` may pick) it re-runs itself with the project's pinned
// Node (the `node` devDependency in node_modules) and forwards signals to it; without one, it
// says in one line how to run it instead of crashing on the first .ts import.
//
// On Node 24 it turns on Node's on-disk compile cache before the first import, so a restart
// reuses the stripped and compiled modules instead of redoing them (start-up about 40 % faster,
// and less memory). NODE_COMPILE_CACHE names the folder (the container image ships one
// pre-filled); without it, Node uses a folder under the OS temp dir.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);

// SIDECAR_MEMORY_MB (docs/performance.md, "Memory") asks for a V8 heap limit of half the budget;
// Node only takes it at start, so without one in NODE_OPTIONS this runs itself again with it
// (one extra start of Node; the container image and the Helm chart set NODE_OPTIONS instead).
// Only read when the budget is set: every other start goes straight to the gateway.
const heapFlags = major >= REQUIRED_MAJOR && !process.env.GOVGATE_REEXEC && process.env.SIDECAR_MEMORY_MB
  ? (await import('../src/proxy/memory-budget.ts')).heapFlagsToAdd(process.env, process.execArgv)
  : null;

if (major >= REQUIRED_MAJOR && heapFlags === null) {
  module.enableCompileCache?.();
  await import('../src/main.ts');
} else if (major >= REQUIRED_MAJOR) {
  runWith(process.execPath, { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${heapFlags}`.trim() });
} else {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const pinned = path.join(root, 'node_modules', 'node', 'bin', 'node');
  if (existsSync(pinned) && !process.env.GOVGATE_REEXEC) {
    runWith(pinned);
  } else {
    process.stderr.write(`govgate: needs Node ${REQUIRED_MAJOR} or later (this is Node ${process.versions.node}); run \`npm ci\` in ${root}, then \`npx govgate …\` or \`npm start\` (they use the project's Node ${REQUIRED_MAJOR})\n`);
    process.exitCode = 1;
  }
}

/** Runs this script again with `node`; exits as the child does and passes signals on to it. */
function runWith(node, env = {}) {
  const child = spawn(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...env, GOVGATE_REEXEC: '1' },
  });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else {
      process.exit(code ?? 1);
    }
  });
}
