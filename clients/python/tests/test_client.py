"""The Python client against real gateways: both credential headers, sdk_version and the 426
version error, typed errors, the review long-poll (sync and asyncio), and retries of 429 / 503."""

from __future__ import annotations

import asyncio
import os
import unittest
from email.utils import formatdate

from governance_gateway import (
    SDK_VERSION, AsyncGovernanceClient, AuthError, BlockedError, GovernanceClient, RateLimitError, UnavailableError,
    ValidationError, VersionError, retry_after_seconds,
)

from .support import APPROVE, ScriptedServer, answer, approve_when_queued, gateway, recorded

READ_INVOICE = ("invoicepay.get_invoice", {"invoice_id": "INV-20260042"})


class VersionTest(unittest.TestCase):
    def test_sdk_version_is_the_package_version(self) -> None:
        pyproject = os.path.join(os.path.dirname(__file__), "..", "pyproject.toml")
        with open(pyproject, encoding="utf-8") as handle:
            self.assertIn('version = "%s"' % SDK_VERSION, handle.read())


class GatewayTest(unittest.TestCase):
    def test_one_token_on_both_variants(self) -> None:
        token = os.environ.get("GOVGATE_TOKEN", "")
        for name in ("GOVGATE_AUTH_EMBEDDED_URL", "GOVGATE_AUTH_EDGE_URL"):
            client = GovernanceClient(gateway(name), token=token, agent_id="payments-agent-1", framework="CrewAI")
            result = client.pre_check(*READ_INVOICE)
            self.assertEqual(result["decision"]["outcome"], "approve", name)
            post = client.post_check(result["envelope_id"], {"invoice_id": "INV-20260042", "amount": 1200})
            self.assertEqual(post["pre_check_envelope_id"], result["envelope_id"])
            with self.assertRaises(AuthError) as caught:
                GovernanceClient(gateway(name), token="not-a-token", agent_id="payments-agent-1").pre_check(*READ_INVOICE)
            self.assertEqual((caught.exception.status, caught.exception.code), (401, "UNAUTHENTICATED"))

    def test_a_block_raises_with_the_decision_and_envelope_id(self) -> None:
        base = gateway("GOVGATE_URL")
        client = GovernanceClient(base, agent_id="payments-agent-7")
        with self.assertRaises(BlockedError) as caught:
            client.pre_check("invoicepay.delete_supplier", {"supplier_id": "S-1"})
        error = caught.exception
        self.assertEqual((error.stage, error.outcome), ("pre_check", "block"))
        self.assertRegex(error.decision["reason"], "not declared")
        self.assertEqual(recorded(base, "payments-agent-7"), ["pre_check:invoicepay.delete_supplier:block"])
        returned = client.pre_check("invoicepay.delete_supplier", {"supplier_id": "S-1"}, throw_on_block=False)
        self.assertEqual(returned["decision"]["outcome"], "block")

    def test_422_lists_the_fields(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            GovernanceClient(gateway("GOVGATE_URL")).pre_check("search_kb", agent_id="bad agent id!")
        self.assertEqual(caught.exception.status, 422)
        self.assertIn("agent_id", [f["path"] for f in caught.exception.fields])

    def test_426_is_a_version_error(self) -> None:
        with self.assertRaises(VersionError) as caught:
            GovernanceClient(gateway("GOVGATE_OLD_URL"), agent_id="payments-agent-1").pre_check(*READ_INVOICE)
        self.assertEqual((caught.exception.status, caught.exception.minimum_version), (426, "99.0.0"))

    def test_wait_for_review_returns_once_a_human_approves(self) -> None:
        base = gateway("GOVGATE_OPS_URL")
        client = GovernanceClient(base, agent_id="ops-agent-py1")
        reviewer = approve_when_queued(base, "ops-agent-py1")
        result = client.pre_check("restart_service", {"service": "billing"}, wait_for_review=30)
        reviewer.join()
        self.assertEqual(result["review"]["status"], "approved")
        post = client.post_check(result["envelope_id"], {"restarted": "billing"})
        self.assertNotEqual(post["decision"]["outcome"], "block")

    def test_a_rejection_ends_the_wait_blocked(self) -> None:
        base = gateway("GOVGATE_OPS_URL")
        client = GovernanceClient(base, agent_id="ops-agent-py2")
        reviewer = approve_when_queued(base, "ops-agent-py2", outcome="reject")
        with self.assertRaises(BlockedError) as caught:
            client.pre_check("restart_service", {"service": "billing"}, wait_for_review=30)
        reviewer.join()
        self.assertEqual(caught.exception.review_status, "rejected")
        with self.assertRaises(BlockedError) as at_once:
            client.pre_check("restart_service", {"service": "search"})
        self.assertEqual(at_once.exception.review_href, "/v1/review/queue/%s" % at_once.exception.envelope_id)

    def test_asyncio_api(self) -> None:
        base = gateway("GOVGATE_OPS_URL")

        async def scenario() -> None:
            client = AsyncGovernanceClient(base, agent_id="ops-agent-py3")
            reviewer = approve_when_queued(base, "ops-agent-py3")
            waited = await client.pre_check("restart_service", {"service": "billing"}, wait_for_review=30)
            reviewer.join()
            self.assertEqual(waited["review"]["status"], "approved")

            async def run() -> dict:
                return {"restarted": "billing"}

            second = approve_when_queued(base, "ops-agent-py3")
            output, pre, post = await client.govern_call("restart_service", {"service": "billing"}, run, wait_for_review=30)
            second.join()
            self.assertEqual(output, {"restarted": "billing"})
            self.assertEqual(post["pre_check_envelope_id"], pre["envelope_id"])

        asyncio.run(scenario())


class OptionsTest(unittest.TestCase):
    def test_options_are_checked_when_the_client_is_made(self) -> None:
        with self.assertRaisesRegex(ValueError, "base_url"):
            GovernanceClient("localhost:8765")
        with self.assertRaisesRegex(ValueError, "max_retries"):
            GovernanceClient("http://localhost:8765", max_retries=-1)


class ScriptedTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = ScriptedServer()
        self.addCleanup(self.server.close)

    def test_headers_and_sdk_version(self) -> None:
        self.server.routes["/v1/runtime/pre-check"] = answer(200, APPROVE)
        GovernanceClient(self.server.url + "/", token="tok-123", agent_id="kb-agent-1").pre_check("search_kb", {"query": "x"})
        request = self.server.received[0]
        self.assertEqual(request["headers"]["authorization"], "Bearer tok-123")
        self.assertEqual(request["headers"]["x-service-token"], "tok-123")
        self.assertEqual(request["headers"]["x-agent-id"], "kb-agent-1")
        self.assertRegex(request["headers"]["x-request-id"], r"^[0-9a-f-]{36}$")
        self.assertEqual((request["body"]["sdk_version"], request["body"]["agent_id"]), (SDK_VERSION, "kb-agent-1"))

    def test_429_is_retried_after_retry_after(self) -> None:
        calls = []

        def limited(_handler, _record):
            calls.append(1)
            return (429, {"Retry-After": "0"}, {"code": "RATE_LIMITED"}) if len(calls) < 3 else (200, {}, APPROVE)

        self.server.routes["/v1/runtime/pre-check"] = limited
        result = GovernanceClient(self.server.url, agent_id="a-1").pre_check("search_kb")
        self.assertEqual(result["envelope_id"], APPROVE["envelope_id"])
        self.assertEqual(len(calls), 3)
        self.assertEqual(len({r["headers"]["x-request-id"] for r in self.server.received}), 1, "one request id across retries")

        self.server.routes["/v1/runtime/validate"] = answer(429, {"code": "RATE_LIMITED"}, {"Retry-After": "0"})
        before = len(self.server.received)
        with self.assertRaises(RateLimitError) as caught:
            GovernanceClient(self.server.url, agent_id="a-1", max_retries=2).validate({"user": "u", "input": "i"}, {"model": "m"}, {})
        self.assertEqual(caught.exception.retry_after, 0)
        self.assertEqual(len(self.server.received) - before, 3)

        self.server.routes["/v1/runtime/post-check"] = answer(429, {"code": "RATE_LIMITED"}, {"Retry-After": "3600"})
        before = len(self.server.received)
        with self.assertRaises(RateLimitError):
            GovernanceClient(self.server.url, max_retry_delay=1).post_check(APPROVE["pre_check_envelope_id"], {})
        self.assertEqual(len(self.server.received) - before, 1, "a Retry-After past max_retry_delay is not waited for")

    def test_503_is_retried_for_idempotent_calls_only(self) -> None:
        posts = []

        def flaky(_handler, _record):
            posts.append(1)
            return (503, {}, {"code": "LEDGER_UNAVAILABLE"}) if len(posts) < 3 else (200, {}, APPROVE)

        self.server.routes["/v1/runtime/post-check"] = flaky
        self.server.routes["/v1/runtime/pre-check"] = answer(503, {"code": "LEDGER_UNAVAILABLE"})
        client = GovernanceClient(self.server.url, agent_id="a-1", backoff=0.001)
        client.post_check(APPROVE["pre_check_envelope_id"], "text")
        self.assertEqual(len(posts), 3)
        self.assertEqual(self.server.received[-1]["body"]["output"], {"result": "text"})
        before = len(self.server.received)
        with self.assertRaises(UnavailableError) as caught:
            client.pre_check("search_kb")
        self.assertEqual(caught.exception.code, "LEDGER_UNAVAILABLE")
        self.assertEqual(len(self.server.received) - before, 1, "a pre-check is not repeated after a 503")

    def test_a_failed_connection_is_retried_for_idempotent_calls_only(self) -> None:
        posts = []

        def dropped_once(_handler, _record):
            posts.append(1)
            return (0, {}, None) if len(posts) == 1 else (200, {}, APPROVE)

        self.server.routes["/v1/runtime/post-check"] = dropped_once
        self.server.routes["/v1/runtime/pre-check"] = answer(0, None)
        client = GovernanceClient(self.server.url, agent_id="a-1", backoff=0.001)
        client.post_check(APPROVE["pre_check_envelope_id"], {})
        self.assertEqual(len(posts), 2)
        before = len(self.server.received)
        with self.assertRaises(OSError):
            client.pre_check("search_kb")
        self.assertEqual(len(self.server.received) - before, 1, "a pre-check is not repeated after a failed connection")

    def test_retry_after_forms(self) -> None:
        self.assertEqual(retry_after_seconds("7"), 7)
        self.assertEqual(retry_after_seconds(formatdate(1_900_000_010, usegmt=True), now=1_900_000_000), 10)
        self.assertIsNone(retry_after_seconds("soon"))
        self.assertIsNone(retry_after_seconds(None))


if __name__ == "__main__":
    unittest.main()
