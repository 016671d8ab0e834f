// The request and response types, taken from the generated OpenAPI types (src/generated) so they
// are the gateway's own schemas; only names are added here.

import type { components } from './generated/openapi.ts';

type Schemas = components['schemas'];
export type ProposedAction = Schemas['ProposedAction'];
export type PreCheckResponse = Schemas['PreCheckResponse'];
export type PostCheckRequest = Schemas['PostCheckRequest'];
export type PostCheckResponse = Schemas['PostCheckResponse'];
export type ValidateRequest = Schemas['ValidateRequest'];
export type ValidateResponse = Schemas['ValidateResponse'];
export type Decision = Schemas['Decision'];
export type Problem = Schemas['Problem'];
export type ReviewItem = Schemas['ReviewItemDetail'];
export type Execution = PostCheckRequest['execution'];
export type Outcome = 'approve' | 'block' | 'escalate' | 'request_evidence';
export type { components, paths } from './generated/openapi.ts';

/** The review states in which nobody has decided yet. */
export const OPEN_REVIEW_STATES: ReadonlySet<string> = new Set(['pending', 'claimed']);
