// Builds the OpenAPI 3.1 document from the registered routes, so every route is documented by
// the same object that serves it, and the schemas are the ones ajv validates with.

import { ERRORS } from '../http/errors.ts';
import { SCHEMAS, type SchemaName } from './components.ts';
import { routeAccess } from '../auth/route-roles.ts';

export interface ParameterDoc {
  name: string;
  in: 'query' | 'path' | 'header';
  description: string;
  required?: boolean;
  schema: Record<string, unknown>;
}

export interface ResponseDoc {
  description: string;
  schema?: SchemaName;
  contentType?: string;
}

export interface OperationDoc {
  summary: string;
  description?: string;
  tags: string[];
  request?: SchemaName;
  /** The request body's media type (default application/json; the SAML ACS takes a form). */
  requestContentType?: string;
  parameters?: ParameterDoc[];
  responses: Record<number, ResponseDoc>;
  /** Extra error statuses this operation can answer, beyond the ones every operation has. */
  errors?: number[];
}

export interface DocumentedRoute {
  method: string;
  path: string;
  meta?: { public?: boolean; page?: boolean; doc?: OperationDoc };
}

export function buildOpenApiDocument(routes: readonly DocumentedRoute[], info: { version: string; variant: string }): object {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const doc = route.meta?.doc;
    if (!doc) continue;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, doc);
  }
  const security = info.variant === 'edge'
    ? { ServiceToken: { type: 'apiKey', in: 'header', name: 'X-Service-Token', description: 'An API key or a JWT.' } }
    : { BearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key or a JWT.' } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'governance-gateway',
      version: info.version,
      description: `Runtime governance gateway for software agents (${info.variant} gateway). Errors are application/problem+json with a stable \`code\`.`,
    },
    paths,
    components: { schemas: SCHEMAS, securitySchemes: security },
    security: [Object.fromEntries(Object.keys(security).map((name) => [name, []]))],
  };
}

function operation(route: DocumentedRoute, doc: OperationDoc): object {
  const statuses = new Set<number>([500, ...(doc.errors ?? [])]);
  // With auth on, every route that is not public needs a credential (401), and one that cannot be
  // checked because the key store or the JWKS is unreachable is 503 AUTH_UNAVAILABLE (auth-hook.ts).
  if (!route.meta?.public) for (const status of [401, 503]) statuses.add(status);
  // Every GET refuses a query parameter it does not document (server.ts: 400 UNKNOWN_QUERY_PARAMETER).
  if (route.method === 'GET' && !route.meta?.page) statuses.add(400);
  // The role table (src/auth/route-roles.ts): every route some role may not call can answer 403 ROLE_REQUIRED.
  if (Array.isArray(routeAccess(route.method, route.path))) statuses.add(403);
  if (doc.request) for (const status of [400, 413, 415, 422]) statuses.add(status);
  // Query parameters are checked like body fields (src/api/query-params.ts): a bad value, or one given twice, is 422.
  if (doc.parameters?.some((parameter) => parameter.in === 'query')) statuses.add(422);
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(doc.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.schema || response.contentType
        ? { content: { [response.contentType ?? 'application/json']: response.schema ? { schema: schemaRef(response.schema) } : {} } }
        : {}),
    };
  }
  for (const status of [...statuses].sort()) {
    if (responses[status]) continue;
    const codes = Object.entries(ERRORS).filter(([, spec]) => spec.status === status).map(([code]) => code);
    responses[status] = {
      description: codes.map((code) => `${code}: ${ERRORS[code as keyof typeof ERRORS].title}`).join('; ') || 'Error',
      content: { 'application/problem+json': { schema: schemaRef('Problem') } },
    };
  }
  return {
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: doc.tags,
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').split(/[/\-_]/).map(capitalize).join('')}`,
    ...(doc.parameters ? { parameters: doc.parameters } : {}),
    ...(doc.request ? { requestBody: { required: true, content: { [doc.requestContentType ?? 'application/json']: { schema: schemaRef(doc.request) } } } } : {}),
    responses,
    ...(route.meta?.public ? { security: [] } : {}),
  };
}

function schemaRef(name: SchemaName): object {
  return { $ref: `#/components/schemas/${name}` };
}

function capitalize(word: string): string {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}
