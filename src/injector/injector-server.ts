// The webhook's HTTPS server: POST /mutate answers AdmissionReviews, GET /health is for the
// kubelet's probes. Certificate and sidecar template are hot-reloaded with a last-good fallback.
// Errors are problem+json like the gateway's; a well-formed review is always admitted.

import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { formatConfigFileIssue, watchConfigFile, type ReloadStatus, type WatchedConfigFile } from '../config/index.ts';
import { ApiError, parseJson, problemBody, readBody } from '../http/index.ts';
import { createLogger, type Logger } from '../observability/index.ts';
import { admissionResponse, parseAdmissionReview, type AdmissionOutcome, type AdmissionRequest } from './admission-review.ts';
import { decideInjection, type InjectionDecision } from './injection-decision.ts';
import type { InjectorConfig } from './injector-config.ts';
import { parseSidecarTemplate, type SidecarTemplate } from './sidecar-template.ts';
import { watchTlsFiles, type TlsPair } from './tls-files.ts';

export const MUTATE_PATH = '/mutate';

export interface InjectorServer {
  /** https://host:port */
  readonly url: string;
  readonly port: number;
  /** The template in force (the last good one). */
  template(): SidecarTemplate;
  /** Re-reads the certificate pair now, as the watcher does after a change. */
  reloadTls(): void;
  close(): Promise<void>;
}

export async function startInjector(config: InjectorConfig, options: { logger?: Logger; debounceMs?: number } = {}): Promise<InjectorServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  let server: https.Server | undefined;
  const template: WatchedConfigFile<SidecarTemplate> = watchConfigFile({
    path: config.templatePath, logger, debounceMs: options.debounceMs, parse: parseSidecarTemplate,
  });
  let certificate: WatchedConfigFile<TlsPair>;
  try {
    certificate = watchTlsFiles({
      certPath: config.tlsCertPath, keyPath: config.tlsKeyPath, logger,
      onApply: (pair) => server?.setSecureContext(pair),
    });
  } catch (error) {
    template.close();
    throw error;
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const requestId = randomUUID();
    res.setHeader('x-request-id', requestId);
    const path = (req.url ?? '/').split('?')[0];
    try {
      if (path === '/health') {
        if (req.method !== 'GET' && req.method !== 'HEAD') throw notAllowed(path, 'GET');
        return send(res, 200, { status: 'ok', template: reloadBody(template.status()), certificate: reloadBody(certificate.status()) });
      }
      if (path !== MUTATE_PATH) throw new ApiError('ROUTE_NOT_FOUND', `No route for ${req.method} ${path}; the webhook path is ${MUTATE_PATH}.`);
      if (req.method !== 'POST') throw notAllowed(path, 'POST');
      const request = parseAdmissionReview(parseJson(await readBody(req, config.maxBodyBytes), req.headers));
      const decision = decideInjection(request, { template: template.current(), selfLabels: config.selfLabels });
      log(logger, request, decision, requestId);
      send(res, 200, admissionResponse(request.uid, outcomeOf(decision)));
    } catch (error) {
      const apiError = error instanceof ApiError
        ? error
        : new ApiError('INTERNAL', `The injector failed to handle this request; quote request id ${requestId} to an operator.`);
      if (!(error instanceof ApiError)) logger.error('unhandled error', { request_id: requestId, error: (error as Error).message });
      else logger.warn('admission request refused', { request_id: requestId, code: apiError.code, detail: apiError.detail });
      if (res.headersSent) return void res.destroy();
      for (const [name, value] of Object.entries(apiError.headers ?? {})) res.setHeader(name, value);
      send(res, apiError.status, problemBody(apiError, path), 'application/problem+json');
    }
  };

  try {
    const pair = certificate.current();
    server = https.createServer({ cert: pair.cert, key: pair.key }, (req, res) => void handle(req, res));
    const address = await new Promise<AddressInfo>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.port, config.host, () => resolve(server!.address() as AddressInfo));
    });
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `https://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
    const current = template.current();
    logger.info('injector listening', { url, path: MUTATE_PATH, placement: current.placement, image: current.container.image });
    const listening = server;
    return {
      url,
      port: address.port,
      template: () => template.current(),
      reloadTls: () => void certificate.reload(),
      async close() {
        template.close();
        certificate.close();
        const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
        listening.closeIdleConnections();
        await closed;
      },
    };
  } catch (error) {
    template.close();
    certificate.close();
    throw error;
  }
}

function notAllowed(path: string, allowed: string): ApiError {
  return new ApiError('METHOD_NOT_ALLOWED', `Use ${allowed} on ${path}.`, { headers: { allow: allowed } });
}

function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(json), 'cache-control': 'no-store' });
  res.end(json);
}

function reloadBody(status: ReloadStatus): Record<string, unknown> {
  return { last_result: status.last_result, last_success_at: status.last_success_at, issues: status.issues.map(formatConfigFileIssue) };
}

function log(logger: Logger, request: AdmissionRequest, decision: InjectionDecision, requestId: string): void {
  const pod = request.object as { metadata?: { name?: string; generateName?: string } } | null;
  // Every pod CREATE in the selected namespaces comes here: the unannotated majority only at debug.
  const quiet = decision.action === 'skip' && decision.warnings.length === 0;
  if (decision.action === 'deny') {
    logger.warn('pod refused', { request_id: requestId, uid: request.uid, namespace: request.namespace, pod: pod?.metadata?.name ?? pod?.metadata?.generateName ?? null, reason: decision.reason });
    return;
  }
  logger[quiet ? 'debug' : 'info'](decision.action === 'inject' ? 'sidecar injected' : 'injection skipped', {
    request_id: requestId,
    uid: request.uid,
    namespace: request.namespace,
    pod: pod?.metadata?.name ?? pod?.metadata?.generateName ?? null,
    operation: request.operation,
    dry_run: request.dryRun,
    ...(decision.action === 'skip' ? { reason: decision.reason } : { operations: decision.patch.length }),
    ...(decision.warnings.length > 0 ? { warnings: decision.warnings } : {}),
  });
}

function outcomeOf(decision: InjectionDecision): AdmissionOutcome {
  if (decision.action === 'inject') return { patch: decision.patch, warnings: decision.warnings, auditAnnotations: { injection: 'injected' } };
  // 403: the pod as written is not allowed here; the message is what `kubectl apply` prints.
  if (decision.action === 'deny') return { denied: { code: 403, message: decision.reason }, auditAnnotations: { injection: 'refused', reason: decision.reason } };
  return { warnings: decision.warnings, auditAnnotations: { injection: 'skipped', reason: decision.reason } };
}
