// A static type check of a parsed CEL expression against the rule environment: unknown variables,
// misspelt fields of known records, unknown functions, calls no overload accepts (`"a" + 1`,
// `scores.policy + 1` mixing double and int), comparisons that can never be true, and a result
// that is not a bool. Anything typed `dyn` (params, output) is checked at run time instead.

import type { parse } from '@bufbuild/cel';
import type { CelFunc } from '@bufbuild/cel';
import { closestName } from './closest-name.ts';
import {
  BOOL, DYN, INT, STRING, UINT, fits, fromCelType, isNumeric, listOf, mapOf, neverEqual, sameType, typeName, type RuleType,
} from './cel-types.ts';
import { RULE_ENV, RULE_VARIABLE_TYPES } from './rule-environment.ts';

type Parsed = ReturnType<typeof parse>;
type Expr = Parsed['expr'];

export interface TypeProblem {
  /** Offset into the expression text. */
  offset: number;
  message: string;
}

const OPERATORS: Readonly<Record<string, string>> = {
  '_+_': '+', '_-_': '-', '_*_': '*', '_/_': '/', '_%_': '%', '-_': '-', '!_': '!',
  '_<_': '<', '_<=_': '<=', '_>_': '>', '_>=_': '>=', '@in': 'in', '_==_': '==', '_!=_': '!=',
};
const FUNCTION_NAMES = [...new Set([...RULE_ENV.funcs].map((func) => func.name))].filter((name) => !/[_@!-]/.test(name[0]));

class Scope {
  readonly #vars: ReadonlyMap<string, RuleType>;
  readonly #parent: Scope | undefined;

  constructor(vars: Record<string, RuleType>, parent?: Scope) {
    this.#vars = new Map(Object.entries(vars));
    this.#parent = parent;
  }

  lookup(name: string): RuleType | undefined {
    return this.#vars.get(name) ?? this.#parent?.lookup(name);
  }

  push(vars: Record<string, RuleType>): Scope {
    return new Scope(vars, this);
  }

  /** True when `name` resolves to the outermost scope (a rule variable, not a loop variable). */
  isRoot(name: string): boolean {
    if (this.#parent === undefined) return this.#vars.has(name);
    return !this.#vars.has(name) && this.#parent.isRoot(name);
  }

  names(): string[] {
    return [...this.#vars.keys(), ...(this.#parent?.names() ?? [])].filter((name) => !name.startsWith('@'));
  }
}

export interface RuleExpressionCheck {
  problems: TypeProblem[];
  /** The rule variables the expression reads (`session`, `output`, ...), in name order. */
  reads: string[];
}

/** `variables`: what the expression may read; a rule's by default (a grant condition reads only `args`). */
export function checkRuleExpression(parsed: Parsed, variables: Readonly<Record<string, RuleType>> = RULE_VARIABLE_TYPES): RuleExpressionCheck {
  const checker = new Checker(parsed);
  const root = new Scope({ ...variables });
  const type = checker.check(parsed.expr, root);
  if (!fits(type, BOOL)) {
    checker.problems.push({ offset: 0, message: `must evaluate to a bool (true = the rule fires), but this expression is ${article(typeName(type))}` });
  }
  return { problems: checker.problems.sort((a, b) => a.offset - b.offset), reads: [...checker.reads].sort() };
}

function article(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

class Checker {
  readonly problems: TypeProblem[] = [];
  readonly reads = new Set<string>();
  readonly #positions: Readonly<Record<string, number>>;

  constructor(parsed: Parsed) {
    this.#positions = (parsed.sourceInfo?.positions ?? {}) as Record<string, number>;
  }

  #report(expr: Expr, message: string, shift = 0): void {
    this.problems.push({ offset: (this.#positions[String(expr.id)] ?? 0) + shift, message });
  }

  check(expr: Expr, scope: Scope): RuleType {
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'constExpr': return constantType(kind.value.constantKind.case);
      case 'identExpr': {
        const type = scope.lookup(kind.value.name);
        if (type !== undefined && Object.hasOwn(RULE_VARIABLE_TYPES, kind.value.name) && scope.isRoot(kind.value.name)) this.reads.add(kind.value.name);
        if (type !== undefined) return type;
        const guess = closestName(kind.value.name, scope.names());
        this.#report(expr, `undeclared reference to '${kind.value.name}'${guess ? ` (did you mean '${guess}'?)` : ''}; the variables are ${scope.names().join(', ')}`);
        return DYN;
      }
      case 'selectExpr': {
        const { operand, field, testOnly } = kind.value;
        const type = this.#field(expr, operand ? this.check(operand, scope) : DYN, field);
        return testOnly ? BOOL : type;
      }
      case 'callExpr': return this.#call(expr, kind.value, scope);
      case 'listExpr': return listOf(common(kind.value.elements.map((element) => this.check(element, scope))));
      case 'structExpr': {
        if (kind.value.messageName !== '') {
          this.#report(expr, `cannot build a ${kind.value.messageName}: rules have no message types, only maps and lists`);
          return DYN;
        }
        const values = kind.value.entries.map((entry) => {
          if (entry.keyKind.case === 'mapKey') this.check(entry.keyKind.value, scope);
          return entry.value ? this.check(entry.value, scope) : DYN;
        });
        return mapOf(common(values));
      }
      case 'comprehensionExpr': return this.#comprehension(kind.value, scope);
      default: return DYN;
    }
  }

  #field(expr: Expr, base: RuleType, field: string): RuleType {
    switch (base.kind) {
      case 'record': {
        const type = base.fields[field];
        if (type !== undefined) return type;
        const known = Object.keys(base.fields);
        const guess = closestName(field, known);
        this.#report(expr, `${base.name} has no field '${field}' (${guess ? `did you mean '${guess}'? ` : ''}its fields: ${known.join(', ')})`, 1);
        return DYN;
      }
      case 'map': return base.value;
      case 'dyn': return DYN;
      default:
        this.#report(expr, `cannot read field '${field}' of ${article(typeName(base))}`, 1);
        return DYN;
    }
  }

  #call(expr: Expr, call: Extract<Expr['exprKind'], { case: 'callExpr' }>['value'], scope: Scope): RuleType {
    const name = call.function;
    if (name === '_&&_' || name === '_||_' || name === '@not_strictly_false') {
      for (const arg of call.args) {
        const type = this.check(arg, scope);
        if (!fits(type, BOOL)) this.#report(arg, `${name === '_&&_' ? '&&' : name === '_||_' ? '||' : 'a condition'} needs bool operands, not ${article(typeName(type))}`);
      }
      return BOOL;
    }
    if (name === '_?_:_') {
      const [condition, yes, no] = call.args.map((arg) => this.check(arg, scope));
      if (!fits(condition, BOOL)) this.#report(call.args[0], `the condition of ?: must be a bool, not ${article(typeName(condition))}`);
      return yes && no && sameType(yes, no) ? yes : DYN;
    }
    if (name === '_[_]') return this.#index(call.args[0], call.args[1], scope);
    if (name === '_==_' || name === '_!=_') {
      const [left, right] = call.args.map((arg) => this.check(arg, scope));
      if (left && right && neverEqual(left, right)) {
        this.#report(expr, `compares ${article(typeName(left))} with ${article(typeName(right))}, which are never equal`);
      }
      return BOOL;
    }
    // `strings.quote(x)` parses as a method on an identifier `strings` that is not a variable.
    const qualified = call.target?.exprKind.case === 'identExpr' && scope.lookup(call.target.exprKind.value.name) === undefined
      ? `${call.target.exprKind.value.name}.${name}` : undefined;
    if (qualified !== undefined && RULE_ENV.funcs.find(qualified) !== undefined) return this.#overload(expr, qualified, undefined, call.args, scope);
    return this.#overload(expr, name, call.target, call.args, scope);
  }

  #overload(expr: Expr, name: string, target: Expr | undefined, args: readonly Expr[], scope: Scope): RuleType {
    const targetType = target ? this.check(target, scope) : undefined;
    const argTypes = args.map((arg) => this.check(arg, scope));
    const label = OPERATORS[name] ?? name;
    const group = RULE_ENV.funcs.find(name);
    if (group === undefined) {
      const guess = closestName(name, FUNCTION_NAMES);
      this.#report(expr, `unknown function '${name}'${guess ? ` (did you mean '${guess}'?)` : ''}`);
      return DYN;
    }
    const shaped = [...group].filter((func) => (func.target !== undefined) === (target !== undefined) && func.arguments.length === args.length);
    if (shaped.length === 0) {
      this.#report(expr, `'${label}' is not called like this: ${describeForms(name, [...group])}`);
      return DYN;
    }
    const matching = shaped.filter((func) =>
      (targetType === undefined || func.target === undefined || fits(targetType, fromCelType(func.target)))
      && func.arguments.every((param, index) => fits(argTypes[index], fromCelType(param))));
    if (matching.length === 0) {
      const operands = [...(targetType ? [targetType] : []), ...argTypes];
      const mixed = operands.filter(isNumeric).map(typeName);
      const hint = new Set(mixed).size > 1 ? ': CEL does not mix int and double in arithmetic; write 1.0 instead of 1, or convert with double()' : '';
      this.#report(expr, `no '${label}' for (${operands.map(typeName).join(', ')})${hint}`);
      return DYN;
    }
    const results = [...new Set(matching.map((func) => typeName(fromCelType(func.result))))];
    return results.length === 1 ? fromCelType(matching[0].result) : DYN;
  }

  #index(baseExpr: Expr, indexExpr: Expr, scope: Scope): RuleType {
    const base = this.check(baseExpr, scope);
    const index = this.check(indexExpr, scope);
    switch (base.kind) {
      case 'list':
        if (!fits(index, INT) && !fits(index, UINT)) this.#report(indexExpr, `a list index must be an int, not ${article(typeName(index))}`);
        return base.element;
      case 'map':
        if (!fits(index, STRING)) this.#report(indexExpr, `a map key here is a string, not ${article(typeName(index))}`);
        return base.value;
      case 'record': {
        const key = indexExpr.exprKind.case === 'constExpr' && indexExpr.exprKind.value.constantKind.case === 'stringValue'
          ? indexExpr.exprKind.value.constantKind.value : undefined;
        if (key !== undefined) return this.#field(indexExpr, base, key);
        if (!fits(index, STRING)) this.#report(indexExpr, `a ${base.name} field name is a string, not ${article(typeName(index))}`);
        return DYN;
      }
      case 'dyn': return DYN;
      default:
        this.#report(baseExpr, `cannot index ${article(typeName(base))}`);
        return DYN;
    }
  }

  #comprehension(loop: Extract<Expr['exprKind'], { case: 'comprehensionExpr' }>['value'], scope: Scope): RuleType {
    const range = loop.iterRange ? this.check(loop.iterRange, scope) : DYN;
    let first: RuleType = DYN;
    let second: RuleType = DYN;
    if (range.kind === 'list') [first, second] = loop.iterVar2 ? [INT, range.element] : [range.element, DYN];
    else if (range.kind === 'map') [first, second] = [STRING, range.value];
    else if (range.kind === 'record') [first, second] = [STRING, DYN];
    else if (range.kind !== 'dyn' && loop.iterRange) this.#report(loop.iterRange, `cannot iterate over ${article(typeName(range))}`);
    const accumulator = loop.accuInit ? this.check(loop.accuInit, scope) : DYN;
    const inner = scope.push({
      [loop.iterVar]: first, ...(loop.iterVar2 ? { [loop.iterVar2]: second } : {}), [loop.accuVar]: accumulator,
    });
    if (loop.loopCondition) this.check(loop.loopCondition, inner);
    if (loop.loopStep) this.check(loop.loopStep, inner);
    return loop.result ? this.check(loop.result, scope.push({ [loop.accuVar]: accumulator })) : DYN;
  }
}

function constantType(kind: string | undefined): RuleType {
  switch (kind) {
    case 'boolValue': return BOOL;
    case 'int64Value': return INT;
    case 'uint64Value': return UINT;
    case 'doubleValue': return { kind: 'scalar', name: 'double' };
    case 'stringValue': return STRING;
    case 'bytesValue': return { kind: 'scalar', name: 'bytes' };
    case 'nullValue': return { kind: 'scalar', name: 'null_type' };
    default: return DYN;
  }
}

function common(types: readonly RuleType[]): RuleType {
  return types.length > 0 && types.every((type) => sameType(type, types[0])) ? types[0] : DYN;
}

function describeForms(name: string, funcs: readonly CelFunc[]): string {
  const forms = new Set(funcs.map((func) => {
    const params = func.arguments.map((param) => typeName(fromCelType(param))).join(', ');
    return func.target ? `x.${name}(${params})` : `${name}(${params})`;
  }));
  return [...forms].slice(0, 6).join(', ');
}
