// /v1/policy: the rules in force, and dry runs of the policy bundle. Security teams try a request (or a stored envelope)
// against the active bundle, or against rules they have not deployed yet, and see which rules
// fire and what the outcome would be. Nothing is recorded.

import { ApiError, MAX_LISTED_ERRORS, type Route } from '../http/index.ts';
import { validateRequest } from '../schemas/index.ts';
import { PolicyLoadError, compilePolicyBundleSources, formatPolicyIssue, type PolicyBundle } from '../policy/index.ts';
import { DRY_RUN_SUBJECTS, type DryRunContextInput, type DryRunSubject, type PolicySource, type Runtime } from '../runtime/index.ts';
import { QueryReader } from './query-params.ts';
import { requireEnvelopeInReadScope, type TeamAgents } from './team-scope.ts';
import type { Ledger } from '../ledger/index.ts';

export interface PolicyRouteDeps {
  runtime: Runtime;
  policies: PolicySource;
  /** With teamAgents: a dry run of a stored envelope is limited to the caller's team's (src/api/team-scope.ts). */
  ledger?: Pick<Ledger, 'get'>;
  teamAgents?: TeamAgents;
}

interface EvaluateBody extends DryRunSubject {
  context?: DryRunContextInput;
  bundle?: { files: Record<string, string | null>; replace?: boolean };
}

/** How issues name the files of a bundle sent with the request. */
const REQUEST_BUNDLE = 'request.bundle';

export function policyRoutes(deps: PolicyRouteDeps): Route[] {
  return [
    {
      method: 'GET', path: '/v1/policy/rules',
      meta: {
        // Reading the rules in force is the security team's dry-run work, not something every key needs.
        feature: 'policy_evaluate',
        doc: {
          summary: 'The CEL rules of the policy bundle in force', tags: ['policy'],
          description: 'Each rule of rules/*.yaml as compiled: id, effect, severity, message, mode (enforce or shadow), stages, the CEL condition and where it is written. The console\'s operations view shows them.',
          responses: { 200: { description: 'The rules, in evaluation order', schema: 'PolicyRuleList' } }, errors: [403],
        },
      },
      handler: (ctx) => {
        new QueryReader(ctx.query).done();
        const bundle = deps.policies.current();
        return {
          body: {
            policy_version: bundle.version,
            rules: bundle.rules.map((rule) => ({
              id: rule.id, description: rule.description, effect: rule.effect, severity: rule.severity, message: rule.message,
              mode: rule.mode, stages: rule.stages, when: rule.when, source: rule.source, line: rule.line,
            })),
          },
        };
      },
    },
    {
      method: 'POST', path: '/v1/policy/evaluate',
      meta: {
        feature: 'policy_evaluate',
        doc: {
          summary: 'Dry-run the policy on a request', tags: ['policy'], request: 'PolicyEvaluateRequest',
          description: 'Evaluates a pre-check, post-check or validate body, or a stored envelope, against the active policy bundle or one given in the request. '
            + 'Returns the outcome, the rules that fired with their messages, shadow matches, rules that could not be evaluated, and the policy_version. Writes nothing to the ledger.',
          responses: { 200: { description: 'What the policy decides', schema: 'PolicyEvaluateResponse' } }, errors: [404, 409, 410],
        },
      },
      handler: async (ctx) => {
        const body = validateRequest<EvaluateBody>('PolicyEvaluateRequest', await ctx.json());
        const given = DRY_RUN_SUBJECTS.filter((key) => body[key] !== undefined);
        if (given.length !== 1) {
          const message = `must hold exactly one of ${DRY_RUN_SUBJECTS.join(', ')}${given.length > 1 ? ` (got ${given.join(', ')})` : ''}`;
          throw new ApiError('VALIDATION_FAILED', `The PolicyEvaluateRequest body ${message}.`, { errors: [{ path: '(body)', message }] });
        }
        const subject: DryRunSubject = body.envelope_id ? { envelope_id: body.envelope_id.toLowerCase() } : body;
        // A dry run of an envelope answers what it holds (amounts, parameter names, failures): a team's envelopes only.
        if (subject.envelope_id && deps.ledger) await requireEnvelopeInReadScope(ctx, deps.teamAgents, deps.ledger, subject.envelope_id);
        const bundle = body.bundle ? requestBundle(body.bundle, deps.policies.current()) : undefined;
        return { body: await deps.runtime.dryRun(subject, body.context, bundle) };
      },
    },
  ];
}

/** The files sent, laid over the active bundle's (or alone with replace: true), compiled like a reload. */
function requestBundle(given: NonNullable<EvaluateBody['bundle']>, active: PolicyBundle): PolicyBundle {
  const sources: Record<string, string> = given.replace ? {} : { ...active.sources };
  for (const [path, text] of Object.entries(given.files)) {
    if (text === null) delete sources[path];
    else sources[path] = text;
  }
  try {
    return compilePolicyBundleSources(REQUEST_BUNDLE, sources);
  } catch (error) {
    if (!(error instanceof PolicyLoadError)) throw error;
    const count = error.issues.length === 1 ? '1 problem' : `${error.issues.length} problems`;
    throw new ApiError('POLICY_INVALID', `The bundle in the request has ${count}; nothing was evaluated.`, {
      errors: error.issues.map((issue) => ({ path: `bundle.files.${issue.file.replace(`${REQUEST_BUNDLE}/`, '')}`, message: formatPolicyIssue(issue) })),
      // The same bound as `errors` (problemBody): the first problems, and how many more.
      extensions: error.issues.length > MAX_LISTED_ERRORS
        ? { issues: error.issues.slice(0, MAX_LISTED_ERRORS), issues_omitted: error.issues.length - MAX_LISTED_ERRORS }
        : { issues: error.issues },
    });
  }
}
