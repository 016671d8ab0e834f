// Execution events on `gateway:execution` (node:diagnostics_channel): a forwarded call whose
// outcome never came back, published once its outcome_unknown row is durable. Notifications
// and metrics subscribe here.

import diagnostics_channel from 'node:diagnostics_channel';

export const EXECUTION_CHANNEL = 'gateway:execution';
export const executionChannel = diagnostics_channel.channel(EXECUTION_CHANNEL);

export interface OutcomeUnknownEvent {
  type: 'execution.outcome_unknown';
  /** The pre-check whose call was forwarded. */
  envelope_id: string;
  /** The outcome_unknown row linked to it. */
  row_envelope_id: string;
  agent_id: string | null;
  tool: string | null;
  route: string | null;
  forwarded_at: string;
  /** forwarded_at + the route's timeout; the row was written after deadline + grace. */
  deadline: string;
  at: string;
}

export function publishExecutionEvent(event: OutcomeUnknownEvent): void {
  if (executionChannel.hasSubscribers) executionChannel.publish(event);
}
