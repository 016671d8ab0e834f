"""CrewAI tools (``crewai.tools.BaseTool`` subclasses and ``@tool`` functions): CrewAI calls
``tool.run(**arguments)``, which calls ``_run``; ``_run`` is wrapped in place, so the crew's
agents go through the pre-check and post-check. A block returns the reason as the tool's output
unless ``on_blocked="raise"``."""

from __future__ import annotations

import functools
from typing import Any, Optional, TypeVar

from ..client import GovernanceClient
from ..errors import BlockedError
from ._common import blocked_message, params_of, set_attribute

ToolT = TypeVar("ToolT")


def govern_crewai_tool(
    client: GovernanceClient,
    tool: ToolT,
    *,
    action: Optional[str] = None,
    wait_for_review: Optional[float] = None,
    on_blocked: str = "message",
) -> ToolT:
    name = action or str(getattr(tool, "name"))
    original = getattr(tool, "_run", None)
    if not callable(original):
        raise TypeError("not a CrewAI tool: %r has no _run" % (tool,))

    @functools.wraps(original)
    def governed(*args: Any, **kwargs: Any) -> Any:
        params = dict(kwargs) if kwargs else params_of(args[0] if args else None)
        try:
            output, _, _ = client.govern_call(name, params, lambda: original(*args, **kwargs), input="CrewAI tool call %s" % name, wait_for_review=wait_for_review)
            return output
        except BlockedError as error:
            if on_blocked == "raise":
                raise
            return blocked_message(error, name)

    set_attribute(tool, "_run", governed)
    return tool
