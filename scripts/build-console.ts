// Builds the web console (console/ -> console/dist) with Vite. `npm ci` runs it (the root
// `prepare` script), so a fresh clone serves /console with no manual step. It skips the build
// when console/dist was built from the same sources and lockfile (a hash stored beside it), so a
// second `npm ci` or `npm run console:build` costs a few milliseconds.
//
//   node scripts/build-console.ts           build if the sources changed
//   node scripts/build-console.ts --force   build anyway

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONSOLE = path.join(ROOT, 'console');
const OUT = path.join(CONSOLE, 'dist');
const STAMP = path.join(OUT, '.source-hash');

/** A digest of everything the build reads: console sources and the lockfile (library versions). */
export function consoleSourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'dist' || name === 'node_modules') continue;
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(path.relative(CONSOLE, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  walk(CONSOLE);
  hash.update(readFileSync(path.join(ROOT, 'package-lock.json')));
  hash.update(readFileSync(import.meta.filename));
  return hash.digest('hex');
}

export function consoleIsBuilt(): boolean {
  return existsSync(STAMP) && existsSync(path.join(OUT, 'index.html')) && readFileSync(STAMP, 'utf8') === consoleSourceHash();
}

/** Builds console/dist unless it is up to date; returns whether it built. */
export async function buildConsole(options: { force?: boolean; quiet?: boolean } = {}): Promise<boolean> {
  if (!options.force && consoleIsBuilt()) return false;
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: CONSOLE,
    base: '/console/',
    configFile: false,
    logLevel: options.quiet ? 'warn' : 'info',
    plugins: [react()],
    build: {
      outDir: OUT,
      emptyOutDir: true,
      // Every asset is a file of its own: the CSP allows img-src 'self', never data: URIs.
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      sourcemap: false,
      chunkSizeWarningLimit: 1500,
    },
  });
  writeFileSync(STAMP, consoleSourceHash());
  return true;
}

/** Vite is a dev dependency: an install without them (`npm ci --omit=dev`) still runs `prepare`. */
async function viteInstalled(): Promise<boolean> {
  try {
    await import('vite');
    return true;
  } catch {
    return false;
  }
}

if (import.meta.main) {
  const started = Date.now();
  if (!(await viteInstalled())) {
    // Not a failure of the install: the gateway runs, and /console answers 503 CONSOLE_NOT_BUILT.
    console.log('console: not built (vite is a dev dependency and is not installed); /console answers 503 until `npm run console:build`');
  } else {
    const built = await buildConsole({ force: process.argv.includes('--force') });
    console.log(built ? `console: built console/dist in ${Date.now() - started} ms` : 'console: console/dist is up to date');
  }
}
