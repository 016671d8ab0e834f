"""Duck-typed adapters: they only read and replace attributes that LangChain/LangGraph, CrewAI and
the OpenAI Agents SDK tools have, so none of those packages is imported (or needed) here."""

from .crewai import govern_crewai_tool
from .langchain import govern_langchain_tool
from .openai_agents import govern_openai_agents_tool

__all__ = ["govern_crewai_tool", "govern_langchain_tool", "govern_openai_agents_tool"]
