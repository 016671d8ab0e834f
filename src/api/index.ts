// The HTTP API, one module per area. Each returns its routes; the gateway registers them.

export { runtimeRoutes } from './runtime-routes.ts';
export type { RuntimeRouteDeps } from './runtime-routes.ts';
export { auditRoutes, AUDIT_LIST_DEFAULT_LIMIT, AUDIT_LIST_MAX_LIMIT } from './audit-routes.ts';
export { reviewRoutes, REVIEW_DEFAULT_LIMIT, REVIEW_MAX_LIMIT, REVIEW_MAX_WAIT_SECONDS } from './review-routes.ts';
export { approvalRoutes } from './approval-routes.ts';
export { systemRoutes } from './system-routes.ts';
export { policyRoutes } from './policy-routes.ts';
export type { PolicyRouteDeps } from './policy-routes.ts';
export type { SystemRouteDeps } from './system-routes.ts';
export { docsRoutes } from './docs-routes.ts';
export { authRoutes } from './auth-routes.ts';
export { toolProxyRoutes } from './tool-proxy-routes.ts';
export { compareSemver, requireSdkVersion } from './sdk-version.ts';
export { internalRoutes, FLEET_STATE_MAX_WAIT_SECONDS } from './internal-routes.ts';
export type { InternalRouteDeps } from './internal-routes.ts';
export { judgeRoutes } from './judge-routes.ts';
export { certifyRoutes } from './certify-routes.ts';
export type { CertifyRouteDeps } from './certify-routes.ts';
export { reportRoutes } from './report-routes.ts';
export type { ReportRouteDeps } from './report-routes.ts';
