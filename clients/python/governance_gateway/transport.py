"""One HTTP exchange with the gateway (urllib, no third-party dependency), with the headers every
call carries and the retry rules: 429 is retried after Retry-After (the gateway did nothing, so
any call may repeat), 503 with exponential backoff only for calls that are safe to repeat (GET,
and post-check, which the gateway makes idempotent), as is a failed connection. Both bounded by max_retries and
max_retry_delay."""

from __future__ import annotations

import email.utils
import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Dict, Mapping, Optional, Tuple

from .errors import error_for


def retry_after_seconds(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After as seconds (delta) or an HTTP date; None when absent or unreadable."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


class Transport:
    def __init__(
        self,
        base_url: str,
        token: Optional[str] = None,
        agent_id: Optional[str] = None,
        max_retries: int = 3,
        max_retry_delay: float = 30.0,
        backoff: float = 0.25,
        timeout: float = 30.0,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        # Checked once, here, so a typo fails at start-up rather than at the first tool call.
        parts = urllib.parse.urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError("base_url: %r is not an http(s) URL (e.g. http://localhost:8765)" % (base_url,))
        for name, value in (("max_retries", max_retries), ("max_retry_delay", max_retry_delay), ("backoff", backoff), ("timeout", timeout)):
            if not isinstance(value, (int, float)) or value < 0:
                raise ValueError("%s: must be a number >= 0, got %r" % (name, value))
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.agent_id = agent_id
        self.max_retries = max_retries
        self.max_retry_delay = max_retry_delay
        self.backoff = backoff
        self.timeout = timeout
        self.headers = dict(headers or {})

    def headers_for(self, request_id: str, has_body: bool, agent_id: Optional[str]) -> Dict[str, str]:
        headers = {"Accept": "application/json, application/problem+json", "X-Request-Id": request_id}
        headers.update(self.headers)
        if has_body:
            headers["Content-Type"] = "application/json"
        if self.token:
            # The embedded gateway reads Authorization, the edge gateway X-Service-Token: send both.
            headers["Authorization"] = "Bearer " + self.token
            headers["X-Service-Token"] = self.token
        agent = agent_id or self.agent_id
        if agent:
            headers["X-Agent-ID"] = agent
        return headers

    def send(
        self,
        method: str,
        path: str,
        body: Any = None,
        idempotent: bool = False,
        agent_id: Optional[str] = None,
        extra_timeout: float = 0.0,
    ) -> Tuple[int, Any, Mapping[str, str]]:
        request_id = str(uuid.uuid4())
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = self.headers_for(request_id, data is not None, agent_id)
        attempt = 0
        while True:
            request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout + extra_timeout) as response:
                    return response.status, _parse(response.read()), dict(response.headers.items())
            except urllib.error.HTTPError as error:
                status = error.code
                payload = _parse(error.read())
                response_headers = dict(error.headers.items()) if error.headers else {}
            except (urllib.error.URLError, ConnectionError) as error:
                # A connection that failed (reset, refused: a gateway restarting) is retried like a
                # 503, and only when the call is safe to repeat; a timeout is not retried.
                timed_out = isinstance(getattr(error, "reason", error), TimeoutError) or isinstance(error, TimeoutError)
                if timed_out or not idempotent or attempt >= self.max_retries:
                    raise
                time.sleep(self._backoff(attempt))
                attempt += 1
                continue
            retry_after = retry_after_seconds(_header(response_headers, "retry-after"))
            delay = self.retry_delay(status, retry_after, attempt, idempotent)
            if delay is None:
                problem = payload if isinstance(payload, dict) else {"detail": str(payload)[:500]}
                raise error_for(status, problem, request_id, retry_after)
            time.sleep(delay)
            attempt += 1

    def retry_delay(self, status: int, retry_after: Optional[float], attempt: int, idempotent: bool) -> Optional[float]:
        """How long to wait before the next attempt, or None to give up."""
        if attempt >= self.max_retries:
            return None
        if status == 429:
            delay = self._backoff(attempt) if retry_after is None else retry_after
            return None if delay > self.max_retry_delay else delay
        if status == 503 and idempotent:
            return min(self.max_retry_delay, self._backoff(attempt) if retry_after is None else retry_after)
        return None

    def _backoff(self, attempt: int) -> float:
        base = self.backoff * (2 ** attempt)
        return min(self.max_retry_delay, base / 2 + random.random() * base / 2)


def _header(headers: Mapping[str, str], name: str) -> Optional[str]:
    for key, value in headers.items():
        if key.lower() == name:
            return value
    return None


def _parse(raw: bytes) -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return raw.decode("utf-8", "replace")
