// Checks a parsed policy file against its file schema and turns each ajv error into an issue at
// the offending line, with the allowed keys (and the likely one) when a key is unknown.

import type { PolicyIssue } from './policy-load-error.ts';
import type { PolicySource } from './yaml-source.ts';
import { closestName } from './closest-name.ts';
import { describeAjvErrors } from './schema-check.ts';
import { precompiledValidator, type PrecompiledSchemaName } from '../schemas/precompiled/index.ts';
import { CERTIFICATION_FILE_SCHEMA, JUDGE_FILE_SCHEMA } from './judge-certification-policy.ts';
import { CATALOG_FILE_SCHEMA, DECISION_FILE_SCHEMA, PATTERN_HINTS, RULES_FILE_SCHEMA, SENSITIVE_DATA_FILE_SCHEMA } from './bundle-file-schemas.ts';

export type PolicyFileKind = 'catalog' | 'sensitive-data' | 'decision' | 'rules' | 'judge' | 'certification';

const SCHEMAS: Record<PolicyFileKind, object> = {
  catalog: CATALOG_FILE_SCHEMA,
  'sensitive-data': SENSITIVE_DATA_FILE_SCHEMA,
  decision: DECISION_FILE_SCHEMA,
  rules: RULES_FILE_SCHEMA,
  judge: JUDGE_FILE_SCHEMA,
  certification: CERTIFICATION_FILE_SCHEMA,
};
// Compiled ahead of time (src/schemas/precompiled): compiling them was most of a start's schema work.
const VALIDATORS: Record<PolicyFileKind, PrecompiledSchemaName> = {
  catalog: 'catalogFile',
  'sensitive-data': 'sensitiveDataFile',
  decision: 'decisionFile',
  rules: 'rulesFile',
  judge: 'judgeFile',
  certification: 'certificationFile',
};

/** [] when the file has the right shape; otherwise one issue per problem. */
export function checkFileShape(source: PolicySource, kind: PolicyFileKind): PolicyIssue[] {
  if (source.value === null || source.value === undefined) {
    return [source.issue([], `is empty; expected ${describeKind(kind)}`)];
  }
  const validate = precompiledValidator(VALIDATORS[kind]);
  if (validate(source.value)) return [];
  return describeAjvErrors(validate.errors ?? [], source.value).map(({ segments, message, at, error }) => {
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') {
      const allowed = allowedKeys(SCHEMAS[kind], error.schemaPath);
      const guess = closestName(String(params.additionalProperty), allowed);
      const hint = guess !== undefined ? `did you mean '${guess}'?` : `allowed here: ${allowed.join(', ')}`;
      return source.issue(segments, `is not a known key (${hint})`, at);
    }
    if (error.keyword === 'pattern' && PATTERN_HINTS[String(params.pattern)] !== undefined) {
      const hint = PATTERN_HINTS[String(params.pattern)];
      return source.issue(segments, error.propertyName !== undefined ? `is not a valid name: ${hint}` : hint, at);
    }
    return source.issue(segments, message, at);
  });
}

function describeKind(kind: PolicyFileKind): string {
  if (kind === 'catalog') return 'an agent catalog (id, agents, defaults, tools)';
  if (kind === 'sensitive-data') return 'a list of sensitive-data patterns under `patterns:`';
  if (kind === 'rules') return 'a list of CEL rules under `rules:`';
  if (kind === 'judge') return 'the LLM judge rubric (instructions, rubrics, pass_score, on_failure)';
  if (kind === 'certification') return 'certification criteria under `criteria:`';
  return 'decision rules per risk tier under `tiers:`';
}

/** The `properties` of the schema that rejected an extra key, found from ajv's schemaPath. */
function allowedKeys(schema: object, schemaPath: string): string[] {
  let node: unknown = schema;
  const parts = schemaPath.replace(/^#\//, '').split('/').slice(0, -1);
  for (const part of parts) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  const properties = (node as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties === undefined ? [] : Object.keys(properties);
}
