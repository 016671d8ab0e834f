// "Rug pull" protection for MCP servers: each tool's definition (description, input schema,
// title, annotations) is hashed the first time tools/list shows it, and the pin is a `tool_pin`
// ledger row. A later definition with another hash is a change: recorded once per sidecar (a
// `tool_pin` row, status changed) and put to a human as one review item for the whole fleet
// (src/oversight/tool-change.ts). The tool stays hidden and blocked until it changes back, a
// reviewer approves the item (every sidecar reads the verdict from the ledger, in central mode
// through the central gateway), or an operator lists the new hash in gateway.yaml
// (route mcp.accept_tool_changes). Pins are read back from the ledger at start, so a restart
// forgets nothing. What is read back is trusted only as far as someone answers for it: a row
// alone may come from any sidecar of the fleet (a compromised pod's credential can append
// tool_pin rows), so a first pin never replaces a pin, and a re-pin counts only when a reviewer
// approved that change or this sidecar's own gateway.yaml accepts that hash.

import { canonicalJson, eventEntry, sha256Hex, type Ledger, type LedgerRow } from '../../ledger/index.ts';
import { derivedEnvelopeId, isDuplicateEnvelope } from '../../oversight/transition-id.ts';
import { openToolChange, toolChangeId, toolChangeVerdict } from '../../oversight/tool-change.ts';
import { publishToolPinEvent } from '../../oversight/tool-pin-events.ts';
import { publishReviewCreated } from '../../runtime/review-created.ts';
import type { SidecarRoute } from '../routes/route-types.ts';

export type PinStatus = 'pinned' | 'same' | 'accepted' | 'changed';

export interface ToolDefinition {
  name: string;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  annotations?: unknown;
}

type Definition = Record<string, unknown>;

interface PinState {
  hash: string;
  envelopeId: string;
  definition: Definition | null;
  /** Hashes seen after the pin that differ from it (each recorded once). */
  reported: Set<string>;
  /** The latest definition seen, while it differs from the pin. */
  latest: { hash: string; definition: Definition } | null;
}

export interface PinVersions {
  policy_version: string;
  score_version: string;
}

/** A changed tool's block: its review item, where a reviewer accepts or rejects the change. */
export interface ChangedTool {
  reviewEnvelopeId: string;
}

export function definitionHash(tool: ToolDefinition): string {
  const { name, title, description, inputSchema, annotations } = tool;
  return sha256Hex(canonicalJson({ name, title: title ?? null, description: description ?? null, inputSchema: inputSchema ?? null, annotations: annotations ?? null }));
}

/** The parts of a definition the hash covers (name aside), as JSON. */
export function definitionOf(tool: ToolDefinition): Definition {
  return JSON.parse(JSON.stringify({
    title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations,
  })) as Definition;
}

/** The definition hash this sidecar's gateway.yaml accepts for a route's tool (mcp.accept_tool_changes), if any. */
export type AcceptedToolHash = (route: string, tool: string) => string | undefined;

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

  static async load(ledger: Ledger, agentId: () => string | null, versions: () => PinVersions, acceptedHash: AcceptedToolHash = () => undefined): Promise<ToolPins> {
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
    for (const row of rows.sort((a, b) => a.seq - b.seq)) await pins.#replay(row, acceptedHash);
    return pins;
  }

  async #replay(row: LedgerRow, acceptedHash: AcceptedToolHash): Promise<void> {
    const payload = row.payload as { route?: string; tool?: string; hash?: string; status?: string; pinned_hash?: string; definition?: Definition } | null;
    if (!payload?.route || !payload.tool || !payload.hash) return;
    const key = pinKey(payload.route, payload.tool);
    const pin = this.#pins.get(key);
    const definition = payload.definition ?? null;
    const repin = (): void => { this.#pins.set(key, { hash: payload.hash!, envelopeId: row.envelope_id, definition, reported: new Set(), latest: null }); };
    // A first sight pins (trust on first use, fleet-wide); a later "first" sight of another definition is not a re-pin.
    if (payload.status === 'pinned') {
      if (!pin) repin();
    } else if (payload.status === 'accepted') {
      if (pin && payload.pinned_hash === pin.hash && await this.#answeredFor(payload.route, payload.tool, pin.hash, payload.hash, acceptedHash)) repin();
    } else if (payload.status === 'changed' && pin && payload.pinned_hash === pin.hash) {
      pin.reported.add(payload.hash);
      pin.latest = payload.hash === pin.hash ? null : { hash: payload.hash, definition: definition ?? {} };
    }
  }

  /** Whether a re-pin from `oldHash` to `newHash` read back from the ledger has someone answering for it. */
  async #answeredFor(route: string, tool: string, oldHash: string, newHash: string, acceptedHash: AcceptedToolHash): Promise<boolean> {
    if (acceptedHash(route, tool) === newHash) return true;
    try {
      return (await toolChangeVerdict(this.#ledger, route, tool, oldHash, newHash))?.status === 'approved';
    } catch {
      // The verdict cannot be read: the change stays unaccepted here; changed() asks again on the next call.
      return false;
    }
  }

  /**
   * Whether calls to this tool are blocked because its definition changed since it was pinned.
   * Asks the ledger for the change's verdict first: an approval given anywhere in the fleet
   * re-pins the tool here at once, without waiting for the next tools/list.
   */
  async changed(route: SidecarRoute, tool: string): Promise<ChangedTool | undefined> {
    const key = pinKey(route.name, tool);
    const pin = this.#pins.get(key);
    if (!pin?.latest) return undefined;
    const { hash, definition } = pin.latest;
    const blocked = { reviewEnvelopeId: toolChangeId(route.name, tool, pin.hash, hash) };
    try {
      const verdict = await toolChangeVerdict(this.#ledger, route.name, tool, pin.hash, hash);
      if (verdict?.status !== 'approved') return blocked;
      await this.#accept(route, tool, key, pin, hash, definition, verdict.by, verdict.itemId);
      return undefined;
    } catch {
      // The verdict cannot be read (ledger down): the change stays unaccepted, so the tool stays blocked.
      return blocked;
    }
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
    const definition = definitionOf(tool);
    const pin = this.#pins.get(key);
    if (!pin) {
      const row = await this.#record(route, tool.name, hash, definition, 'pinned', null);
      this.#pins.set(key, { hash, envelopeId: row.envelope_id, definition, reported: new Set(), latest: null });
      return 'pinned';
    }
    if (pin.hash === hash) {
      pin.latest = null;
      return 'same';
    }
    if (route.acceptedToolChanges.get(tool.name) === hash) {
      await this.#accept(route, tool.name, key, pin, hash, definition, 'config:gateway.yaml', null);
      return 'accepted';
    }
    const verdict = await toolChangeVerdict(this.#ledger, route.name, tool.name, pin.hash, hash);
    if (verdict?.status === 'approved') {
      await this.#accept(route, tool.name, key, pin, hash, definition, verdict.by, verdict.itemId);
      return 'accepted';
    }
    if (!verdict) {
      // The review item first, then this sidecar's change row: a crash between them opens the
      // item again (its id is derived, so it is never doubled) rather than never.
      const opened = await openToolChange(this.#ledger, {
        route: route.name, upstream: route.upstream.origin, tool: tool.name, oldHash: pin.hash, newHash: hash,
        oldDefinition: pin.definition, newDefinition: definition, agentId: this.#agentId(), pinEnvelopeId: pin.envelopeId,
        versions: this.#versions(),
      });
      if (opened.created) publishReviewCreated(opened.row);
    }
    if (!pin.reported.has(hash)) {
      await this.#record(route, tool.name, hash, definition, 'changed', pin);
      pin.reported.add(hash);
    }
    pin.latest = { hash, definition };
    return 'changed';
  }

  /** Re-pins the tool to `hash`: a tool_pin row (status accepted), the same id on every sidecar. */
  async #accept(route: SidecarRoute, tool: string, key: string, pin: PinState, hash: string, definition: Definition, by: string, itemId: string | null): Promise<void> {
    const envelopeId = derivedEnvelopeId('tool-pin-accepted', route.name, tool, pin.hash, hash);
    let row: LedgerRow | undefined;
    let first = true;
    try {
      row = await this.#record(route, tool, hash, definition, 'accepted', pin, { envelopeId, by, review_envelope_id: itemId });
    } catch (error) {
      if (!isDuplicateEnvelope(error)) throw error;
      first = false;
      row = await this.#ledger.get(envelopeId);
    }
    this.#pins.set(key, { hash, envelopeId: row?.envelope_id ?? envelopeId, definition, reported: new Set(), latest: null });
    // A reviewer's approval is announced where it is given (src/oversight/review-desk.ts); an
    // operator's accepted hash here, by the first sidecar that applies it.
    if (first && itemId === null && row) {
      publishToolPinEvent({
        type: 'tool_pin.changed', tool, route: route.name, server: route.upstream.origin,
        old_digest: pin.hash, new_digest: hash, by, at: row.created_at, envelope_id: null, row_envelope_id: row.envelope_id,
      });
    }
  }

  #record(
    route: SidecarRoute, tool: string, hash: string, definition: Definition, status: 'pinned' | 'accepted' | 'changed', pin: PinState | null,
    extra: { envelopeId?: string; by?: string; review_envelope_id?: string | null } = {},
  ): Promise<LedgerRow> {
    return this.#ledger.append(eventEntry({
      kind: 'tool_pin', parentEnvelopeId: pin?.envelopeId ?? null, agentId: this.#agentId(), action: tool,
      outcome: status === 'changed' ? 'block' : null, versions: this.#versions(), envelopeId: extra.envelopeId,
      payload: {
        route: route.name,
        upstream: route.upstream.origin,
        tool,
        status,
        hash,
        ...(pin ? { pinned_hash: pin.hash } : {}),
        ...(status === 'changed' && pin ? { review_envelope_id: toolChangeId(route.name, tool, pin.hash, hash) } : {}),
        ...(extra.by ? { accepted_by: extra.by } : {}),
        ...(extra.review_envelope_id ? { review_envelope_id: extra.review_envelope_id } : {}),
        definition,
      },
    }));
  }
}

function pinKey(route: string, tool: string): string {
  return `${route}\u0000${tool}`;
}
