// The CEL environment every rule runs in: the variables (with the types the checker enforces),
// the functions (CEL's standard library plus the strings extension), and the conversion of the
// engine's plain data into CEL bindings. docs/policies.md ("CEL variables") mirrors this table.

import { CelScalar, celEnv, listType, mapType, type CelEnv } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import type { RuleVariables } from './types.ts';
import { BOOL, DOUBLE, DYN, STRING, TIMESTAMP, listOf, mapOf, record, type RuleType } from './cel-types.ts';

const toolCall = record('tool call', { name: STRING, params: mapOf(DYN) });
const sessionCall = record('session call', { name: STRING, params: mapOf(DYN), agent_id: STRING, stage: STRING });

/** Score names as the response spells them (`validation.*_score`), without the suffix. */
// remaining_uses and expires_at are null for unbounded grants: dyn, so `a.remaining_uses == null` checks.
const approval = record('approval', { id: STRING, scope: STRING, tool: STRING, remaining_uses: DYN, expires_at: DYN, granted_by: STRING });

export const RULE_SCORE_NAMES = [
  'schema', 'evidence', 'tool_trust', 'consistency', 'policy', 'safety', 'contradiction',
  'historical_reliability', 'final_confidence',
] as const;

export const RULE_VARIABLE_TYPES: Readonly<Record<keyof RuleVariables, RuleType>> = {
  stage: STRING,
  agent: record('agent', { id: STRING, catalog: STRING, framework: STRING, certified: BOOL }),
  tool: toolCall,
  params: mapOf(DYN),
  calls: listOf(toolCall),
  request: record('request', { user: STRING, input: STRING, session_id: DYN, metadata: mapOf(DYN) }),
  // null at pre-check: the output does not exist yet.
  output: DYN,
  scores: record('scores', Object.fromEntries(RULE_SCORE_NAMES.map((name) => [name, DOUBLE]))),
  risk: record('risk', {
    tier: STRING, score: DOUBLE, action_severity: DOUBLE, business_impact: DOUBLE, confidence_gap: DOUBLE, policy_sensitivity: DOUBLE,
  }),
  session: listOf(sessionCall),
  approvals: listOf(approval),
  now: TIMESTAMP,
};

const STRING_MAP = mapType(CelScalar.STRING, CelScalar.DYN);

const VARIABLES = {
  stage: CelScalar.STRING,
  agent: STRING_MAP,
  tool: STRING_MAP,
  params: STRING_MAP,
  calls: listType(STRING_MAP),
  request: STRING_MAP,
  output: CelScalar.DYN,
  scores: STRING_MAP,
  risk: STRING_MAP,
  session: listType(STRING_MAP),
  approvals: listType(STRING_MAP),
  now: CelScalar.DYN,
} as const;

export type RuleCelEnv = CelEnv<typeof VARIABLES>;

export const RULE_ENV: RuleCelEnv = celEnv({ variables: VARIABLES, funcs: strings });

/** The bindings `plan()`'s function takes: the same data, with `now` as a CEL timestamp. */
export function celBindings(variables: RuleVariables) {
  return { ...variables, now: timestampFromMs(variables.now) };
}
