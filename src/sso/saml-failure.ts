// Every way a SAML response can be refused, as the problem it becomes. node-saml reports its
// refusals as plain Errors; their messages are sorted here once, into stable codes (a test per
// attack in test/integration/sso-saml.test.ts keeps this honest), and nothing unexpected ever
// becomes a 500: an error we cannot place is still a refused assertion.

import { ApiError, type ErrorCode } from '../http/index.ts';

export type SsoFailureCode = Extract<ErrorCode, `SSO_${string}`>;

export function ssoFailure(code: SsoFailureCode, detail: string, reason?: string): ApiError {
  const status401 = code !== 'SSO_RESPONSE_MALFORMED';
  return new ApiError(code, detail, {
    extensions: reason ? { reason } : undefined,
    // RFC 9110: a 401 names how to authenticate; here, by signing in again.
    headers: status401 ? { 'www-authenticate': 'SAML realm="governance-gateway", login="/v1/sso/login"' } : undefined,
  });
}

/** A node-saml validation error as the problem it is. */
export function classifySamlError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // node-saml's SamlStatusError (the IdP's non-Success status) carries the status XML.
  if (error instanceof Error && typeof (error as { xmlStatus?: unknown }).xmlStatus === 'string') return ssoFailure('SSO_IDP_ERROR', `The identity provider refused the sign-in: ${error.message}`, 'idp_status');
  const message = error instanceof Error ? error.message : String(error);
  if (/multiple assertions|too many signatures|too many transforms/i.test(message)) {
    return ssoFailure('SSO_SIGNATURE_INVALID', 'The response is not one signed assertion (a signature wrapping attempt is refused).', 'wrapping');
  }
  if (/signature|signed data|digest/i.test(message)) {
    return ssoFailure('SSO_SIGNATURE_INVALID', 'The assertion is not signed by the identity provider\'s key, or was changed after signing.', 'signature');
  }
  if (/not yet valid/i.test(message)) return ssoFailure('SSO_ASSERTION_EXPIRED', 'The assertion is not valid yet (NotBefore is in the future beyond the allowed clock skew).', 'not_yet_valid');
  if (/expired/i.test(message)) return ssoFailure('SSO_ASSERTION_EXPIRED', 'The assertion has expired (NotOnOrAfter is past beyond the allowed clock skew).', 'expired');
  if (/audience/i.test(message)) return ssoFailure('SSO_ASSERTION_INVALID', 'The assertion is not addressed to this service provider (Audience).', 'audience');
  if (/xml|parse|non-whitespace|unclosed|invalid character|entity/i.test(message)) return ssoFailure('SSO_RESPONSE_MALFORMED', 'The SAMLResponse is not a well-formed SAML response.', 'malformed');
  return ssoFailure('SSO_ASSERTION_INVALID', `The assertion was refused: ${message.slice(0, 200)}`, 'invalid');
}
