// The HTTP core: server, router, body limits and the problem+json error catalogue. No framework:
// the hot path stays small and ours.

export { ApiError, ERRORS, MAX_LISTED_ERRORS, PROBLEM_TYPE_BASE, problemBody } from './errors.ts';
export type { ErrorCode, FieldError } from './errors.ts';
export { Router } from './router.ts';
export { jsonContentTypeProblem, parseJson, readBody, strictJsonProblem } from './body.ts';
export type { Handler, HandlerResult, Principal, RequestContext, Route, RouteMeta } from './router.ts';
export { DEFAULT_HTTP_LIMITS, createHttpServer, responseChannel } from './server.ts';
export type { BeforeHandlerHook, HttpLimits, HttpResponseEvent, HttpServer, RequestInterceptor } from './server.ts';
export { endLingering } from './lingering-close.ts';
export { prefersMinimalReturn } from './prefer.ts';
