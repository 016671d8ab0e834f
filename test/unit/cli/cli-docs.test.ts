// docs/cli.md is where the README sends readers for "every command and its options": its synopsis
// must name each command `govgate --help` knows, with every option that command takes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMANDS } from '../../../src/cli/command-help.ts';

const DOC = readFileSync(path.join(import.meta.dirname, '../../../docs/cli.md'), 'utf8');
const SYNOPSIS = /```\n(govgate [\s\S]*?)```/.exec(DOC)?.[1] ?? '';

for (const [command, help] of Object.entries(COMMANDS)) {
  test(`docs/cli.md's synopsis has govgate ${command} and its options`, () => {
    const lines = SYNOPSIS.split('\n').filter((line) => line === `govgate ${command}` || line.startsWith(`govgate ${command} `));
    assert.ok(lines.length > 0, `a "govgate ${command}" line`);
    const text = lines.join('\n');
    const missing = (help.options ?? []).filter((option) => !new RegExp(`--${option}\\b`).test(text));
    assert.deepEqual(missing, [], `options of govgate ${command} missing from its synopsis`);
  });
}
