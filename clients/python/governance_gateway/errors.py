"""Typed errors. Every refusal is a problem+json body with a stable ``code``; these classes sort
them into what an agent does next: upgrade (426), fix the request (422), fix credentials
(401/402/403), back off (429/503), or not run the tool (a block)."""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional


class GatewayError(Exception):
    """Any non-2xx answer from the gateway, with its problem body."""

    def __init__(self, status: int, problem: Mapping[str, Any], request_id: str) -> None:
        self.status = status
        self.problem: Dict[str, Any] = dict(problem)
        self.code: str = str(problem.get("code") or "HTTP_%d" % status)
        self.request_id = request_id
        detail = problem.get("detail") or problem.get("title") or "the gateway refused the request"
        super().__init__("%d %s: %s" % (status, self.code, detail))


class VersionError(GatewayError):
    """426: this library is older than the gateway accepts."""

    @property
    def minimum_version(self) -> Optional[str]:
        value = self.problem.get("minimum_sdk_version")
        return value if isinstance(value, str) else None


class ValidationError(GatewayError):
    """422 (and 400): the request does not match the schema; ``fields`` lists every failing field."""

    @property
    def fields(self) -> List[Dict[str, str]]:
        errors = self.problem.get("errors")
        return list(errors) if isinstance(errors, list) else []


class AuthError(GatewayError):
    """401, 402, 403: missing or invalid credentials, or a tier without the feature."""


class RateLimitError(GatewayError):
    """429 after the retries ran out."""

    def __init__(self, status: int, problem: Mapping[str, Any], request_id: str, retry_after: Optional[float]) -> None:
        super().__init__(status, problem, request_id)
        self.retry_after = retry_after


class UnavailableError(GatewayError):
    """503 after the retries ran out, or at once for a call that is not safe to repeat."""


class BlockedError(Exception):
    """Governance said no: the tool must not run (pre-check) or its output must not be released (post-check)."""

    def __init__(
        self,
        stage: str,
        envelope_id: str,
        decision: Mapping[str, Any],
        response: Mapping[str, Any],
        review_href: Optional[str] = None,
        review_status: Optional[str] = None,
        reason: Optional[str] = None,
    ) -> None:
        self.stage = stage
        self.envelope_id = envelope_id
        self.decision: Dict[str, Any] = dict(decision)
        self.response: Dict[str, Any] = dict(response)
        self.review_href = review_href
        self.review_status = review_status
        super().__init__("%s %s (envelope %s): %s" % (stage, decision.get("outcome"), envelope_id, reason or decision.get("reason")))

    @property
    def outcome(self) -> str:
        return str(self.decision.get("outcome"))


def error_for(status: int, problem: Mapping[str, Any], request_id: str, retry_after: Optional[float]) -> GatewayError:
    """The error class for an HTTP status."""
    if status == 426:
        return VersionError(status, problem, request_id)
    if status in (400, 422):
        return ValidationError(status, problem, request_id)
    if status in (401, 402, 403):
        return AuthError(status, problem, request_id)
    if status == 429:
        return RateLimitError(status, problem, request_id, retry_after)
    if status == 503:
        return UnavailableError(status, problem, request_id)
    return GatewayError(status, problem, request_id)
