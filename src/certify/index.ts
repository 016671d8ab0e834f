// Agent certification: criteria from the policy bundle checked against the agent's ledger history
// and a replayed test suite; a pass is a signed certificate (JWS, EdDSA or ES256) that verifies
// offline against the published JWKS, and can be revoked (docs/certification.md).

export { CertificationService, type CertificationResult, type CertificateSummary, type CertifyRequest } from './certification-service.ts';
export { loadCertificateKeys, loadSigningKeys, CertifyKeyError, type CertificateKeys, type SigningKey, type SigningKeyNames } from './certificate-keys.ts';
export { CERTIFICATE_TYP, signCertificate, verifyCertificate, type CertificateCheck, type CertificateClaims } from './certificates.ts';
export { CRITERIA, evaluateCriteria, type CertificationFigures, type CriterionResult, type DecidedCall } from './criteria.ts';
