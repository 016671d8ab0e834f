// Renders Helm charts for tests: `helm template` when Helm is on PATH, otherwise the `helm-render`
// stand-in named by HELM_RENDER or found in .cache/helm-render/ (`.ci/run` builds it there).
// With neither, chart tests skip with one line saying what to install (required-tool.ts);
// REQUIRE_HELM=1 (CI) makes that a failure.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { KubeObject, SourcedObject } from './kube-validate.ts';
import { TOOL_FOUND, missingTool, testsNeeding, type ToolProbe, type ToolTests } from './required-tool.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const CHARTS_DIR = path.join(REPO_ROOT, 'charts');
const CACHED_RENDERER = path.join(REPO_ROOT, '.cache/helm-render/helm-render');

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The command that renders a chart (`helm template …` or `helm-render …`), or undefined. */
function findRenderer(env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  if (onPath('helm')) return ['helm', 'template'];
  const named = env.HELM_RENDER?.trim();
  if (named && existsSync(named)) return [path.resolve(named)];
  if (existsSync(CACHED_RENDERER)) return [CACHED_RENDERER];
  return undefined;
}

let renderer: string[] | undefined;
let probe: ToolProbe | undefined;

/** Whether charts can be rendered here; throws when REQUIRE_HELM=1 and they cannot. */
export function probeHelm(): ToolProbe {
  if (probe) return probe;
  renderer = findRenderer();
  probe = renderer ? TOOL_FOUND : missingTool({
    tests: 'Helm chart',
    requireVariable: 'REQUIRE_HELM',
    reason: 'neither helm (https://helm.sh/docs/intro/install/) is on PATH nor a helm-render stand-in is found (HELM_RENDER or .cache/helm-render/helm-render)',
  });
  return probe;
}

/** `test`/`describe`/`after` for chart test files: one visible skip when charts cannot be rendered. */
export function chartTests(): ToolTests {
  return testsNeeding(probeHelm());
}

/** The command that renders a chart: `helm template …` or `helm-render …`. */
export function rendererCommand(): string[] {
  const { skip } = probeHelm();
  if (skip || !renderer) throw new Error(skip || 'no chart renderer');
  return renderer;
}

export interface RenderOptions {
  release?: string;
  namespace?: string;
  /** Values files' contents, applied in order (later wins), as `-f` would. */
  values?: object[];
  /** `--set` expressions. */
  set?: string[];
  /** Validate the values against values.schema.json (Helm always does; the stand-in on request). */
  validateSchema?: boolean;
  kubeVersion?: string;
  showOnly?: string[];
  notes?: boolean;
}

export interface RenderResult {
  status: number;
  stdout: string;
  stderr: string;
  objects: SourcedObject[];
  notes: string;
}

/** Renders a chart (a path, or a folder name under charts/) and parses its manifests. */
export function renderChart(chart: string, options: RenderOptions = {}): RenderResult {
  const [command, ...prefix] = rendererCommand();
  const chartPath = path.isAbsolute(chart) ? chart : path.join(CHARTS_DIR, chart);
  const scratch = mkdtempSync(path.join(tmpdir(), 'chart-values-'));
  try {
    const args = [...prefix, options.release ?? 'gg', chartPath, '--namespace', options.namespace ?? 'governance'];
    (options.values ?? []).forEach((values, index) => {
      const file = path.join(scratch, `values-${index}.json`);
      writeFileSync(file, JSON.stringify(values));
      args.push('-f', file);
    });
    for (const expression of options.set ?? []) args.push('--set', expression);
    if (options.kubeVersion) args.push('--kube-version', options.kubeVersion);
    for (const template of options.showOnly ?? []) args.push('--show-only', template);
    if (options.notes) args.push(command === 'helm' ? '--render-subchart-notes' : '--notes');
    if (command !== 'helm' && options.validateSchema !== false) args.push('--validate-values-schema');
    const run = spawnSync(command!, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const { manifests, notes } = splitNotes(run.stdout ?? '');
    return {
      status: run.status ?? 1,
      stdout: run.stdout ?? '',
      stderr: run.stderr ?? '',
      objects: run.status === 0 ? parseManifests(manifests) : [],
      notes,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function splitNotes(stdout: string): { manifests: string; notes: string } {
  const marker = stdout.search(/^NOTES:$/m);
  if (marker < 0) return { manifests: stdout, notes: '' };
  return { manifests: stdout.slice(0, marker), notes: stdout.slice(marker + 'NOTES:'.length).trim() };
}

/** Splits `helm template` output into objects, each with the template it came from. */
export function parseManifests(text: string): SourcedObject[] {
  const objects: SourcedObject[] = [];
  for (const chunk of text.split(/^---\s*$/m)) {
    const source = /^# Source: (\S+)/m.exec(chunk)?.[1] ?? '(unknown)';
    for (const document of parseAllDocuments(chunk)) {
      if (document.errors.length) throw new Error(`${source}: ${document.errors[0]!.message}`);
      const object = document.toJS() as KubeObject | null;
      if (object) objects.push({ source, object });
    }
  }
  return objects;
}

/** The objects of one kind (and name, when given); fails loudly if there are none. */
export function objectsOf(objects: SourcedObject[], kind: string, name?: string): KubeObject[] {
  const found = objects.map((item) => item.object).filter((object) => object.kind === kind && (name === undefined || object.metadata?.name === name));
  if (found.length === 0) throw new Error(`no ${kind}${name ? ` named ${name}` : ''} in the rendered chart`);
  return found;
}
