// `govgate certify verify <file> [--jwks FILE|URL] [--json]`: checks a certificate's signature and
// expiry against a JWKS -- a file (offline), a URL (the gateway's /v1/certify/jwks: then the
// certificate's revocation status is asked too), or, without --jwks, this gateway's own keys.

import { readFileSync } from 'node:fs';
import type { JSONWebKeySet } from 'jose';
import { loadConfig } from '../config/index.ts';
import { loadCertificateKeys, verifyCertificate } from '../certify/index.ts';
import { UsageError } from './serve-command.ts';

const USAGE = 'usage: govgate certify verify <certificate file> [--jwks FILE|URL] [--json]';

export async function certifyCommand(
  args: string[], values: { jwks?: string; json?: boolean },
  out: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const [sub, file, ...rest] = args;
  if (sub !== 'verify' || file === undefined || rest.length > 0) throw new UsageError(USAGE);
  const jws = readFileSync(file, 'utf8').trim();
  const online = values.jwks !== undefined && /^https?:\/\//.test(values.jwks);
  const jwks = await loadJwks(values.jwks);
  const check = await verifyCertificate(jws, jwks);
  const report: Record<string, unknown> = { status: check.status };
  if (check.status !== 'invalid') {
    const { claims } = check;
    Object.assign(report, {
      agent_id: claims.sub, policy_version: claims.policy_version, score_version: claims.score_version, issuer: claims.iss,
      issued_at: new Date(claims.iat * 1000).toISOString(), expires_at: new Date(claims.exp * 1000).toISOString(), kid: check.kid, certificate_id: claims.jti,
    });
  }
  if (check.status === 'expired' || check.status === 'invalid') report.detail = check.detail;
  if (check.status === 'valid') {
    if (!online) {
      report.revocation = 'not checked (offline: give --jwks as the gateway URL to check)';
    } else {
      const statusUrl = new URL(`/v1/certify/certificates/${check.claims.jti}/status`, values.jwks);
      const response = await fetch(statusUrl);
      if (response.status !== 200) {
        report.revocation = `unknown (the gateway answered HTTP ${response.status})`;
      } else {
        const status = await response.json() as { revoked: boolean; revocation: Record<string, unknown> | null };
        report.revocation = status.revoked ? status.revocation : 'not revoked';
        if (status.revoked) report.status = 'revoked';
      }
    }
  }
  out(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${humanReport(report)}\n`);
  return report.status === 'valid' ? 0 : 1;
}

async function loadJwks(source: string | undefined): Promise<JSONWebKeySet> {
  if (source === undefined) return (await loadCertificateKeys(loadConfig(process.env).certify)).jwks() as JSONWebKeySet;
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source);
    if (response.status !== 200) throw new UsageError(`--jwks ${source}: HTTP ${response.status}`);
    return await response.json() as JSONWebKeySet;
  }
  const parsed = JSON.parse(readFileSync(source, 'utf8')) as JSONWebKeySet | Record<string, unknown>;
  // A single JWK is accepted as a JWKS of one.
  return Array.isArray((parsed as JSONWebKeySet).keys) ? parsed as JSONWebKeySet : { keys: [parsed as never] };
}

function humanReport(report: Record<string, unknown>): string {
  const lines = [`certificate: ${String(report.status).toUpperCase()}`];
  for (const [key, value] of Object.entries(report)) {
    if (key !== 'status') lines.push(`  ${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  return lines.join('\n');
}
