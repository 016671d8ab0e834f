"""What the adapters share: the message a model reads when a call is blocked, and tool inputs as
the params object the gateway checks against the tool's declared scope."""

from __future__ import annotations

import json
from typing import Any, Dict

from ..errors import BlockedError


def blocked_message(error: BlockedError, tool: str) -> str:
    what = "the result of tool \"%s\" was withheld" % tool if error.stage == "post_check" else "the call to tool \"%s\" was not run" % tool
    review = ""
    if error.review_href:
        review = " A human must approve it first (review item %s, %s)." % (error.review_href, error.review_status or "pending")
    return "Governance blocked this: %s. Reason: %s (envelope %s).%s" % (what, error.decision.get("reason"), error.envelope_id, review)


def params_of(value: Any) -> Dict[str, Any]:
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except ValueError:
            return {"input": value}
        return parsed if isinstance(parsed, dict) else {"input": parsed}
    if isinstance(value, dict):
        return dict(value)
    return {} if value is None else {"input": value}


def set_attribute(target: Any, name: str, value: Any) -> None:
    """Sets an attribute even on pydantic models (LangChain and CrewAI tools are), which refuse unknown ones."""
    try:
        setattr(target, name, value)
    except (AttributeError, TypeError, ValueError):
        object.__setattr__(target, name, value)
