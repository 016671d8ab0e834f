// `tool_pin.changed` on `gateway:tool-pin` (node:diagnostics_channel): a changed MCP tool
// definition was accepted (a reviewer approved its review item, or an operator listed its hash
// in config/gateway.yaml), published once the row that records it is durable. Notifications
// subscribe here.

import diagnostics_channel from 'node:diagnostics_channel';

export const TOOL_PIN_CHANNEL = 'gateway:tool-pin';
export const toolPinChannel = diagnostics_channel.channel(TOOL_PIN_CHANNEL);

export interface ToolPinChangedEvent {
  type: 'tool_pin.changed';
  tool: string;
  /** The sidecar route (config/gateway.yaml) the tool is served on, and its upstream origin. */
  route: string;
  server: string | null;
  old_digest: string;
  new_digest: string;
  /** The reviewer (`kind:subject`), or `config:gateway.yaml` for an operator's accepted hash. */
  by: string;
  at: string;
  /** The tool_change review item, when a reviewer accepted it. */
  envelope_id: string | null;
  /** The row that recorded the acceptance (the review verdict, or the operator's tool_pin row): the notification's id. */
  row_envelope_id: string;
}

export function publishToolPinEvent(event: ToolPinChangedEvent): void {
  if (toolPinChannel.hasSubscribers) toolPinChannel.publish(event);
}
