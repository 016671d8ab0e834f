// Validates rendered Kubernetes manifests against the Kubernetes API schemas, the way
// `kubectl apply --validate=strict` does: wrong types, missing required fields, values outside
// an enum, and fields the API does not know are all rejected.
//
// Two views of the same schemas, both generated from the Kubernetes OpenAPI document (and from
// the CRDs' openAPIV3Schema for prometheus-operator and cert-manager) by `kubernetes-models`:
// - its ajv-compiled validators check types, required fields, enums and formats at run time;
// - its TypeScript interfaces, through the compiler's excess-property check on object literals,
//   reject unknown fields at every depth (the compiled validators let extra fields through).

import path from 'node:path';
import ts from 'typescript';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

export interface ManifestProblem {
  /** Where the object came from, e.g. `governance-gateway/templates/deployment.yaml`. */
  source: string;
  kind: string;
  name: string;
  message: string;
}

export interface SourcedObject {
  source: string;
  object: KubeObject;
}

/** The kubernetes-models module that holds the model for an apiVersion. */
function modelModule(apiVersion: string): string | undefined {
  if (apiVersion.startsWith('monitoring.coreos.com/')) return `@kubernetes-models/prometheus-operator/${apiVersion}`;
  if (apiVersion.startsWith('cert-manager.io/')) return `@kubernetes-models/cert-manager/${apiVersion}`;
  if (/^(v1|[a-z0-9.-]+\/v[0-9a-z]+)$/.test(apiVersion)) return `kubernetes-models/${apiVersion}`;
  return undefined;
}

function describe(object: KubeObject): { kind: string; name: string } {
  return { kind: String(object.kind ?? '?'), name: String(object.metadata?.name ?? '?') };
}

async function runtimeProblems(item: SourcedObject): Promise<ManifestProblem[]> {
  const { object, source } = item;
  const id = describe(object);
  const module = typeof object.apiVersion === 'string' ? modelModule(object.apiVersion) : undefined;
  if (!module) return [{ source, ...id, message: `unknown apiVersion ${JSON.stringify(object.apiVersion)}` }];
  let exports: Record<string, unknown>;
  try {
    exports = (await import(module)) as Record<string, unknown>;
  } catch {
    return [{ source, ...id, message: `no schema for apiVersion ${object.apiVersion}` }];
  }
  const Model = exports[object.kind] as (new (data: unknown) => { validate(): void }) | undefined;
  if (typeof Model !== 'function') return [{ source, ...id, message: `no schema for ${object.apiVersion} ${object.kind}` }];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [{ source, ...id, message: (error as Error).message }];
  }
}

/** Type-checks every object as a literal of its model's interface, in one compiler run. */
function unknownFieldProblems(items: SourcedObject[]): ManifestProblem[] {
  const fileName = path.join(process.cwd(), '__rendered_manifests__.ts');
  const lines: string[] = [];
  const owners: { startLine: number; item: SourcedObject }[] = [];
  items.forEach((item, index) => {
    const module = modelModule(item.object.apiVersion);
    if (!module) return;
    lines.push(`import type { I${item.object.kind} as T${index} } from ${JSON.stringify(module)};`);
  });
  items.forEach((item, index) => {
    if (!modelModule(item.object.apiVersion)) return;
    owners.push({ startLine: lines.length, item });
    lines.push(...`export const m${index}: T${index} = ${JSON.stringify(item.object, null, 1)};`.split('\n'));
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.fileExists = ((exists) => (name: string) => name === fileName || exists(name))(host.fileExists.bind(host));
  host.getSourceFile = (name, languageVersion, onError) =>
    name === fileName ? ts.createSourceFile(name, source, languageVersion, true) : getSourceFile(name, languageVersion, onError);
  const program = ts.createProgram({ rootNames: [fileName], options, host });
  const problems: ManifestProblem[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (diagnostic.file?.fileName !== fileName || diagnostic.start === undefined) {
      problems.push({ source: '(type check)', kind: '?', name: '?', message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n') });
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const owner = owners.findLast((candidate) => candidate.startLine <= line);
    const item = owner?.item;
    problems.push({
      source: item?.source ?? '(imports)',
      ...(item ? describe(item.object) : { kind: '?', name: '?' }),
      message: `${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')} (at: ${diagnostic.file.text.split('\n')[line]!.trim()})`,
    });
  }
  return problems;
}

/** Every schema problem in the given objects; an empty list means all of them are valid. */
export async function validateManifests(items: SourcedObject[]): Promise<ManifestProblem[]> {
  const problems: ManifestProblem[] = [];
  for (const item of items) problems.push(...(await runtimeProblems(item)));
  problems.push(...unknownFieldProblems(items));
  return problems;
}
