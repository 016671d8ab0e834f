// LangChain.js: a governed copy of a tool (same name, description and schema), so agents,
// LangGraph's ToolNode and `tool.invoke(toolCall)` all go through the pre-check and post-check.

import { tool as defineTool, type StructuredToolInterface } from '@langchain/core/tools';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { GovernanceClient } from '../client.ts';
import { orMessage } from './blocked.ts';
import { actionOf, checkOptions, paramsOf, type AdapterOptions } from './options.ts';

export function governLangChainTool(governance: GovernanceClient, original: StructuredToolInterface, options: AdapterOptions = {}) {
  const name = original.name;
  return defineTool(async (input: unknown, config?: RunnableConfig) => orMessage(async () => {
    const { output } = await governance.governCall(
      { action: actionOf(options, name), params: paramsOf(input), input: `LangChain tool call ${name}` },
      // The original's own invoke keeps its callbacks and parsing; the arguments were already parsed.
      () => original.invoke(input as never, config),
      checkOptions(options),
    );
    return output;
  }, name, options.onBlocked), {
    name,
    description: original.description,
    schema: original.schema as never,
  });
}

export function governLangChainTools(governance: GovernanceClient, tools: StructuredToolInterface[], options: AdapterOptions = {}) {
  return tools.map((t) => governLangChainTool(governance, t, options));
}
