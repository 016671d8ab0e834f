// The console's only way to the gateway: the public /v1 API, with the signed-in person's
// credential. An API key (local use) is kept in sessionStorage for this tab only and sent in the
// header the gateway's variant reads (GET /health says which variant); an SSO session is a cookie,
// and then every state-changing call carries the CSRF token the session gave.

export type Variant = 'embedded' | 'edge';

export interface Credential {
  kind: 'api_key' | 'sso' | 'none';
  /** The API key (kind api_key). */
  key?: string;
  /** The CSRF token of a cookie session (kind sso). */
  csrf?: string;
}

export interface Problem {
  status: number;
  code: string;
  title: string;
  detail: string;
  errors?: { path: string; message: string }[];
}

export class ApiProblem extends Error {
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(problem.detail || problem.title);
    this.problem = problem;
  }
}

const KEY_STORAGE = 'govgate.console.api_key';
/** The header a cookie session sends its CSRF token in. */
export const CSRF_HEADER = 'X-CSRF-Token';

export function storedKey(): string | null {
  return sessionStorage.getItem(KEY_STORAGE);
}

export function storeKey(key: string | null): void {
  if (key === null) sessionStorage.removeItem(KEY_STORAGE);
  else sessionStorage.setItem(KEY_STORAGE, key);
}

/** The edge gateway reads only X-Service-Token; the embedded one only Authorization: Bearer. */
export function authHeaders(variant: Variant, credential: Credential): Record<string, string> {
  if (credential.kind !== 'api_key' || !credential.key) return {};
  return variant === 'edge' ? { 'X-Service-Token': credential.key } : { Authorization: `Bearer ${credential.key}` };
}

export class Client {
  readonly variant: Variant;
  readonly credential: Credential;

  constructor(variant: Variant, credential: Credential) {
    this.variant = variant;
    this.credential = credential;
  }

  get<T>(path: string, signal?: AbortSignal): Promise<T> {
    return this.request<T>('GET', path, undefined, signal);
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('POST', path, body);
  }

  delete<T>(path: string): Promise<T> {
    return this.request<T>('DELETE', path);
  }

  async request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(this.variant, this.credential) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.credential.kind === 'sso' && this.credential.csrf) headers[CSRF_HEADER] = this.credential.csrf;
    const response = await fetch(path, {
      method, headers, signal, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin', cache: 'no-store',
    });
    return readResponse<T>(response);
  }
}

export async function readResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const p = (parsed ?? {}) as Partial<Problem>;
    throw new ApiProblem({
      status: response.status, code: p.code ?? `HTTP_${response.status}`, title: p.title ?? response.statusText,
      detail: p.detail ?? (text.slice(0, 300) || response.statusText), errors: p.errors,
    });
  }
  return parsed as T;
}

export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
