// @governance-gateway/client: the gateway's runtime API for agents. Adapters for agent frameworks
// are separate entry points (./adapters/*), so importing the client pulls in no framework.

export { GovernanceClient, asOutputObject } from './client.ts';
export type { ClientOptions, CheckOptions, Framework, GovernedCall, GovernedResult, PreCheckInput, PreCheckResult, PostCheckInput, ValidateInput } from './client.ts';
export { AuthError, BlockedError, GatewayError, RateLimitError, UnavailableError, ValidationError, VersionError } from './errors.ts';
export type { BlockStage } from './errors.ts';
export { Transport, retryAfterSeconds } from './transport.ts';
export type { TransportOptions } from './transport.ts';
export { SDK_VERSION } from './version.ts';
export type * from './types.ts';
export { OPEN_REVIEW_STATES } from './types.ts';
