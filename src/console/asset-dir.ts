// Where the built console lives: console/dist under the package root. The gateway runs from the
// sources (src/console/) and from the bundle (dist/govgate.cjs) at different depths, so the root
// is found by walking up to this package's package.json rather than by a fixed relative path.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGE_NAME = 'governance-gateway';

export function consoleAssetDir(from: string = import.meta.dirname): string | null {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && isThisPackage(manifest)) return path.join(dir, 'console', 'dist');
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function isThisPackage(manifest: string): boolean {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}
