"""What the tests share: the gateways the node test started (their URLs come in the environment),
reading their audit log, approving review items, and a scripted local HTTP server for retries."""

from __future__ import annotations

import json
import os
import threading
import time
import unittest
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional, Tuple


def gateway(name: str) -> str:
    """A gateway URL from the environment (test/clients/python-client.test.ts sets them)."""
    url = os.environ.get(name)
    if not url:
        raise unittest.SkipTest("%s is not set: run these tests through `npm test` (test/clients/python-client.test.ts)" % name)
    return url


def http_json(method: str, url: str, body: Any = None) -> Tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def recorded(base: str, agent_id: str) -> List[str]:
    """The pre-check and post-check rows of an agent, oldest first, as kind:action:outcome."""
    _, page = http_json("GET", "%s/v1/audit/executions?agent_id=%s&limit=100" % (base, agent_id))
    rows = [r for r in page["items"] if r["kind"] in ("pre_check", "post_check")]
    return ["%s:%s:%s" % (r["kind"], r.get("action") or "", r["outcome"]) for r in reversed(rows)]


def approve_when_queued(base: str, agent_id: str, outcome: str = "approve") -> threading.Thread:
    """A reviewer in another thread: waits for the agent's open review item, then resolves it."""
    def review() -> None:
        for _ in range(300):
            _, queue = http_json("GET", "%s/v1/review/queue?status=open&agent_id=%s" % (base, agent_id))
            if queue["items"]:
                item = queue["items"][0]["envelope_id"]
                http_json("POST", "%s/v1/review/queue/%s/resolution" % (base, item), {"outcome": outcome, "note": "checked", "reviewer_id": "user:rita"})
                return
            time.sleep(0.05)
    thread = threading.Thread(target=review, daemon=True)
    thread.start()
    return thread


Handler = Callable[[BaseHTTPRequestHandler, Dict[str, Any]], Tuple[int, Dict[str, str], Any]]


class ScriptedServer:
    """A real local HTTP server whose answers the test scripts per path; records every request."""

    def __init__(self) -> None:
        self.routes: Dict[str, Handler] = {}
        self.received: List[Dict[str, Any]] = []
        outer = self

        class RequestHandler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def handle_any(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"null") if length else None
                record = {"method": self.command, "path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}
                outer.received.append(record)
                handler = outer.routes.get(self.path.split("?")[0])
                status, headers, answer = handler(self, record) if handler else (404, {}, {"code": "NOT_FOUND"})
                if status == 0:
                    # A dropped connection: close without answering.
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                payload = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(payload)

            do_GET = handle_any
            do_POST = handle_any

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), RequestHandler)
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


APPROVE = {"envelope_id": "0190aaaa-0000-7000-8000-000000000001", "pre_check_envelope_id": "0190aaaa-0000-7000-8000-000000000000", "decision": {"outcome": "approve", "reason": "ok"}}


def answer(status: int, body: Any, headers: Optional[Dict[str, str]] = None) -> Handler:
    return lambda _handler, _record: (status, headers or {}, body)
