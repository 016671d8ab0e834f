import type { CheckOptions } from '../client.ts';
import type { OnBlocked } from './blocked.ts';

/** What every adapter accepts. */
export interface AdapterOptions {
  /** Seconds to wait for a human on escalate / request_evidence before giving up (default 0: block at once). */
  waitForReview?: number;
  /** 'message' (default): the model reads why the call was blocked; 'throw': a BlockedError propagates. */
  onBlocked?: OnBlocked;
  /** The governed action name for a tool, default the tool's own name (e.g. prefix it: `kb.${name}`). */
  actionName?: (tool: string) => string;
}

export function checkOptions(options: AdapterOptions): CheckOptions {
  return options.waitForReview ? { waitForReview: options.waitForReview } : {};
}

export function actionOf(options: AdapterOptions, tool: string): string {
  return options.actionName ? options.actionName(tool) : tool;
}

/** Tool inputs as the params object the gateway checks against the tool's declared scope. */
export function paramsOf(input: unknown): Record<string, unknown> {
  if (typeof input === 'string') {
    try {
      const parsed: unknown = JSON.parse(input);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // a plain string argument: keep it as `input`
    }
    return { input };
  }
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) return input as Record<string, unknown>;
  return input === undefined ? {} : { input };
}
