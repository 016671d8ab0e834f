// Why a credential was not accepted, before it becomes an HTTP answer: `invalid` is the
// caller's problem (401), `unavailable` is ours (503: the key store or the JWKS cannot be read,
// and failing closed with 401 would tell a valid caller their credential is wrong).

export class AuthFailure extends Error {
  readonly kind: 'invalid' | 'unavailable';

  constructor(kind: 'invalid' | 'unavailable', detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = 'AuthFailure';
    this.kind = kind;
  }
}
