"""The response shapes the client returns (the gateway's /openapi.json schemas, the fields an
agent reads). Plain dicts at run time; these TypedDicts are for type checkers."""

from __future__ import annotations

import sys
from typing import Any, Dict, List, Optional

if sys.version_info >= (3, 11):
    from typing import NotRequired, TypedDict
else:  # pragma: no cover - Python 3.9 and 3.10
    from typing import TypedDict

    NotRequired = Optional  # type: ignore[assignment]


class Decision(TypedDict):
    outcome: str
    reason: str
    policy_version: str
    score_version: str
    reviewer_id: Optional[str]
    review_deadline: Optional[str]
    judge_latency_ms: Optional[float]


class ReviewItem(TypedDict, total=False):
    envelope_id: str
    status: str
    revision: int
    required_approvals: int


class PreCheckResponse(TypedDict):
    envelope_id: str
    validation: Dict[str, Any]
    risk: Dict[str, Any]
    decision: Decision
    latency_ms: float
    governance_disclosure: str
    review: NotRequired[ReviewItem]


class PostCheckResponse(TypedDict):
    envelope_id: str
    pre_check_envelope_id: str
    validation: Dict[str, Any]
    risk: Dict[str, Any]
    decision: Decision
    latency_ms: float
    trust_chain: Optional[Dict[str, Any]]
    governance_disclosure: str
    confidence_rationale: str


class FieldError(TypedDict):
    path: str
    message: str


OPEN_REVIEW_STATES = frozenset({"pending", "claimed"})
FRAMEWORKS: List[str] = ["LangChain", "LangGraph", "CrewAI", "OpenAI Agents", "Claude Agents", "MCP", "Custom", "REST"]
