// Reading request bodies with a hard byte limit enforced while the bytes arrive: an oversized
// body is refused (413) as soon as the limit is crossed, without buffering the rest.

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { StrictJsonError, parseStrictJson, type StrictJsonRule } from '../json/index.ts';
import { ApiError, type ErrorCode } from './errors.ts';

/**
 * Reads the whole body, refusing it (413) once it crosses `limitBytes`. A refused request is left
 * paused, not destroyed, so its answer can linger (lingering-close.ts) and still reach a client
 * that is sending the rest.
 */
/** `reserve`: told of each chunk before it is kept (the sidecar's memory budget); throwing refuses the body. */
export function readBody(req: IncomingMessage, limitBytes: number, reserve?: (bytes: number) => void): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) return Promise.reject(tooLarge(limitBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const done = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > limitBytes) {
        done();
        req.pause();
        reject(tooLarge(limitBytes));
        return;
      }
      if (reserve) {
        try {
          reserve(chunk.length);
        } catch (error) {
          done();
          req.pause();
          reject(error);
          return;
        }
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      done();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
    };
    const onAbort = (): void => {
      done();
      reject(new ApiError('REQUEST_INCOMPLETE', 'The connection closed before the request body was complete.'));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onAbort);
    req.once('close', onAbort);
  });
}

function tooLarge(limitBytes: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${limitBytes} bytes (SERVICE_MAX_BODY_BYTES).`, {
    extensions: { limit_bytes: limitBytes },
    // The rest of the body is dropped while the answer lingers; the connection is not reused.
    headers: { connection: 'close' },
  });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;
const UTF8_CHARSET = /^"?utf-8"?$/i;
const ACCEPTED = 'application/json (optionally with charset=utf-8)';
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Why a Content-Type is not one the gateway reads as JSON, or null when it is. */
export function jsonContentTypeProblem(contentType: string | undefined): string | null {
  if (contentType === undefined || contentType.trim() === '') return `The request has a body but no Content-Type; send ${ACCEPTED}.`;
  const [type, ...params] = contentType.split(';');
  if (!JSON_TYPE.test(type.trim())) return `Content-Type "${contentType}" is not JSON; send ${ACCEPTED}.`;
  for (const param of params) {
    const [name, value = ''] = param.split('=');
    if (name.trim().toLowerCase() === 'charset' && !UTF8_CHARSET.test(value.trim())) {
      return `Content-Type "${contentType}" names a charset other than UTF-8; JSON is read as UTF-8 only: send ${ACCEPTED}.`;
    }
  }
  return null;
}

/**
 * A body with a content coding (gzip, br...) is refused: the gateway reads the bytes as they are,
 * and a sidecar checks and forwards exactly those bytes, so a coding the upstream would undo
 * could make it act on something that was never checked.
 */
export function contentEncodingProblem(encoding: string | string[] | undefined): string | null {
  const value = (Array.isArray(encoding) ? encoding.join(',') : encoding ?? '').trim().toLowerCase();
  if (value === '' || value === 'identity') return null;
  return `Content-Encoding "${value.slice(0, 100)}" is not accepted: request bodies are read, checked and forwarded as they are; send application/json uncompressed.`;
}

/**
 * Parses a JSON request body with the strict parser (src/json): the body must be labelled JSON
 * in UTF-8 with no content coding, be valid UTF-8, and be JSON every reader reads the same way.
 * An empty body counts as malformed.
 */
export function parseJson(body: Buffer, headers: IncomingHttpHeaders, options: { maxValues?: number } = {}): unknown {
  const problem = jsonContentTypeProblem(headers['content-type']) ?? contentEncodingProblem(headers['content-encoding']);
  if (problem) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', problem, { extensions: { accepted: ['application/json', 'application/json; charset=utf-8'] } });
  if (body.length === 0) throw new ApiError('INVALID_JSON', 'The request body is empty; a JSON document is required.');
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new ApiError('INVALID_JSON', 'The request body is not valid UTF-8; JSON must be sent as UTF-8.');
  }
  try {
    return parseStrictJson(text, options);
  } catch (error) {
    throw strictJsonProblem(error, 'The request body');
  }
}

const RULE_CODES: Readonly<Record<StrictJsonRule, ErrorCode>> = {
  syntax: 'INVALID_JSON',
  duplicate_key: 'JSON_DUPLICATE_KEY',
  number: 'JSON_NUMBER_INEXACT',
  depth: 'JSON_TOO_DEEP',
  string: 'JSON_INVALID_STRING',
  reserved_key: 'JSON_RESERVED_KEY',
  values: 'JSON_TOO_MANY_VALUES',
};

/** A strict-parser refusal as the problem it is: 400 for malformed JSON, 413 for too many values, 422 naming the member otherwise. */
export function strictJsonProblem(error: unknown, what: string, pathPrefix = ''): ApiError {
  if (!(error instanceof StrictJsonError)) throw error;
  if (error.rule === 'syntax') return new ApiError('INVALID_JSON', `${what} is not valid JSON: ${error.message}`);
  const path = error.path === '' ? pathPrefix : pathPrefix === '' ? error.path : error.path.startsWith('[') ? pathPrefix + error.path : `${pathPrefix}.${error.path}`;
  return new ApiError(RULE_CODES[error.rule], `${what} was refused: ${error.message}`, {
    errors: [{ path: path || '(body)', message: error.message }],
  });
}
