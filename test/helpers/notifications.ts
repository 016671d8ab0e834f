// Notification test set-up: a CONFIG_DIR with notifications.yaml (and an empty gateway.yaml),
// and the receiver-side signature check: the Node snippet of docs/notifications.md, as written.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { pathToFileURL } from 'node:url';

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

// ---- The receiver's check: the Node snippet of docs/notifications.md, run as written ----

/** The fenced block in docs/notifications.md whose info string is `lang` ("js", "python"). */
export function documentedSnippet(lang: string): string {
  const doc = readFileSync(path.join(import.meta.dirname, '../../docs/notifications.md'), 'utf8');
  const match = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(doc);
  if (!match) throw new Error(`docs/notifications.md has no ${lang} block`);
  return match[1];
}

const snippetDir = mkdtempSync(path.join(os.tmpdir(), 'govgate-snippet-'));
const snippetFile = path.join(snippetDir, 'verify.mjs');
writeFileSync(snippetFile, documentedSnippet('js'));
const documented = await import(pathToFileURL(snippetFile).href) as { verifyGovernanceSignature(secret: string, rawBody: string, header: string, toleranceSeconds?: number): boolean };
rmSync(snippetDir, { recursive: true, force: true });

export const verifyGovernanceSignature = documented.verifyGovernanceSignature;
