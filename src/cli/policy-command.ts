// `govgate policy test [DIR]` runs the bundle's test cases (tests/*.yaml, or tests__*.yaml in a flat
// bundle) and prints a pass/fail line per case, exiting 1 if any fails; `govgate policy lint [DIR]`
// compiles the bundle and reads the cases without running them. DIR defaults to POLICIES_DIR, then
// ./policies.

import path from 'node:path';
import { ConfigFileError, formatConfigFileIssue } from '../config/index.ts';
import { PolicyLoadError, formatPolicyIssue, loadPolicyBundleSync, type PolicyBundle } from '../policy/index.ts';
import { UsageError } from './serve-command.ts';
import { listTestFiles, readTestCases, type PolicyTestCase } from './policy-test-cases.ts';
import { runPolicyTest, type PolicyTestResult } from './policy-test-runner.ts';

export interface PolicyFlags {
  run?: string;
  json?: boolean;
}

type Out = (text: string) => void;

const USAGE = 'usage: govgate policy test [DIR] [--run PATTERN] [--json] | govgate policy lint [DIR]';

export async function policyCommand(args: string[], flags: PolicyFlags, out: Out = (text) => process.stdout.write(text)): Promise<number> {
  const [sub, dirArg, ...rest] = args;
  if ((sub !== 'test' && sub !== 'lint') || rest.length > 0) throw new UsageError(USAGE);
  const dir = dirArg ?? process.env.POLICIES_DIR ?? './policies';
  const loaded = load(dir, out);
  if (loaded === undefined) return 1;
  const { bundle, cases, files } = loaded;
  if (sub === 'lint') {
    const shadow = bundle.rules.filter((rule) => rule.mode === 'shadow').length;
    out(`${display(dir)}: valid, policy_version ${bundle.version}\n`);
    out(`  ${bundle.agents.length} agent catalogs, ${bundle.rules.length} rules (${shadow} in shadow mode), ${cases.length} test cases in ${files} files\n`);
    return 0;
  }
  const pattern = flags.run === undefined ? undefined : compilePattern(flags.run);
  const selected = cases.filter((testCase) => pattern === undefined || pattern.test(testCase.name));
  const results = selected.map((testCase) => runPolicyTest(bundle, testCase));
  if (flags.json) out(JSON.stringify(jsonReport(bundle, results), null, 2) + '\n');
  else printReport(bundle, results, out);
  return results.every((result) => result.passed) ? 0 : 1;
}

/** The bundle and its cases, or undefined after printing every problem. */
export function load(dir: string, out: Out): { bundle: PolicyBundle; cases: PolicyTestCase[]; files: number } | undefined {
  let bundle: PolicyBundle | undefined;
  const problems: string[] = [];
  try {
    bundle = loadPolicyBundleSync(dir);
  } catch (error) {
    if (!(error instanceof PolicyLoadError)) throw error;
    problems.push(...error.issues.map(formatPolicyIssue));
  }
  let files: string[] = [];
  let cases: PolicyTestCase[] = [];
  try {
    files = listTestFiles(dir, display);
    cases = readTestCases(files, display);
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    problems.push(...error.issues.map(formatConfigFileIssue));
  }
  if (bundle === undefined || problems.length > 0) {
    out(`${display(dir)} is invalid (${problems.length === 1 ? '1 problem' : `${problems.length} problems`}):\n`);
    for (const problem of problems) out(`  ${problem}\n`);
    return undefined;
  }
  return { bundle, cases, files: files.length };
}

function printReport(bundle: PolicyBundle, results: readonly PolicyTestResult[], out: Out): void {
  out(`policy ${bundle.version}\n`);
  let file: string | undefined;
  for (const result of results) {
    if (result.case.file !== file) {
      file = result.case.file;
      out(`\n${file}\n`);
    }
    out(`  ${result.passed ? 'PASS' : 'FAIL'}  ${result.case.name}\n`);
    for (const mismatch of result.mismatches) out(`          ${mismatch}\n`);
  }
  const failed = results.filter((result) => !result.passed).length;
  out(`\n${results.length - failed} passed, ${failed} failed\n`);
}

function jsonReport(bundle: PolicyBundle, results: readonly PolicyTestResult[]): object {
  return {
    policy_version: bundle.version,
    passed: results.filter((result) => result.passed).length,
    failed: results.filter((result) => !result.passed).length,
    cases: results.map((result) => ({
      file: result.case.file, line: result.case.line, name: result.case.name, passed: result.passed, mismatches: result.mismatches,
      outcome: result.result?.outcome ?? null,
      rules: result.result?.rules_fired.map((rule) => rule.rule_id) ?? [],
      shadow: result.result?.shadow_matches.map((rule) => rule.rule_id) ?? [],
    })),
  };
}

function compilePattern(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch (error) {
    throw new UsageError(`--run "${source}" is not a valid regular expression: ${(error as Error).message}`);
  }
}

function display(file: string): string {
  const rel = path.relative(process.cwd(), path.resolve(file));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : path.resolve(file);
}
