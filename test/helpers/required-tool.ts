// A tool some tests need (PostgreSQL, Helm, ...), found or not on this machine. When it is
// missing, those tests skip with one visible line saying what to install, so `npm test` passes
// on a fresh clone; REQUIRE_<TOOL>=1 (CI sets it) turns the skip into a failure, so CI never
// goes green by skipping.

import * as nodeTest from 'node:test';

export interface ToolProbe {
  /** false when the tool is there; otherwise the one line saying why the tests skip. */
  skip: string | false;
}

export interface MissingTool {
  /** What the tests are called in the line: "PostgreSQL", "Helm chart". */
  tests: string;
  /** The variable that makes a skip a failure: REQUIRE_POSTGRES, REQUIRE_HELM. */
  requireVariable: string;
  /** Why it is missing and what to install or set. */
  reason: string;
}

/** The probe for a missing tool: a skip, or a thrown error when REQUIRE_<TOOL>=1. */
export function missingTool(tool: MissingTool, env: NodeJS.ProcessEnv = process.env): ToolProbe {
  if (env[tool.requireVariable] === '1') {
    throw new Error(`${tool.tests} tests are required (${tool.requireVariable}=1): ${tool.reason}`);
  }
  return { skip: `${tool.tests} tests skipped: ${tool.reason} (${tool.requireVariable}=1 makes this a failure)` };
}

export const TOOL_FOUND: ToolProbe = { skip: false };

export interface ToolTests {
  test: typeof nodeTest.test;
  describe: typeof nodeTest.describe;
  after: typeof nodeTest.after;
}

/**
 * `test`, `describe` and `after` for a file whose tests all need the tool. Without it, the file
 * reports one skipped test carrying the reason (one line in the report, not one per test) and
 * registers nothing else.
 */
export function testsNeeding(probe: ToolProbe): ToolTests {
  if (!probe.skip) return { test: nodeTest.test, describe: nodeTest.describe, after: nodeTest.after };
  nodeTest.test(probe.skip, { skip: true }, () => {});
  const ignored = (() => {}) as unknown;
  return { test: ignored as typeof nodeTest.test, describe: ignored as typeof nodeTest.describe, after: ignored as typeof nodeTest.after };
}
