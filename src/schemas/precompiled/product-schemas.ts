// The JSON Schemas every start needs (the policy files' shapes, the gateway file's, and draft-07's
// meta-schema for the schemas policies carry), by the name their precompiled validator is exported under. Only the generator
// (scripts/precompile-schemas.ts) and the test that keeps its output current read this.

import { CERTIFICATION_FILE_SCHEMA, JUDGE_FILE_SCHEMA } from '../../policy/judge-certification-policy.ts';
import { CATALOG_FILE_SCHEMA, DECISION_FILE_SCHEMA, RULES_FILE_SCHEMA, SENSITIVE_DATA_FILE_SCHEMA } from '../../policy/bundle-file-schemas.ts';
import { GATEWAY_FILE_SCHEMA } from '../../proxy/routes/gateway-file-schema.ts';
import DRAFT_07_META_SCHEMA from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };

export const PRECOMPILED_SCHEMAS = {
  catalogFile: CATALOG_FILE_SCHEMA,
  sensitiveDataFile: SENSITIVE_DATA_FILE_SCHEMA,
  decisionFile: DECISION_FILE_SCHEMA,
  rulesFile: RULES_FILE_SCHEMA,
  judgeFile: JUDGE_FILE_SCHEMA,
  certificationFile: CERTIFICATION_FILE_SCHEMA,
  gatewayFile: GATEWAY_FILE_SCHEMA,
  // What a schema written in a policy file (a tool's scope, an output schema) is checked against.
  jsonSchemaDraft07: DRAFT_07_META_SCHEMA,
} as const satisfies Record<string, object>;

export type PrecompiledSchemaName = keyof typeof PRECOMPILED_SCHEMAS;
