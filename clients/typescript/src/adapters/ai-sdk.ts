// Vercel AI SDK (`ai`): wraps a tool's execute so each call the model makes is pre-checked, runs
// only when approved, and its result is post-checked before it goes back to the model.

import type { Tool, ToolExecutionOptions } from 'ai';
import type { GovernanceClient } from '../client.ts';
import { orMessage } from './blocked.ts';
import { actionOf, checkOptions, paramsOf, type AdapterOptions } from './options.ts';

/** One tool, governed under `name` (the key it has in the tools object). */
export function governAiSdkTool<T extends Tool>(governance: GovernanceClient, name: string, tool: T, options: AdapterOptions = {}): T {
  const execute = tool.execute as ((input: unknown, context: ToolExecutionOptions<any>) => unknown) | undefined;
  if (!execute) return tool;
  const governed = async (input: unknown, context: ToolExecutionOptions<any>): Promise<unknown> => orMessage(async () => {
    const { output } = await governance.governCall(
      { action: actionOf(options, name), params: paramsOf(input), input: `AI SDK tool call ${name}` },
      async () => {
        const result = await execute(input, context);
        if (result !== null && typeof result === 'object' && Symbol.asyncIterator in result) {
          throw new TypeError(`tool ${name} streams its result: a governed tool must return a value so it can be post-checked`);
        }
        return result;
      },
      checkOptions(options),
    );
    return output;
  }, name, options.onBlocked);
  return { ...tool, execute: governed } as T;
}

/** Every tool of a tools object, governed. */
export function governAiSdkTools<T extends Record<string, Tool>>(governance: GovernanceClient, tools: T, options: AdapterOptions = {}): T {
  return Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, governAiSdkTool(governance, name, tool, options)])) as T;
}
