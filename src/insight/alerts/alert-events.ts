// Alert transitions on `gateway:alert` (node:diagnostics_channel), published after the alert's
// state is stored. The webhook outbox and anything else that notifies subscribes here.

import diagnostics_channel from 'node:diagnostics_channel';

export const ALERT_CHANNEL = 'gateway:alert';
export const alertChannel = diagnostics_channel.channel(ALERT_CHANNEL);

export interface AlertEvent {
  type: 'alert.firing' | 'alert.resolved';
  alert_id: string;
  rule: string;
  severity: string;
  summary: string;
  value: number | null;
  threshold: number | null;
  at: string;
}

export function publishAlertEvent(event: AlertEvent): void {
  if (alertChannel.hasSubscribers) alertChannel.publish(event);
}

/** Chain verifications, published with their result by whoever verified. */
export const CHAIN_VERIFY_CHANNEL = 'gateway:chain:verify';

export interface ChainVerifyEvent { valid: boolean; problem: string | null; first_bad_seq: number | null; detail: string | null }
