// `govgate reports verify <file> <signature> [--jwks FILE|URL] [--json]`: checks, offline, that a
// report file is the one the gateway signed: the JWS verifies with a key of the JWKS (a file saved
// from /v1/reports/jwks, or that URL; without --jwks, this gateway's report keys from REPORTS_KEY...)
// and covers exactly the file's SHA-256. The signature argument
// is the compact JWS, or the JSON /v1/reports/{id}/signature answered.

import { readFileSync } from 'node:fs';
import type { JSONWebKeySet } from 'jose';
import { loadConfig } from '../config/index.ts';
import { loadReportKeys, verifyReportFile } from '../reports/index.ts';
import { UsageError } from './serve-command.ts';

const USAGE = 'usage: govgate reports verify <report file> <signature file> [--jwks FILE|URL] [--json]';

export async function reportsCommand(
  args: string[], values: { jwks?: string; json?: boolean },
  out: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const [sub, file, signatureFile, ...rest] = args;
  if (sub !== 'verify' || file === undefined || signatureFile === undefined || rest.length > 0) throw new UsageError(USAGE);
  const bytes = readFileSync(file);
  const jws = signatureOf(readFileSync(signatureFile, 'utf8'));
  const check = await verifyReportFile(bytes, jws, await loadJwks(values.jwks));
  const report: Record<string, unknown> = { status: check.status };
  if (check.claims) Object.assign(report, { report_id: check.claims.report_id, format: check.claims.format, sha256: check.claims.sha256, signed_at: check.claims.signed_at });
  if (check.kid) report.kid = check.kid;
  if (check.status === 'invalid') report.detail = check.detail;
  out(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${humanReport(report)}\n`);
  return check.status === 'valid' ? 0 : 1;
}

function signatureOf(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return trimmed;
  try {
    const parsed = JSON.parse(trimmed) as { jws?: unknown };
    if (typeof parsed.jws === 'string') return parsed.jws;
  } catch {
    // Not JSON after all: verified (and refused) as a JWS.
  }
  return trimmed;
}

async function loadJwks(source: string | undefined): Promise<JSONWebKeySet> {
  if (source === undefined) return (await loadReportKeys(loadConfig(process.env).reports.signing)).jwks() as JSONWebKeySet;
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source);
    if (response.status !== 200) throw new UsageError(`--jwks ${source}: HTTP ${response.status}`);
    return await response.json() as JSONWebKeySet;
  }
  let parsed: JSONWebKeySet | Record<string, unknown>;
  try {
    parsed = JSON.parse(readFileSync(source, 'utf8')) as JSONWebKeySet | Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`--jwks ${source}: not a JSON file (${(error as Error).message})`);
  }
  // A single JWK is accepted as a JWKS of one.
  return Array.isArray((parsed as JSONWebKeySet).keys) ? parsed as JSONWebKeySet : { keys: [parsed as never] };
}

function humanReport(report: Record<string, unknown>): string {
  const lines = [`report file: ${String(report.status).toUpperCase()}`];
  for (const [key, value] of Object.entries(report)) if (key !== 'status') lines.push(`  ${key}: ${String(value)}`);
  return lines.join('\n');
}
