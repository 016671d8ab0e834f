// Secrets in the headers of a governed answer. The post-check reads the body; a header the upstream
// sets (`X-Debug-Token: sk-...`, a `Set-Cookie` carrying an API key) would reach the agent beside
// a body that passed. A header whose value matches one of the bundle's secret patterns is not
// released, and the post-check row records which header and which pattern.

import { scanSensitive } from '../../governance/index.ts';
import type { SensitivePattern } from '../../policy/index.ts';
import type { HeaderMap } from './forward-headers.ts';

export interface WithheldHeader {
  header: string;
  pattern: string;
}

/** `headers` without those carrying a secret, and which were held back. */
export function withoutSecretHeaders(headers: HeaderMap, secrets: readonly SensitivePattern[]): { headers: HeaderMap; withheld: WithheldHeader[] } {
  if (secrets.length === 0) return { headers, withheld: [] };
  const withheld: WithheldHeader[] = [];
  let kept = headers;
  for (const [header, value] of Object.entries(headers)) {
    const hits = scanSensitive(value, secrets);
    if (hits.length === 0) continue;
    if (kept === headers) kept = { ...headers };
    // A repeated header (two Set-Cookie) goes whole: the agent gets none of its values.
    delete kept[header];
    for (const pattern of new Set(hits.map((hit) => hit.pattern.id))) withheld.push({ header, pattern });
  }
  return { headers: kept, withheld };
}
