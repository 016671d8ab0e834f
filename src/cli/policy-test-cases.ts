// Reads `policies/tests/*.yaml` (`tests__*.yaml` in a flat bundle, a ConfigMap mount): policy test
// cases, each a request (the bodies the API takes), optional context (session history, clock,
// reliability) and what the bundle must decide. Every problem in every file is reported with
// file:line:column, like the bundle's own files.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { productValidator } from '../schemas/product-validator.ts';
import { ApiError } from '../http/index.ts';
import { ConfigFileError, parseLocatedYaml, type ConfigFileIssue, type LocatedYaml } from '../config/index.ts';
import { validateRequest, type SchemaName } from '../schemas/index.ts';
import { OUTCOMES } from '../governance/index.ts';
import { DRY_RUN_SUBJECTS, type DryRunContextInput, type DryRunSubject } from '../runtime/index.ts';
import { TESTS_DIR, splitFlatName } from '../policy/index.ts';

export interface PolicyTestCase {
  file: string;
  line: number | null;
  name: string;
  subject: DryRunSubject;
  context: DryRunContextInput;
  expect: { outcome?: string; rules?: string[]; shadow?: string[]; decided_by?: string; errors?: string[] };
}

const INLINE_SUBJECTS = DRY_RUN_SUBJECTS.filter((subject) => subject !== 'envelope_id');
const ids = { type: 'array', items: { type: 'string' }, uniqueItems: true };
export const CASE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'expect'],
  properties: {
    name: { type: 'string', minLength: 1 },
    pre_check: { type: 'object' },
    validate: { type: 'object' },
    post_check: { type: 'object' },
    context: { type: 'object' },
    expect: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: { outcome: { enum: [...OUTCOMES] }, rules: ids, shadow: ids, errors: ids, decided_by: { type: 'string' } },
    },
  },
};
export const CASE_FILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['cases'],
  properties: { description: { type: 'string' }, cases: { type: 'array', minItems: 1 } },
};
const caseValidator = productValidator(CASE_SCHEMA, { allErrors: true });
const fileValidator = productValidator(CASE_FILE_SCHEMA, { allErrors: true });

/**
 * The case files of a bundle directory, in bundle-path order: tests/*.yaml and, in a flat bundle
 * (a ConfigMap mount), tests__*.yaml; none when it has neither. A case file given both ways
 * throws a ConfigFileError naming both files.
 */
export function listTestFiles(bundleDir: string, display: (file: string) => string = (file) => file): string[] {
  const byName = new Map<string, string>();
  const folder = path.join(bundleDir, TESTS_DIR);
  for (const name of yamlFilesIn(folder)) byName.set(name, path.join(folder, name));
  const issues: ConfigFileIssue[] = [];
  for (const flatName of yamlFilesIn(bundleDir)) {
    const split = splitFlatName(flatName);
    if (split?.folder !== TESTS_DIR || split.name.startsWith('.')) continue;
    const file = path.join(bundleDir, flatName);
    const twin = byName.get(split.name);
    if (twin === undefined) byName.set(split.name, file);
    else issues.push({ file: display(file), line: null, column: null, path: '', message: `is ${TESTS_DIR}/${split.name} in the flat layout, and ${display(twin)} exists too; keep one of the two` });
  }
  if (issues.length > 0) throw new ConfigFileError(issues);
  return [...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, file]) => file);
}

/** The *.yaml files (symlinks followed) directly in `dir`, none when it is missing. */
function yamlFilesIn(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => name.endsWith('.yaml') && !name.startsWith('.') && isFile(path.join(dir, name)));
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Every case of every file; throws ConfigFileError listing every problem. */
export function readTestCases(files: readonly string[], display: (file: string) => string): PolicyTestCase[] {
  const cases: PolicyTestCase[] = [];
  const issues: ConfigFileIssue[] = [];
  for (const file of files) {
    try {
      const read = readCaseFile(readFileSync(file, 'utf8'), display(file));
      cases.push(...read.cases);
      issues.push(...read.issues);
    } catch (error) {
      if (error instanceof ConfigFileError) issues.push(...error.issues);
      else issues.push({ file: display(file), line: null, column: null, path: '', message: (error as Error).message });
    }
  }
  if (issues.length > 0) {
    throw new ConfigFileError(issues.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0))));
  }
  return cases;
}

/** The cases of one case file's text (YAML, or JSON, which is YAML too); `file` names it in issues. */
export function readCaseFile(text: string, file: string): { cases: PolicyTestCase[]; issues: ConfigFileIssue[] } {
  const yaml = parseLocatedYaml(text, file);
  const validateFile = fileValidator();
  if (!validateFile(yaml.value)) {
    return { cases: [], issues: (validateFile.errors ?? []).map((error) => yaml.issue(pointer(error.instancePath), describe(error))) };
  }
  const issues: ConfigFileIssue[] = [];
  const cases: PolicyTestCase[] = [];
  (yaml.value as { cases: Array<Record<string, unknown>> }).cases.forEach((entry, index) => {
    const at = ['cases', index];
    // A case with a bad shape still has its request checked, so one run reports everything.
    const validateCase = caseValidator();
    const shaped = validateCase(entry);
    if (!shaped) issues.push(...(validateCase.errors ?? []).map((error) => yaml.issue([...at, ...pointer(error.instancePath)], describe(error))));
    const given = INLINE_SUBJECTS.filter((key) => entry[key] !== undefined);
    if (given.length !== 1) {
      issues.push(yaml.issue(at, `must hold exactly one of ${INLINE_SUBJECTS.join(', ')}${given.length > 1 ? ` (got ${given.join(', ')})` : ''}`));
      return;
    }
    const subject = checked(yaml, [...at], given[0], entry[given[0]], issues);
    const context = entry.context === undefined ? {} : checkedContext(yaml, [...at, 'context'], entry.context, issues);
    if (!shaped || subject === undefined || context === undefined) return;
    cases.push({
      file, line: yaml.issue(at, '').line, name: String(entry.name), subject, context,
      expect: entry.expect as PolicyTestCase['expect'],
    });
  });
  return { cases, issues };
}

const SUBJECT_SCHEMAS: Record<string, SchemaName> = { pre_check: 'ProposedAction', validate: 'ValidateRequest' };

/** The body, checked (and completed with defaults) by the API's own request schemas. */
function checked(yaml: LocatedYaml, at: Array<string | number>, key: string, body: unknown, issues: ConfigFileIssue[]): DryRunSubject | undefined {
  const schema: SchemaName = SUBJECT_SCHEMAS[key] ?? 'PolicyEvaluateRequest';
  const wrapped = SUBJECT_SCHEMAS[key] ? body : { post_check: body };
  try {
    const valid = validateRequest<unknown>(schema, wrapped);
    return (SUBJECT_SCHEMAS[key] ? { [key]: valid } : valid) as DryRunSubject;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    for (const field of error.errors ?? []) {
      const inner = SUBJECT_SCHEMAS[key] ? field.path : field.path.replace(/^post_check\.?/, '');
      issues.push(yaml.issue([...at, key, ...segments(inner)], field.message));
    }
    return undefined;
  }
}

function checkedContext(yaml: LocatedYaml, at: Array<string | number>, context: unknown, issues: ConfigFileIssue[]): DryRunContextInput | undefined {
  try {
    const valid = validateRequest<{ context: DryRunContextInput }>('PolicyEvaluateRequest', { context });
    return valid.context;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    for (const field of error.errors ?? []) issues.push(yaml.issue([...at, ...segments(field.path.replace(/^context\.?/, ''))], field.message));
    return undefined;
  }
}

/** `execution.tools_called[0].name` -> ['execution', 'tools_called', 0, 'name']; '(body)' -> []. */
function segments(dotted: string): Array<string | number> {
  if (dotted === '' || dotted === '(body)') return [];
  return dotted.split('.').flatMap((part) => {
    const match = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) return [part];
    const indexes = [...match[2].matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    return [...(match[1] ? [match[1]] : []), ...indexes];
  });
}

function pointer(instancePath: string): Array<string | number> {
  return instancePath.split('/').slice(1).map((part) => (/^\d+$/.test(part) ? Number(part) : part.replaceAll('~1', '/').replaceAll('~0', '~')));
}

function describe(error: { keyword: string; message?: string; params: Record<string, unknown> }): string {
  if (error.keyword === 'additionalProperties') return `has an unknown key '${String(error.params.additionalProperty)}'`;
  if (error.keyword === 'required') return `needs '${String(error.params.missingProperty)}'`;
  if (error.keyword === 'enum') return `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`;
  return error.message ?? `fails ${error.keyword}`;
}
