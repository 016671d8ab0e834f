// Check 2, evidence: what share of the output's concrete claims can be found in the tool
// results or the request input. Scored by that share, not by penalties (see docs/scoring.md).

import { buildCorpus, extractFacts, isBacked, type Fact } from './evidence-facts.ts';
import { clampScore } from './score-math.ts';
import type { CheckOutcome } from './check-outcome.ts';
import type { StageView } from './stage-view.ts';
import type { Failure, Severity } from './types.ts';

function severityForUnbackedShare(share: number): Severity {
  if (share <= 0.25) return 'low';
  if (share <= 0.5) return 'medium';
  return 'high';
}

function describeFact(fact: Fact): string {
  return `${fact.path} = ${JSON.stringify(fact.text)}`;
}

/** Before execution there is nothing to evidence: the check is not applicable and scores 100. */
export function checkEvidence(view: StageView): CheckOutcome {
  if (view.isPreCheck || !view.hasOutput) return { score: 100, failures: [] };
  const facts = extractFacts(view.output, view.leaves);
  if (facts.length === 0) return { score: 100, failures: [] };
  const corpus = buildCorpus([...view.results.map((result) => result.value), view.requestInput], view.leaves);
  const unbacked = facts.filter((fact) => !isBacked(fact, corpus));
  const score = clampScore((100 * (facts.length - unbacked.length)) / facts.length);
  if (unbacked.length === 0) return { score, failures: [] };
  const noResults = view.results.length === 0;
  const failure: Failure = {
    code: noResults ? 'EVIDENCE_MISSING' : 'FACTS_UNSUPPORTED',
    check: 'evidence',
    severity: severityForUnbackedShare(unbacked.length / facts.length),
    message: noResults
      ? `${unbacked.length} of ${facts.length} facts in the output have no tool result to back them (first: ${describeFact(unbacked[0])}).`
      : `${unbacked.length} of ${facts.length} facts in the output were not found in any tool result (first: ${describeFact(unbacked[0])}).`,
    path: unbacked[0].path,
  };
  return { score, failures: [failure] };
}
