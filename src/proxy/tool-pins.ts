// "Rug pull" protection for MCP servers: each tool's definition (description, input schema,
// title, annotations) is hashed the first time tools/list shows it, and the pin is a `tool_pin`
// ledger row. A later definition with another hash is a change: recorded and reported once, and
// the tool stays hidden and blocked until it changes back or an operator accepts the new hash
// (route mcp.accept_tool_changes). Pins are read back from the ledger at start, so a restart
// forgets nothing.

import { canonicalJson, eventEntry, sha256Hex, type Ledger, type LedgerRow } from '../ledger/index.ts';
import type { SidecarRoute } from './route-types.ts';

export type PinStatus = 'pinned' | 'same' | 'accepted' | 'changed';

export interface ToolDefinition {
  name: string;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  annotations?: unknown;
}

interface PinState {
  hash: string;
  envelopeId: string;
  /** Hashes seen after the pin that differ from it (each recorded once). */
  reported: Set<string>;
  /** The latest definition seen differs from the pin. */
  changed: boolean;
}

export interface PinVersions {
  policy_version: string;
  score_version: string;
}

export function definitionHash(tool: ToolDefinition): string {
  const { name, title, description, inputSchema, annotations } = tool;
  return sha256Hex(canonicalJson({ name, title: title ?? null, description: description ?? null, inputSchema: inputSchema ?? null, annotations: annotations ?? null }));
}

export class ToolPins {
  readonly #ledger: Ledger;
  readonly #agentId: () => string | null;
  readonly #versions: () => PinVersions;
  readonly #pins = new Map<string, PinState>();
  /** One observation per tool at a time, so concurrent tools/list answers pin once. */
  readonly #busy = new Map<string, Promise<PinStatus>>();

  private constructor(ledger: Ledger, agentId: () => string | null, versions: () => PinVersions) {
    this.#ledger = ledger;
    this.#agentId = agentId;
    this.#versions = versions;
  }

  static async load(ledger: Ledger, agentId: () => string | null, versions: () => PinVersions): Promise<ToolPins> {
    const pins = new ToolPins(ledger, agentId, versions);
    const rows: LedgerRow[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await ledger.list({ kind: 'tool_pin', limit: 500, offset });
      for (const summary of page.rows) {
        const row = await ledger.get(summary.envelope_id);
        if (row) rows.push(row);
      }
      if (page.rows.length < 500) break;
    }
    for (const row of rows.sort((a, b) => a.seq - b.seq)) pins.#replay(row);
    return pins;
  }

  #replay(row: LedgerRow): void {
    const payload = row.payload as { route?: string; tool?: string; hash?: string; status?: string } | null;
    if (!payload?.route || !payload.tool || !payload.hash) return;
    const key = pinKey(payload.route, payload.tool);
    const pin = this.#pins.get(key);
    if (payload.status === 'pinned' || payload.status === 'accepted') {
      this.#pins.set(key, { hash: payload.hash, envelopeId: row.envelope_id, reported: new Set(), changed: false });
    } else if (payload.status === 'changed' && pin) {
      pin.reported.add(payload.hash);
      pin.changed = true;
    }
  }

  /** Whether calls to this tool are blocked because its definition changed since it was pinned. */
  changed(route: SidecarRoute, tool: string): { envelopeId: string } | undefined {
    const pin = this.#pins.get(pinKey(route.name, tool));
    return pin?.changed ? { envelopeId: pin.envelopeId } : undefined;
  }

  observe(route: SidecarRoute, tool: ToolDefinition): Promise<PinStatus> {
    const key = pinKey(route.name, tool.name);
    const previous = this.#busy.get(key) ?? Promise.resolve<PinStatus>('same');
    const next = previous.catch(() => 'same' as const).then(() => this.#observe(route, tool, key));
    this.#busy.set(key, next);
    void next.finally(() => { if (this.#busy.get(key) === next) this.#busy.delete(key); }).catch(() => undefined);
    return next;
  }

  async #observe(route: SidecarRoute, tool: ToolDefinition, key: string): Promise<PinStatus> {
    const hash = definitionHash(tool);
    const pin = this.#pins.get(key);
    if (!pin) {
      const row = await this.#record(route, tool, hash, 'pinned', null);
      this.#pins.set(key, { hash, envelopeId: row.envelope_id, reported: new Set(), changed: false });
      return 'pinned';
    }
    if (pin.hash === hash) {
      pin.changed = false;
      return 'same';
    }
    if (route.acceptedToolChanges.get(tool.name) === hash) {
      const row = await this.#record(route, tool, hash, 'accepted', pin);
      this.#pins.set(key, { hash, envelopeId: row.envelope_id, reported: new Set(), changed: false });
      return 'accepted';
    }
    if (!pin.reported.has(hash)) {
      await this.#record(route, tool, hash, 'changed', pin);
      pin.reported.add(hash);
    }
    pin.changed = true;
    return 'changed';
  }

  #record(route: SidecarRoute, tool: ToolDefinition, hash: string, status: 'pinned' | 'accepted' | 'changed', pin: PinState | null): Promise<LedgerRow> {
    return this.#ledger.append(eventEntry({
      kind: 'tool_pin', parentEnvelopeId: pin?.envelopeId ?? null, agentId: this.#agentId(), action: tool.name,
      outcome: status === 'changed' ? 'block' : null, versions: this.#versions(),
      payload: {
        route: route.name,
        upstream: route.upstream.origin,
        tool: tool.name,
        status,
        hash,
        ...(pin ? { pinned_hash: pin.hash } : {}),
        // Who accepted: whoever put the hash in the sidecar's configuration (a privileged action with no API caller).
        ...(status === 'accepted' ? { accepted_by: `config/gateway.yaml: routes ${route.name} accept_tool_changes` } : {}),
        definition: JSON.parse(JSON.stringify({
          title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations,
        })) as Record<string, unknown>,
      },
    }));
  }
}

function pinKey(route: string, tool: string): string {
  return `${route}\u0000${tool}`;
}
