// OpenAI-style tool calls carry their arguments as a JSON string inside the body. The engines
// parse that string (governance/tool-calls.ts), so it is held to the same strict rules as the
// body itself, here, where a refusal can still name the field.

import { JsonValueBudget, parseStrictJson } from '../json/index.ts';
import { strictJsonProblem } from '../http/index.ts';

/** Throws the strict parser's 422 for the first string `arguments` in `execution.tools_called` that it refuses. */
export function checkToolCallArguments(body: unknown): void {
  const calls = (body as { execution?: { tools_called?: unknown } } | null)?.execution?.tools_called;
  if (!Array.isArray(calls)) return;
  // The strings together hold at most as many values as one body may: the engines walk them all.
  const budget = new JsonValueBudget();
  calls.forEach((call: unknown, index) => {
    if (call === null || typeof call !== 'object') return;
    const item = call as { arguments?: unknown; function?: { arguments?: unknown } };
    check(item.arguments, `execution.tools_called[${index}].arguments`, budget);
    if (item.function !== null && typeof item.function === 'object') check(item.function.arguments, `execution.tools_called[${index}].function.arguments`, budget);
  });
}

function check(raw: unknown, path: string, budget: JsonValueBudget): void {
  if (typeof raw !== 'string') return;
  try {
    parseStrictJson(raw, { budget });
  } catch (error) {
    const problem = strictJsonProblem(error, `The JSON string at ${path}`, path);
    // Arguments that are not JSON at all are read as no arguments (tool trust flags the call), as before.
    if (problem.code !== 'INVALID_JSON') throw problem;
  }
}
