// A small policy bundle for sidecar tests that need an escalation: the sample sensitive-data
// patterns and decision thresholds, except that the high tier is never auto-approved, plus an
// `ops-agent` whose one tool is high risk, so its calls always escalate.

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { REPO_ROOT } from './gateway.ts';

const OPS_CATALOG = `
id: ops-agent
description: Operations agents that restart services.
agents: ["ops-*"]
defaults: { action_severity: 20, business_impact: 20 }
accepts_handoff_from: []
max_chain_depth: 1
tools:
  restart_service:
    description: Restarts a production service.
    action_severity: 100
    business_impact: 100
    scope:
      type: object
      required: [service]
      additionalProperties: false
      properties:
        service: { type: string, pattern: "^[a-z-]{1,40}$" }
`;

export function writeOpsBundle(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-ops-bundle-'));
  mkdirSync(path.join(dir, 'catalog'));
  const decision = readFileSync(path.join(REPO_ROOT, 'policies/decision.yaml'), 'utf8');
  const neverApproveHigh = decision.replace(/(\n  high:\n    approve_min_confidence:) \d+/, '$1 null');
  if (neverApproveHigh === decision) throw new Error('policies/decision.yaml changed shape: update test/helpers/ops-bundle.ts');
  writeFileSync(path.join(dir, 'decision.yaml'), neverApproveHigh);
  copyFileSync(path.join(REPO_ROOT, 'policies/sensitive-data.yaml'), path.join(dir, 'sensitive-data.yaml'));
  writeFileSync(path.join(dir, 'catalog/ops-agent.yaml'), OPS_CATALOG);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
