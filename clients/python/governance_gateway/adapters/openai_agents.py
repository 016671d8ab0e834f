"""OpenAI Agents SDK (``agents.FunctionTool``, what ``@function_tool`` makes): the runner calls
``await tool.on_invoke_tool(ctx, arguments_json)``. A copy of the tool gets a governed
``on_invoke_tool``: pre-check the arguments, run the original, post-check its output. A block
returns the reason as the tool's output (the model reads it) unless ``on_blocked="raise"``."""

from __future__ import annotations

import copy
from typing import Any, Optional, TypeVar

from ..client import AsyncGovernanceClient, GovernanceClient
from ..errors import BlockedError
from ._common import blocked_message, params_of, set_attribute

ToolT = TypeVar("ToolT")


def govern_openai_agents_tool(
    client: GovernanceClient,
    tool: ToolT,
    *,
    action: Optional[str] = None,
    wait_for_review: Optional[float] = None,
    on_blocked: str = "message",
) -> ToolT:
    name = action or str(getattr(tool, "name"))
    original = getattr(tool, "on_invoke_tool", None)
    if not callable(original):
        raise TypeError("not an OpenAI Agents FunctionTool: %r has no on_invoke_tool" % (tool,))
    async_client = AsyncGovernanceClient.wrapping(client)

    async def on_invoke_tool(ctx: Any, arguments: str) -> Any:
        try:
            output, _, _ = await async_client.govern_call(
                name, params_of(arguments), lambda: original(ctx, arguments),
                input="OpenAI Agents tool call %s" % name, wait_for_review=wait_for_review,
            )
            return output
        except BlockedError as error:
            if on_blocked == "raise":
                raise
            return blocked_message(error, name)

    governed = copy.copy(tool)
    set_attribute(governed, "on_invoke_tool", on_invoke_tool)
    return governed
