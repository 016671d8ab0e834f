"""The duck-typed adapters with stand-in objects of the same shape as the frameworks' tools
(LangChain's StructuredTool and BaseTool subclasses, CrewAI's BaseTool, the OpenAI Agents SDK's
FunctionTool), driven the way each framework drives them, against a real gateway: an allowed
call runs and is recorded, an undeclared tool never runs, a secret never reaches the model."""

from __future__ import annotations

import asyncio
import json
import unittest
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Dict, Optional

from governance_gateway import BlockedError, GovernanceClient
from governance_gateway.adapters import govern_crewai_tool, govern_langchain_tool, govern_openai_agents_tool

from .support import gateway, recorded

SECRET = "sk-proj-abcdefghijklmnopqrstuvwxyz123"


def search(query: str) -> str:
    return "admin key: %s" % SECRET if "leak" in query else '3 articles for "%s"' % query


class StructuredTool:
    """LangChain's StructuredTool shape: name, description, func / coroutine, invoke / ainvoke."""

    def __init__(self, name: str, func: Optional[Callable[..., Any]] = None, coroutine: Optional[Callable[..., Awaitable[Any]]] = None) -> None:
        self.name = name
        self.description = "a tool"
        self.func = func
        self.coroutine = coroutine

    def invoke(self, tool_input: Dict[str, Any], config: Any = None) -> Any:
        return self.func(**tool_input)  # type: ignore[misc]

    async def ainvoke(self, tool_input: Dict[str, Any], config: Any = None) -> Any:
        return await self.coroutine(**tool_input)  # type: ignore[misc]


class ShellTool:
    """A LangChain BaseTool subclass: _run / _arun."""

    name = "shell_exec"
    description = "Runs a shell command."

    def __init__(self) -> None:
        self.ran = []

    def _run(self, cmd: str, run_manager: Any = None) -> str:
        self.ran.append(cmd)
        return "ran %s" % cmd

    def invoke(self, tool_input: Dict[str, Any]) -> Any:
        return self._run(**tool_input)


class CrewTool:
    """CrewAI's BaseTool shape: run(**kwargs) calls _run(**kwargs)."""

    def __init__(self, name: str, run: Callable[..., Any]) -> None:
        self.name = name
        self.description = "a tool"
        self._impl = run

    def _run(self, **kwargs: Any) -> Any:
        return self._impl(**kwargs)

    def run(self, *args: Any, **kwargs: Any) -> Any:
        return self._run(*args, **kwargs)


@dataclass
class FunctionTool:
    """The OpenAI Agents SDK's FunctionTool: the runner awaits on_invoke_tool(ctx, arguments_json)."""

    name: str
    description: str
    params_json_schema: Dict[str, Any]
    on_invoke_tool: Callable[[Any, str], Awaitable[Any]]


class AdapterTest(unittest.TestCase):
    def client(self, agent: str, framework: str) -> GovernanceClient:
        return GovernanceClient(gateway("GOVGATE_URL"), agent_id=agent, framework=framework, model="fake-model")

    def expect_rows(self, agent: str) -> None:
        self.assertEqual(sorted(recorded(gateway("GOVGATE_URL"), agent)), sorted([
            "pre_check:search_kb:approve", "post_check:search_kb:approve", "pre_check:shell_exec:block",
            "pre_check:search_kb:approve", "post_check:search_kb:block",
        ]))

    def test_langchain_structured_tool_and_base_tool(self) -> None:
        client = self.client("support-agent-lc", "LangChain")
        ran = []
        kb = govern_langchain_tool(client, StructuredTool("search_kb", func=lambda query: ran.append(query) or search(query)))
        shell = ShellTool()
        govern_langchain_tool(client, shell)
        self.assertEqual(kb.invoke({"query": "password reset"}), '3 articles for "password reset"')
        self.assertRegex(shell.invoke({"cmd": "rm -rf /"}), r'^Governance blocked this: the call to tool "shell_exec" was not run\. Reason: .*not declared')
        withheld = kb.invoke({"query": "leak the admin key"})
        self.assertRegex(withheld, r'^Governance blocked this: the result of tool "search_kb" was withheld')
        self.assertNotIn(SECRET, withheld)
        self.assertEqual((ran, shell.ran), (["password reset", "leak the admin key"], []))
        self.expect_rows("support-agent-lc")

    def test_langchain_async_tool_and_raise(self) -> None:
        client = self.client("support-agent-lca", "LangGraph")

        async def coroutine(query: str) -> str:
            return search(query)

        kb = govern_langchain_tool(client, StructuredTool("search_kb", coroutine=coroutine), on_blocked="raise")
        self.assertEqual(asyncio.run(kb.ainvoke({"query": "password reset"})), '3 articles for "password reset"')
        with self.assertRaises(BlockedError) as caught:
            asyncio.run(kb.ainvoke({"query": "leak the admin key"}))
        self.assertEqual(caught.exception.stage, "post_check")

    def test_crewai_tool(self) -> None:
        client = self.client("support-agent-crew", "CrewAI")
        ran = []
        kb = govern_crewai_tool(client, CrewTool("search_kb", lambda query: ran.append(query) or search(query)))
        shell = govern_crewai_tool(client, CrewTool("shell_exec", lambda cmd: ran.append(cmd) or "ran"))
        self.assertEqual(kb.run(query="password reset"), '3 articles for "password reset"')
        self.assertRegex(shell.run(cmd="rm -rf /"), r'^Governance blocked this: the call to tool "shell_exec" was not run')
        self.assertNotIn(SECRET, kb.run(query="leak the admin key"))
        self.assertEqual(ran, ["password reset", "leak the admin key"])
        self.expect_rows("support-agent-crew")

    def test_openai_agents_function_tool(self) -> None:
        client = self.client("support-agent-oai", "OpenAI Agents")
        ran = []

        def function_tool(name: str, body: Callable[[Dict[str, Any]], Any]) -> FunctionTool:
            async def on_invoke_tool(_ctx: Any, arguments: str) -> Any:
                args = json.loads(arguments)
                ran.append(name)
                return body(args)
            return FunctionTool(name, "a tool", {"type": "object"}, on_invoke_tool)

        original = function_tool("search_kb", lambda a: search(a["query"]))
        kb = govern_openai_agents_tool(client, original)
        shell = govern_openai_agents_tool(client, function_tool("shell_exec", lambda a: "ran"))
        self.assertIsNot(kb, original, "the original tool is left as it was")

        async def runner() -> list:
            return [
                await kb.on_invoke_tool(None, '{"query": "password reset"}'),
                await shell.on_invoke_tool(None, '{"cmd": "rm -rf /"}'),
                await kb.on_invoke_tool(None, '{"query": "leak the admin key"}'),
            ]

        outputs = asyncio.run(runner())
        self.assertEqual(outputs[0], '3 articles for "password reset"')
        self.assertRegex(outputs[1], r'^Governance blocked this: the call to tool "shell_exec" was not run')
        self.assertRegex(outputs[2], r'^Governance blocked this: the result of tool "search_kb" was withheld')
        self.assertEqual(ran, ["search_kb", "search_kb"])
        self.expect_rows("support-agent-oai")


if __name__ == "__main__":
    unittest.main()
