// The `code.regExp` engine for ajv: JSON Schema `pattern` and `patternProperties` in the bundle's
// schemas are authored, and the strings they test come from agents and tools, so they run on the
// linear-time engine too. ajv keys compiled patterns by toString() and calls only test().

import { compileLinearPattern } from './linear-pattern.ts';

export function linearRegExpEngine(pattern: string, u: string): { test(text: string): boolean; toString(): string } {
  return compileLinearPattern(pattern, u);
}
// ajv writes this into generated code only for standalone output, which the gateway does not use.
linearRegExpEngine.code = 'linearRegExpEngine';
