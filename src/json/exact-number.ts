// When is a JSON number safe to govern? When every reader agrees on its value: the tool may read
// it as a 64-bit float (JavaScript, most JSON libraries), as an integer or as a decimal. The
// gateway reads floats, so a number passes only when its text is exactly the decimal the float
// it reads back prints as (the shortest round-trip form). 1e309 (Infinity), 1e-400 (0),
// 9007199254740993 (read as ...992) and 0.1000000000000000055511 (read as 0.1) are refused;
// 100, 0.1, 1e21, 12.50 and 9007199254740992 pass. A cap check then compares the value the
// upstream reads, whatever its parser.

/** True when the JSON number `literal` denotes exactly `value` (Number(literal)) as its shortest decimal. */
export function isExactNumberText(literal: string, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  // At most 15 significant digits and no exponent: a double holds every such decimal (DBL_DIG is
  // 15) and its magnitude stays far from the subnormal range. The common case costs nothing more.
  if (literal.length <= 15 && !/[eE]/.test(literal)) return true;
  // What JavaScript (and most serialisers) write: the shortest round-trip form itself.
  if (literal === String(value)) return true;
  return decimalForm(literal) === decimalForm(String(Math.abs(value)));
}

/** `digits` and `exponent` with value = 0.digits x 10^exponent, no leading or trailing zeros ('0' for zero). */
function decimalForm(text: string): string {
  let mantissa = text.startsWith('-') ? text.slice(1) : text;
  let exponent = 0;
  const e = mantissa.search(/[eE]/);
  if (e !== -1) {
    exponent = Number(mantissa.slice(e + 1));
    mantissa = mantissa.slice(0, e);
  }
  const point = mantissa.indexOf('.');
  let digits = point === -1 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  exponent += point === -1 ? mantissa.length : point;
  let lead = 0;
  while (lead < digits.length && digits[lead] === '0') lead++;
  digits = digits.slice(lead);
  exponent -= lead;
  let end = digits.length;
  while (end > 0 && digits[end - 1] === '0') end--;
  digits = digits.slice(0, end);
  return digits === '' ? '0' : `${digits}e${exponent}`;
}
