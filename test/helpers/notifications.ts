// Notification test set-up: a CONFIG_DIR with notifications.yaml (and an empty gateway.yaml),
// and the receiver-side signature check exactly as docs/notifications.md shows it in Node.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';

export const TEST_WEBHOOK_SECRET = 'whsec-test-0123456789abcdef0123456789';

/** Fast retries so tests do not wait: every setting can be overridden. */
export function notificationsYaml(webhooks: string, delivery: Record<string, number> = {}): string {
  const settings = { max_attempts: 3, timeout_ms: 2000, initial_backoff_ms: 5, max_backoff_ms: 20, poll_ms: 10, ...delivery };
  return `delivery:\n${Object.entries(settings).map(([k, v]) => `  ${k}: ${v}`).join('\n')}\nwebhooks:\n${webhooks}`;
}

export function webhookYaml(name: string, url: string, events: string, extra = ''): string {
  return `  - name: ${name}\n    url: ${url}\n    events: ${events}\n    secret: { value: ${TEST_WEBHOOK_SECRET} }\n${extra}`;
}

/** A temp CONFIG_DIR holding notifications.yaml; removed after the test. */
export function notificationConfigDir(t: TestContext, yaml: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-notify-'));
  writeFileSync(path.join(dir, 'gateway.yaml'), 'routes: []\n');
  writeFileSync(path.join(dir, 'notifications.yaml'), yaml);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---- The receiver's check, as in docs/notifications.md ("Verifying a request", Node) ----
export function verifyGovernanceSignature(secret: string, rawBody: string, header: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  const given = String(parts.v1 ?? '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
