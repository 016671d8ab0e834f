"""LangChain / LangGraph tools (``@tool``, ``StructuredTool``, ``Tool``, or a ``BaseTool``
subclass). A structured tool runs ``func`` / ``coroutine``; a subclass runs ``_run`` / ``_arun``.
Whichever the tool has is wrapped in place, so ``tool.invoke``, agents and LangGraph's ToolNode
all go through the pre-check and post-check. A block returns the reason as the tool's output
(the model reads it) unless ``on_blocked="raise"``."""

from __future__ import annotations

import functools
from typing import Any, Callable, Optional, TypeVar

from ..client import AsyncGovernanceClient, GovernanceClient
from ..errors import BlockedError
from ._common import blocked_message, params_of, set_attribute

ToolT = TypeVar("ToolT")


def govern_langchain_tool(
    client: GovernanceClient,
    tool: ToolT,
    *,
    action: Optional[str] = None,
    wait_for_review: Optional[float] = None,
    on_blocked: str = "message",
) -> ToolT:
    name = action or str(getattr(tool, "name"))
    async_client = AsyncGovernanceClient.wrapping(client)

    def wrap_sync(original: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(original)
        def governed(*args: Any, **kwargs: Any) -> Any:
            params = _params(args, kwargs)
            try:
                output, _, _ = client.govern_call(name, params, lambda: original(*args, **kwargs), input="LangChain tool call %s" % name, wait_for_review=wait_for_review)
                return output
            except BlockedError as error:
                if on_blocked == "raise":
                    raise
                return blocked_message(error, name)
        return governed

    def wrap_async(original: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(original)
        async def governed(*args: Any, **kwargs: Any) -> Any:
            params = _params(args, kwargs)
            try:
                output, _, _ = await async_client.govern_call(name, params, lambda: original(*args, **kwargs), input="LangChain tool call %s" % name, wait_for_review=wait_for_review)
                return output
            except BlockedError as error:
                if on_blocked == "raise":
                    raise
                return blocked_message(error, name)
        return governed

    wrapped = False
    for sync_name, async_name in (("func", "coroutine"), ("_run", "_arun")):
        sync_fn = getattr(tool, sync_name, None)
        async_fn = getattr(tool, async_name, None)
        if callable(sync_fn):
            set_attribute(tool, sync_name, wrap_sync(sync_fn))
            wrapped = True
        if callable(async_fn):
            set_attribute(tool, async_name, wrap_async(async_fn))
            wrapped = True
        if wrapped:
            return tool
    raise TypeError("not a LangChain tool: %r has neither func/coroutine nor _run/_arun" % (tool,))


def _params(args: Any, kwargs: Any) -> Any:
    # LangChain passes `run_manager` / `callbacks` / `config` to tools that accept them: not arguments.
    arguments = {k: v for k, v in kwargs.items() if k not in ("run_manager", "callbacks", "config")}
    if args and not arguments:
        return params_of(args[0])
    return arguments
