// The validation engine: the six checks and the contradiction score for one stage view.
// Failures come out grouped by check in a fixed order, so the same input lists them the same way.

import { checkConsistency } from './consistency-check.ts';
import { checkContradiction } from './contradiction-check.ts';
import { checkEvidence } from './evidence-check.ts';
import { checkPolicy } from './policy-check.ts';
import { checkSafety } from './safety-check.ts';
import { checkSchema } from './schema-check.ts';
import { checkToolTrust } from './tool-trust-check.ts';
import type { StageView } from './stage-view.ts';
import type { ValidationResult } from './types.ts';

export function runValidation(view: StageView): ValidationResult {
  const schema = checkSchema(view);
  const evidence = checkEvidence(view);
  const toolTrust = checkToolTrust(view);
  const consistency = checkConsistency(view);
  const policy = checkPolicy(view);
  const safety = checkSafety(view);
  const contradiction = checkContradiction(view);
  return {
    scores: {
      schema: schema.score,
      evidence: evidence.score,
      tool_trust: toolTrust.score,
      consistency: consistency.score,
      policy: policy.score,
      safety: safety.score,
    },
    contradiction: contradiction.score,
    failures: [
      ...schema.failures, ...evidence.failures, ...toolTrust.failures, ...consistency.failures,
      ...policy.failures, ...safety.failures, ...contradiction.failures,
    ],
  };
}
