// Renders Helm charts for tests: `helm template` when Helm is on PATH, otherwise the
// `helm-render` stand-in from ../shared/tools/helm-render, built once into .cache/ (`.ci/run`
// builds it up front; a test run builds it on first use when it is missing).

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { KubeObject, SourcedObject } from './kube-validate.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const CHARTS_DIR = path.join(REPO_ROOT, 'charts');
const RENDERER_SOURCE = path.resolve(REPO_ROOT, '../shared/tools/helm-render');
const RENDERER_DIR = path.join(REPO_ROOT, '.cache/helm-render');
const RENDERER = path.join(RENDERER_DIR, 'helm-render');

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

let renderer: string[] | undefined;

/** The command that renders a chart: `helm template …` or `helm-render …`. */
export function rendererCommand(): string[] {
  if (renderer) return renderer;
  if (onPath('helm')) return (renderer = ['helm', 'template']);
  if (!existsSync(RENDERER)) buildRenderer();
  return (renderer = [RENDERER]);
}

function buildRenderer(): void {
  if (!existsSync(path.join(RENDERER_SOURCE, 'build.sh'))) {
    throw new Error(`neither helm nor ${RENDERER_SOURCE}/build.sh is available to render charts`);
  }
  // Two test files may ask at once: a directory is the lock, the build writes to a private
  // folder and the finished binary is moved into place, so nobody runs a half-written one.
  const lock = `${RENDERER_DIR}.lock`;
  mkdirSync(path.dirname(RENDERER_DIR), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(RENDERER)) return;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    if (existsSync(RENDERER)) return;
    const out = mkdtempSync(path.join(path.dirname(RENDERER_DIR), 'helm-render-build-'));
    execFileSync('bash', [path.join(RENDERER_SOURCE, 'build.sh'), out], { stdio: ['ignore', 'ignore', 'inherit'] });
    mkdirSync(RENDERER_DIR, { recursive: true });
    execFileSync('mv', [path.join(out, 'helm-render'), RENDERER]);
    rmSync(out, { recursive: true, force: true });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
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
