// Reading request bodies with a hard byte limit enforced while the bytes arrive: an oversized
// body is refused (413) as soon as the limit is crossed, without buffering the rest.

import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.ts';

export async function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    throw tooLarge(limitBytes);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > limitBytes) throw tooLarge(limitBytes);
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
}

function tooLarge(limitBytes: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${limitBytes} bytes (SERVICE_MAX_BODY_BYTES).`, {
    extensions: { limit_bytes: limitBytes },
    // The rest of the body is never read: the connection cannot be reused.
    headers: { connection: 'close' },
  });
}

/** Parses a JSON request body; an empty body counts as malformed. */
export function parseJson(body: Buffer, contentType: string | undefined): unknown {
  if (contentType && !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Content-Type "${contentType}" is not JSON; send application/json.`);
  }
  if (body.length === 0) throw new ApiError('INVALID_JSON', 'The request body is empty; a JSON document is required.');
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new ApiError('INVALID_JSON', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
