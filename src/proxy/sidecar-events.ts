// What happens on the sidecar's data path, published on `gateway:sidecar` (diagnostics_channel)
// so the proxy code never imports metrics; `sidecar_events_total{route,event}` counts them.

import diagnostics_channel from 'node:diagnostics_channel';
import client from 'prom-client';

export const SIDECAR_CHANNEL = 'gateway:sidecar';
const channel = diagnostics_channel.channel(SIDECAR_CHANNEL);

export type SidecarEventKind =
  | 'forwarded' | 'blocked' | 'released' | 'withheld' | 'redacted'
  | 'unscannable_blocked' | 'unscannable_released'
  | 'fail_open' | 'fail_closed' | 'upstream_error'
  /** audit: intent: the answer was released, then its post-check row failed to append. */
  | 'intent_unrecorded'
  /** Refused at a bound of the memory budget (503 SIDECAR_OVERLOADED). */
  | 'overloaded'
  | 'ungoverned' | 'tunnel' | 'tunnel_refused' | 'refused'
  | 'tool_pinned' | 'tool_changed' | 'tool_hidden';

export interface SidecarEvent {
  route: string;
  event: SidecarEventKind;
}

export function publishSidecarEvent(route: string, event: SidecarEventKind): void {
  if (channel.hasSubscribers) channel.publish({ route, event } satisfies SidecarEvent);
}

/** Registers the counter on the gateway's registry; close() unsubscribes. */
export function createSidecarMetrics(registry: client.Registry): { close(): void } {
  const events = new client.Counter({
    name: 'sidecar_events_total',
    help: 'Sidecar data-path events by route: forwarded, blocked, released, withheld, redacted, unscannable_blocked, unscannable_released, fail_open, upstream_error, intent_unrecorded, overloaded, tunnel, ...',
    labelNames: ['route', 'event'] as const,
    registers: [registry],
  });
  const onEvent = (message: unknown) => {
    const e = message as SidecarEvent;
    events.inc({ route: e.route, event: e.event });
  };
  diagnostics_channel.subscribe(SIDECAR_CHANNEL, onEvent);
  return { close: () => diagnostics_channel.unsubscribe(SIDECAR_CHANNEL, onEvent) };
}
