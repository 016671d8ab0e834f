// Requests Node's HTTP parser refuses before any handler runs (a malformed request line, headers
// over the size limit, headers or a body that did not arrive in time) get the same
// problem+json answer as every other error, written straight to the socket: there is no
// request or response object at this point.

import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { ApiError, problemBody, type ErrorCode } from './errors.ts';
import { lingerSocket } from './lingering-close.ts';

const DETAILS: Readonly<Record<string, [ErrorCode, string]>> = {
  HPE_HEADER_OVERFLOW: ['HEADERS_TOO_LARGE', 'The request line and headers exceed the server\'s limit (16 KB by default, node --max-http-header-size).'],
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'The request headers or body did not arrive in time (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS).'],
  ERR_HTTP_HEADERS_TIMEOUT: ['REQUEST_TIMEOUT', 'The request headers did not arrive in time (HTTP_HEADERS_TIMEOUT_MS).'],
};

/** The answer for a parser error, or null when there is nobody to answer (the client reset or left). */
export function clientErrorResponse(error: NodeJS.ErrnoException): string | null {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return null;
  const [code, detail] = DETAILS[error.code ?? ''] ?? ['MALFORMED_REQUEST', `The request is not well-formed HTTP/1.1 (${error.code ?? 'parse error'}).`];
  const problem = new ApiError(code, detail);
  const json = JSON.stringify(problemBody(problem));
  return [
    `HTTP/1.1 ${problem.status} ${http.STATUS_CODES[problem.status]}`,
    'content-type: application/problem+json',
    `content-length: ${Buffer.byteLength(json)}`,
    `x-request-id: ${randomUUID()}`,
    'connection: close',
    '',
    json,
  ].join('\r\n');
}

/** The server's `clientError` listener. */
export function answerClientError(error: NodeJS.ErrnoException, duplex: Duplex): void {
  const socket = duplex as Socket;
  // A response already under way (a timeout while a handler answers) cannot take another one.
  const underway = (socket as unknown as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  const answer = socket.writable && !underway ? clientErrorResponse(error) : null;
  if (answer === null) {
    socket.destroy();
    return;
  }
  socket.end(answer);
  lingerSocket(socket);
}
