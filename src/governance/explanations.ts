// The sentences people read: the confidence rationale and the governance disclosure. Built
// only from the numbers already computed, so the words never disagree with the scores.

import { JUDGE_WEIGHT, RELIABILITY_PRIOR, type ConfidenceSignal } from './scoring-table.ts';
import type { Failure, GovernanceInput, RiskAssessment, DecisionResult, TrustChainResult } from './types.ts';

const SIGNAL_LABEL: Readonly<Record<ConfidenceSignal, string>> = {
  schema: 'schema',
  evidence: 'evidence',
  tool_trust: 'tool trust',
  consistency: 'consistency',
  policy: 'policy',
  safety: 'safety',
  historical_reliability: 'historical reliability',
};

export interface ConfidenceFacts {
  finalConfidence: number;
  signals: Readonly<Record<ConfidenceSignal, number>>;
  applicable: readonly ConfidenceSignal[];
  contradictionPenalty: number;
  judgeScore: number | null;
  failures: readonly Failure[];
  /** How many past decisions historical reliability rests on; undefined when not known. */
  reliabilitySamples?: number;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function weakestDetail(signal: ConfidenceSignal, facts: ConfidenceFacts): string {
  if (signal === 'historical_reliability') return reliabilityDetail(facts.signals.historical_reliability, facts.reliabilitySamples);
  const { failures } = facts;
  const failure = failures.find((candidate) => candidate.check === signal);
  return failure ? failure.message.replace(/\.$/, '') : 'no single failure explains it';
}

/**
 * What is true of the reliability score: with no history it is the prior; below the prior some
 * recent decisions were not approvals (an approval counts 100); otherwise the prior still pulls
 * a good record below 100.
 */
function reliabilityDetail(score: number, samples: number | undefined): string {
  if (samples === 0) return `the agent has no decision history yet, so it starts at the default of ${RELIABILITY_PRIOR}`;
  if (score < RELIABILITY_PRIOR) return "the agent's recent decisions were not all approvals";
  return `it blends the default of ${RELIABILITY_PRIOR} with the agent's recent decisions`;
}

export function describeConfidence(facts: ConfidenceFacts): string {
  const ranked = [...facts.applicable].sort((a, b) => facts.signals[b] - facts.signals[a]);
  const head = `Confidence ${facts.finalConfidence}/100`;
  const weakest = ranked[ranked.length - 1];
  const extras: string[] = [];
  if (facts.contradictionPenalty > 0) extras.push(`contradictions with the tool results cost ${facts.contradictionPenalty} points`);
  if (facts.judgeScore !== null) extras.push(`the LLM judge's ${facts.judgeScore} was blended in at ${JUDGE_WEIGHT * 100}%`);
  if (!facts.applicable.includes('evidence')) extras.push('evidence does not apply before execution');
  const tail = extras.length > 0 ? ` ${capitalize(extras.join('; '))}.` : '';
  if (facts.signals[weakest] >= 100) return `${head}: every signal is at 100.${tail}`;
  const strong = ranked.slice(0, 2).map((signal) => `${SIGNAL_LABEL[signal]} (${facts.signals[signal]})`).join(' and ');
  const weak = `${SIGNAL_LABEL[weakest]} (${facts.signals[weakest]}): ${weakestDetail(weakest, facts)}`;
  return `${head}: strongest signals ${strong}; weakest signal ${weak}.${tail}`;
}

export interface DisclosureFacts {
  input: GovernanceInput;
  policyVersion: string;
  scoreVersion: string;
  callCount: number;
  risk: RiskAssessment;
  decision: DecisionResult;
  trustChain: TrustChainResult | null;
  judgeScore: number | null;
  killSwitchActive: boolean;
}

function checkedAtStage(facts: DisclosureFacts): string {
  if (facts.input.stage === 'pre_check') {
    const action = facts.input.proposedAction?.name || 'no action';
    return `before execution, the proposed call to ${action} was checked for tool trust (declaration, scope and limits), `
      + 'parameter shape, personal data and secrets in its parameters, and prompt-injection markers in the request; '
      + 'evidence, consistency and contradiction checks need an output and do not apply yet';
  }
  const calls = facts.callCount === 1 ? '1 tool call' : `${facts.callCount} tool calls`;
  const chain = facts.trustChain ? `, and the trust chain from parent envelope ${facts.trustChain.parent_envelope_id}` : '';
  return `schema, evidence, tool trust, consistency, policy and safety checks on the output and ${calls}, `
    + `a contradiction check against the tool results, the agent's historical reliability${chain}`;
}

export function governanceDisclosure(facts: DisclosureFacts): string {
  const judge = facts.judgeScore === null
    ? 'The LLM judge did not run.'
    : `An LLM judge score of ${facts.judgeScore} was blended into the confidence.`;
  const killSwitch = facts.killSwitchActive ? ' The global kill switch was active.' : '';
  return `Checked by governance-gateway under policy ${facts.policyVersion} and scoring ${facts.scoreVersion}: `
    + `${checkedAtStage(facts)}. Risk tier ${facts.risk.tier} (score ${facts.risk.score}); `
    + `outcome ${facts.decision.outcome}, decided by ${decider(facts.decision.decided_by)}.`
    + `${killSwitch} ${judge}`;
}

function decider(decidedBy: string): string {
  if (decidedBy === 'weighted') return 'the weighted thresholds';
  if (decidedBy === 'policy_rule') return 'a policy rule';
  return `the ${decidedBy} gate`;
}
