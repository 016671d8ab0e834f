// The approval scopes of /v1/approvals: an approval may also answer later calls of the same agent
// and tool (once: these exact arguments; session; count; ttl; condition: a CEL expression).

export type GrantScope = '' | 'once' | 'session' | 'count' | 'ttl' | 'condition';

export interface GrantFields {
  scope: GrantScope;
  count: string;
  ttlSeconds: string;
  sessionId: string;
  condition: string;
}

export const NO_GRANT: GrantFields = { scope: '', count: '5', ttlSeconds: '3600', sessionId: '', condition: '' };

/** The `grant` of a ReviewResolutionRequest, or undefined for this call only. */
export function grantBody(fields: GrantFields): Record<string, unknown> | undefined {
  switch (fields.scope) {
    case '': return undefined;
    case 'count': return { scope: 'count', count: Number(fields.count) };
    case 'ttl': return { scope: 'ttl', ttl_seconds: Number(fields.ttlSeconds) };
    case 'session': return { scope: 'session', session_id: fields.sessionId.trim() };
    case 'condition': return { scope: 'condition', condition: fields.condition };
    default: return { scope: fields.scope };
  }
}

export function GrantForm({ fields, onChange }: { fields: GrantFields; onChange: (fields: GrantFields) => void }) {
  const set = (patch: Partial<GrantFields>) => onChange({ ...fields, ...patch });
  return (
    <fieldset className="grant">
      <legend>Also approve later calls</legend>
      <label>Scope
        <select value={fields.scope} onChange={(e) => set({ scope: e.target.value as GrantScope })}>
          <option value="">this call only</option>
          <option value="once">once: one more call with these exact arguments</option>
          <option value="session">session: calls of this tool in one session</option>
          <option value="count">count: the next N calls of this tool</option>
          <option value="ttl">ttl: calls of this tool for a time</option>
          <option value="condition">condition: calls whose arguments satisfy a CEL expression</option>
        </select>
      </label>
      {fields.scope === 'count' ? <label>Number of calls <input type="number" min={1} max={10000} value={fields.count} onChange={(e) => set({ count: e.target.value })} /></label> : null}
      {fields.scope === 'ttl' ? <label>Seconds <input type="number" min={1} value={fields.ttlSeconds} onChange={(e) => set({ ttlSeconds: e.target.value })} /></label> : null}
      {fields.scope === 'session' ? <label>Session id <input required value={fields.sessionId} onChange={(e) => set({ sessionId: e.target.value })} /></label> : null}
      {fields.scope === 'condition' ? <label>CEL condition over <code>args</code> <input value={fields.condition} placeholder="args.amount <= 500.0" onChange={(e) => set({ condition: e.target.value })} /></label> : null}
    </fieldset>
  );
}
