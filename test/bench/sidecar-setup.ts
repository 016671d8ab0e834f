// What the sidecar benchmarks set up the same way: the config folder with one governed route to
// the upstream, the memory budget the Helm chart gives a sidecar, and the bundle the image runs.

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { splitMemoryBudget } from '../../src/proxy/memory-budget.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `dir`/config with gateway.yaml: route `kb` (/kb, prefix stripped) to `upstream` as the tool search_kb. Returns the folder. */
export function kbRouteConfig(dir: string, upstream: string, name = 'config'): string {
  const configDir = path.join(dir, name);
  mkdirSync(configDir);
  writeFileSync(path.join(configDir, 'gateway.yaml'), [
    'routes:', '  - name: kb', '    match: { path_prefix: /kb }', `    upstream: ${upstream}`,
    '    strip_prefix: true', '    tool: { name: search_kb }', '',
  ].join('\n'));
  return configDir;
}

/** SIDECAR_MEMORY_MB and the NODE_OPTIONS the chart sets for it. */
export function sidecarMemoryEnv(memoryMb: number): { SIDECAR_MEMORY_MB: string; NODE_OPTIONS: string } {
  return { SIDECAR_MEMORY_MB: String(memoryMb), NODE_OPTIONS: splitMemoryBudget(memoryMb, { maxBodyBytes: Infinity, maxSessions: Infinity }).nodeOptions };
}

/**
 * What the container image runs: the bundle (npm run build), built into .bench-dist inside the
 * repository, as dist/ is, so it finds its node_modules. Returns its govgate.mjs.
 */
export function buildBundle(): string {
  const bundleDir = path.join(ROOT, '.bench-dist');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.ts'), bundleDir], { stdio: 'ignore' });
  return path.join(bundleDir, 'govgate.mjs');
}
