"""The client: pre-check, post-check and validate with ``sdk_version`` in every runtime body, both
credential headers, and the review long-poll. A decision other than approve raises BlockedError
by default, so an agent cannot run a tool by forgetting to read the outcome; ``throw_on_block=False``
returns it instead. AsyncGovernanceClient runs the same calls in a worker thread."""

from __future__ import annotations

import asyncio
import functools
import json
import time
import urllib.parse
from typing import Any, Awaitable, Callable, Dict, Mapping, Optional, Tuple, TypeVar, cast

from .errors import BlockedError
from .transport import Transport
from .types import OPEN_REVIEW_STATES, PostCheckResponse, PreCheckResponse, ReviewItem
from .version import SDK_VERSION

T = TypeVar("T")

REVIEW_POLL_MAX_SECONDS = 60


def as_output_object(value: Any) -> Dict[str, Any]:
    """A post-check output must be a JSON object: anything else is wrapped as ``{"result": value}``."""
    plain = json.loads(json.dumps(value, default=str))
    if isinstance(plain, dict):
        return plain
    return {"result": plain}


class GovernanceClient:
    def __init__(
        self,
        base_url: str,
        token: Optional[str] = None,
        agent_id: Optional[str] = None,
        framework: str = "Custom",
        model: Optional[str] = None,
        session_id: Optional[str] = None,
        max_retries: int = 3,
        max_retry_delay: float = 30.0,
        backoff: float = 0.25,
        timeout: float = 30.0,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        self.agent_id = agent_id
        self.framework = framework
        self.model = model
        self.session_id = session_id
        self.transport = Transport(base_url, token, agent_id, max_retries, max_retry_delay, backoff, timeout, headers)

    def _agent(self, agent_id: Optional[str]) -> str:
        agent = agent_id or self.agent_id
        if not agent:
            raise ValueError("agent_id is required: pass it in the call or as agent_id to the client")
        return agent

    def pre_check(
        self,
        action: str,
        params: Optional[Mapping[str, Any]] = None,
        *,
        agent_id: Optional[str] = None,
        input: str = "",
        user: str = "",
        wait_for_review: Optional[float] = None,
        throw_on_block: bool = True,
    ) -> PreCheckResponse:
        """Decide whether a proposed action may run. Approve returns; anything else raises BlockedError."""
        agent = self._agent(agent_id)
        body: Dict[str, Any] = {
            "agent_id": agent, "framework": self.framework, "action": action, "params": dict(params or {}),
            "input": input, "user": user, "sdk_version": SDK_VERSION,
        }
        if self.model:
            body["model"] = self.model
        if self.session_id:
            body["session_id"] = self.session_id
        _, answer, headers = self.transport.send("POST", "/v1/runtime/pre-check", body, idempotent=False, agent_id=agent)
        return cast(PreCheckResponse, self._settle("pre_check", answer, headers, wait_for_review, throw_on_block))

    def post_check(
        self,
        pre_check_envelope_id: str,
        output: Any,
        execution: Optional[Mapping[str, Any]] = None,
        *,
        throw_on_block: bool = True,
    ) -> PostCheckResponse:
        """Decide whether an executed action's output may be released. Safe to repeat."""
        body = {
            "pre_check_envelope_id": pre_check_envelope_id,
            "execution": dict({"model": self.model or "unknown"}, **dict(execution or {})),
            "output": as_output_object(output),
            "sdk_version": SDK_VERSION,
        }
        _, answer, headers = self.transport.send("POST", "/v1/runtime/post-check", body, idempotent=True)
        return cast(PostCheckResponse, self._settle("post_check", answer, headers, None, throw_on_block))

    def validate(
        self,
        request: Mapping[str, Any],
        execution: Mapping[str, Any],
        output: Any,
        *,
        agent_id: Optional[str] = None,
        wait_for_review: Optional[float] = None,
        throw_on_block: bool = True,
        **extra: Any,
    ) -> Dict[str, Any]:
        """Both gates at once, after the agent ran."""
        agent = self._agent(agent_id)
        body = dict(extra, agent_id=agent, framework=extra.get("framework", self.framework), request=dict(request),
                    execution=dict(execution), output=as_output_object(output), sdk_version=SDK_VERSION)
        _, answer, headers = self.transport.send("POST", "/v1/runtime/validate", body, idempotent=False, agent_id=agent)
        return self._settle("validate", answer, headers, wait_for_review, throw_on_block)

    def review_item(self, envelope_id: str, wait: Optional[float] = None, revision: Optional[int] = None) -> ReviewItem:
        """One review item; with ``wait``, long-polls until it changes after ``revision`` (at most 60 s)."""
        query: Dict[str, str] = {}
        seconds = 0
        if wait is not None:
            seconds = max(0, min(REVIEW_POLL_MAX_SECONDS, int(-(-wait // 1))))
            query["wait"] = str(seconds)
        if revision is not None:
            query["revision"] = str(revision)
        path = "/v1/review/queue/" + urllib.parse.quote(envelope_id, safe="")
        if query:
            path += "?" + urllib.parse.urlencode(query)
        _, item, _ = self.transport.send("GET", path, idempotent=True, extra_timeout=float(seconds))
        return cast(ReviewItem, item)

    def wait_for_review(self, envelope_id: str, seconds: float) -> ReviewItem:
        """Long-polls a review item until a human decides it or ``seconds`` pass; returns it either way."""
        deadline = time.monotonic() + seconds
        item = self.review_item(envelope_id)
        while item.get("status") in OPEN_REVIEW_STATES and time.monotonic() < deadline:
            item = self.review_item(envelope_id, wait=max(1.0, deadline - time.monotonic()), revision=item.get("revision"))
        return item

    def govern_call(
        self,
        action: str,
        params: Optional[Mapping[str, Any]],
        run: Callable[[], T],
        *,
        input: str = "",
        wait_for_review: Optional[float] = None,
    ) -> Tuple[T, PreCheckResponse, PostCheckResponse]:
        """Pre-check, run, post-check: ``run`` is called only when the pre-check approves, and its
        output is returned only when the post-check approves. The adapters are built on this."""
        pre = self.pre_check(action, params, input=input, wait_for_review=wait_for_review)
        started = time.monotonic()
        output = run()
        post = self.post_check(pre["envelope_id"], output, self._execution(action, params, output, started))
        return output, pre, post

    def _execution(self, action: str, params: Optional[Mapping[str, Any]], output: Any, started: float) -> Dict[str, Any]:
        return {
            "tools_called": [{"name": action, "arguments": dict(params or {})}],
            "tool_results": [as_output_object(output)],
            "latency_ms": round((time.monotonic() - started) * 1000, 3),
        }

    def _settle(self, stage: str, answer: Dict[str, Any], headers: Mapping[str, str], wait_for_review: Optional[float], throw_on_block: bool) -> Dict[str, Any]:
        outcome = answer["decision"]["outcome"]
        if outcome == "approve" or (not throw_on_block and not wait_for_review):
            return answer
        waits = outcome in ("escalate", "request_evidence")
        href = next((v for k, v in headers.items() if k.lower() == "location"), None)
        if waits and wait_for_review:
            review = self.wait_for_review(answer["envelope_id"], wait_for_review)
            result = dict(answer, review=review)
            if review.get("status") == "approved" or not throw_on_block:
                return result
            status = review.get("status")
            reason = "still waiting for a human review (%s)" % status if status in OPEN_REVIEW_STATES else "the human review ended %s" % status
            raise BlockedError(stage, answer["envelope_id"], answer["decision"], answer, href, status, reason)
        if not throw_on_block:
            return answer
        raise BlockedError(stage, answer["envelope_id"], answer["decision"], answer, href if waits else None, "pending" if waits else None)


class AsyncGovernanceClient:
    """The same API for asyncio: each call runs the blocking client in a worker thread, so the
    event loop never waits on the network (and a long-poll for a review blocks nothing)."""

    def __init__(self, base_url: str, **options: Any) -> None:
        self.sync = GovernanceClient(base_url, **options)

    @classmethod
    def wrapping(cls, client: GovernanceClient) -> "AsyncGovernanceClient":
        """The asyncio API over an existing client (same settings, same connection options)."""
        instance = cls.__new__(cls)
        instance.sync = client
        return instance

    async def _run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, functools.partial(fn, *args, **kwargs))

    async def pre_check(self, action: str, params: Optional[Mapping[str, Any]] = None, **options: Any) -> PreCheckResponse:
        return await self._run(self.sync.pre_check, action, params, **options)

    async def post_check(self, pre_check_envelope_id: str, output: Any, execution: Optional[Mapping[str, Any]] = None, **options: Any) -> PostCheckResponse:
        return await self._run(self.sync.post_check, pre_check_envelope_id, output, execution, **options)

    async def validate(self, request: Mapping[str, Any], execution: Mapping[str, Any], output: Any, **options: Any) -> Dict[str, Any]:
        return await self._run(self.sync.validate, request, execution, output, **options)

    async def review_item(self, envelope_id: str, wait: Optional[float] = None, revision: Optional[int] = None) -> ReviewItem:
        return await self._run(self.sync.review_item, envelope_id, wait, revision)

    async def wait_for_review(self, envelope_id: str, seconds: float) -> ReviewItem:
        return await self._run(self.sync.wait_for_review, envelope_id, seconds)

    async def govern_call(
        self,
        action: str,
        params: Optional[Mapping[str, Any]],
        run: Callable[[], Awaitable[T]],
        *,
        input: str = "",
        wait_for_review: Optional[float] = None,
    ) -> Tuple[T, PreCheckResponse, PostCheckResponse]:
        """As GovernanceClient.govern_call, with an async ``run``."""
        pre = await self.pre_check(action, params, input=input, wait_for_review=wait_for_review)
        started = time.monotonic()
        output = await run()
        post = await self.post_check(pre["envelope_id"], output, self.sync._execution(action, params, output, started))
        return output, pre, post
