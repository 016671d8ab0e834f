// The demo's policy bundle: the repository's decision thresholds, sensitive-data patterns and
// payment rules (a payment above 5,000 without a read of its invoice asks for evidence, i.e. a
// human), plus the demo agent's catalog. Assembled from policies/ rather than copied, so the
// demo always runs the sample policies as they are.
// Usage: node examples/demo/policy-bundle.ts <dir>

import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export function writeDemoBundle(dir: string): string {
  mkdirSync(path.join(dir, 'catalog'), { recursive: true });
  mkdirSync(path.join(dir, 'rules'), { recursive: true });
  for (const file of ['decision.yaml', 'sensitive-data.yaml', 'rules/payments.yaml']) {
    copyFileSync(path.join(REPO_ROOT, 'policies', file), path.join(dir, file));
  }
  copyFileSync(path.join(import.meta.dirname, 'catalog/demo-agent.yaml'), path.join(dir, 'catalog/demo-agent.yaml'));
  return dir;
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node examples/demo/policy-bundle.ts <dir>');
    process.exit(2);
  }
  console.log(`policy bundle written to ${writeDemoBundle(path.resolve(dir))}`);
}
