// Where a person lands after signing in. Only a same-origin relative path is accepted: a full
// URL, a scheme-relative `//evil.example`, a backslash (browsers read `/\evil` as `//evil`) or
// a control character would make the gateway an open redirect for phishing.

export const DEFAULT_LANDING = '/';
const MAX_LENGTH = 1024;

/** The path, or null when it is not a safe same-origin relative path. */
export function safeRelayPath(raw: string): string | null {
  if (raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  // What a browser would make of it, resolved against a placeholder origin: it must stay there.
  let resolved: URL;
  try {
    resolved = new URL(raw, 'https://gateway.invalid');
  } catch {
    return null;
  }
  if (resolved.origin !== 'https://gateway.invalid') return null;
  return resolved.pathname + resolved.search + resolved.hash;
}
