// A real Chromium for the console's tests, driven by playwright-core: Debian's /usr/bin/chromium
// (or CHROMIUM_PATH) with the flags that work on these machines and a fresh profile per launch.
// Without Chromium the tests skip with one visible line; REQUIRE_CHROMIUM=1 (CI) makes that a
// failure. axe-core runs in the page for the accessibility checks.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { TOOL_FOUND, missingTool, type ToolProbe } from './required-tool.ts';
import { buildConsole } from '../../scripts/build-console.ts';

export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export function probeChromium(env: NodeJS.ProcessEnv = process.env): ToolProbe {
  if (chromiumPath(env)) return TOOL_FOUND;
  return missingTool({ tests: 'Browser (console)', requireVariable: 'REQUIRE_CHROMIUM', reason: 'no chromium on PATH or at /usr/bin/chromium (apt-get install chromium, or set CHROMIUM_PATH)' }, env);
}

export interface TestBrowser {
  context: BrowserContext;
  /** A new tab that records CSP violations and page errors (see `pageProblems`). */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

const problems = new WeakMap<Page, string[]>();

/** CSP violations, uncaught errors and console errors the page reported so far. */
export function pageProblems(page: Page): string[] {
  return problems.get(page) ?? [];
}

export async function launchBrowser(): Promise<TestBrowser> {
  // The gateway serves console/dist: build it when the sources changed since the last build.
  await buildConsole({ quiet: true });
  const profile = mkdtempSync(path.join(os.tmpdir(), 'govgate-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath()!, headless: true, args: CHROMIUM_FLAGS, viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      const seen: string[] = [];
      problems.set(page, seen);
      page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        // A 401/403/404 the console asked for on purpose (sign-in probes) is logged by Chromium as
        // a failed resource; those are not problems of the page.
        if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) seen.push(`console: ${message.text()}`);
      });
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation { id: string; impact: string | null; help: string; nodes: string[] }

/**
 * Runs axe-core on the page and returns the serious and critical violations. The script goes in
 * through the DevTools protocol (page.evaluate), which the page's CSP does not govern: the
 * console's own CSP stays as strict as in production.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const report = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] });
    return report.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
