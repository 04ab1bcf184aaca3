// JSON with exact amounts. JSON.parse turns 123456789.123456789 into the nearest double, so answers are read with
// this small reader instead: an amount (a field named `...Usdc`, `amount`, `allowance`, `walletBalance`, or a
// coupon's `percentOff`) becomes
// the JSON number's exact text as a string, and so does any other number with a fraction, an exponent or more than
// 2^53 in magnitude; the remaining integers (counts, chain ids, seconds) stay numbers. Requests are written by
// `writeJson`, which writes amounts given as strings verbatim as JSON numbers after checking their form.

/** The form of an amount the client writes: digits, and at most six decimals (USDC has six). */
export const AMOUNT_PATTERN = /^-?\d+(\.\d{1,6})?$/;

/** True for the fields whose numbers are exact decimals: USDC amounts, and a coupon's percentage. */
export function isAmountKey(key: string | undefined): boolean {
  return (
    key !== undefined &&
    (key.endsWith('Usdc') || key === 'amount' || key === 'allowance' || key === 'walletBalance' || key === 'percentOff')
  );
}

/** Raised for text that is not JSON; the client reports it as an `api_error`. */
export class JsonSyntaxError extends Error {}

/** Parses `text` as JSON, keeping amounts and unsafe numbers as their exact decimal text. */
export function parseJson(text: string): unknown {
  const reader = new Reader(text);
  reader.space();
  const value = reader.value(undefined);
  reader.space();
  if (reader.at < text.length) {
    throw reader.fail('text after the JSON value');
  }
  return value;
}

class Reader {
  at = 0;

  constructor(private readonly text: string) {}

  fail(what: string): JsonSyntaxError {
    return new JsonSyntaxError(`invalid JSON at ${this.at}: ${what}`);
  }

  space(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at]!)) {
      this.at++;
    }
  }

  value(key: string | undefined): unknown {
    const c = this.text[this.at];
    if (c === '{') return this.object();
    if (c === '[') return this.array(key);
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number(key);
    for (const [word, literal] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return literal;
      }
    }
    throw this.fail('unexpected character');
  }

  private object(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    this.at++;
    this.space();
    if (this.text[this.at] === '}') {
      this.at++;
      return result;
    }
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') throw this.fail('expected a field name');
      const name = this.string();
      this.space();
      if (this.text[this.at] !== ':') throw this.fail("expected ':'");
      this.at++;
      this.space();
      // defineProperty: a field named __proto__ is an ordinary field, as with JSON.parse.
      Object.defineProperty(result, name, { value: this.value(name), enumerable: true, writable: true, configurable: true });
      this.space();
      const next = this.text[this.at++];
      if (next === '}') return result;
      if (next !== ',') throw this.fail("expected ',' or '}'");
    }
  }

  private array(key: string | undefined): unknown[] {
    const result: unknown[] = [];
    this.at++;
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return result;
    }
    for (;;) {
      this.space();
      result.push(this.value(key));
      this.space();
      const next = this.text[this.at++];
      if (next === ']') return result;
      if (next !== ',') throw this.fail("expected ',' or ']'");
    }
  }

  private string(): string {
    const start = this.at;
    this.at++;
    while (this.at < this.text.length) {
      const c = this.text[this.at];
      if (c === '\\') {
        this.at += 2;
      } else if (c === '"') {
        this.at++;
        // The quoted text has been delimited; JSON.parse decodes its escapes exactly.
        return JSON.parse(this.text.slice(start, this.at)) as string;
      } else {
        this.at++;
      }
    }
    throw this.fail('unterminated string');
  }

  private number(key: string | undefined): number | string {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.at, this.at + 400));
    if (!match) throw this.fail('bad number');
    this.at += match[0].length;
    const text = match[0];
    if (isAmountKey(key) || match[2] !== undefined || match[3] !== undefined) {
      return text;
    }
    const integer = Number(text);
    return Number.isSafeInteger(integer) ? integer : text;
  }
}

/** A USDC amount in a request: a decimal string (exact) or a number (written as its shortest decimal form). */
export type AmountInput = string | number;

/** Thrown before sending when a request holds an amount that is not a decimal with at most six places. */
export class AmountFormatError extends Error {
  constructor(
    readonly param: string,
    value: unknown,
  ) {
    super(`${param} must be a decimal with at most 6 places (like "12.5"), not ${String(value)}`);
  }
}

/** Writes `value` as JSON, amounts (see `isAmountKey`) as JSON numbers with exactly the given digits. */
export function writeJson(value: unknown): string {
  return write(value, undefined, false);
}

function write(value: unknown, key: string | undefined, plain: boolean): string {
  if (value === null) return 'null';
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return write((value as { toJSON(): unknown }).toJSON(), key, plain);
  }
  switch (typeof value) {
    case 'boolean':
      return String(value);
    case 'number':
      if (!Number.isFinite(value)) throw new AmountFormatError(key ?? 'value', value);
      return !plain && isAmountKey(key) ? amount(key!, String(value)) : JSON.stringify(value);
    case 'bigint':
      return value.toString();
    case 'string':
      return !plain && isAmountKey(key) ? amount(key!, value) : JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return '[' + value.map((item) => (item === undefined ? 'null' : write(item, key, plain))).join(',') + ']';
      }
      const fields: string[] = [];
      for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
        if (field === undefined || typeof field === 'function') continue;
        // Metadata and a meter event's payload are the caller's own fields: a key named like an amount there is no
        // amount.
        fields.push(JSON.stringify(name) + ':' + write(field, name, plain || name === 'metadata' || name === 'payload'));
      }
      return '{' + fields.join(',') + '}';
    }
    default:
      throw new TypeError(`cannot write ${typeof value} as JSON`);
  }
}

function amount(key: string, text: string): string {
  if (!AMOUNT_PATTERN.test(text)) throw new AmountFormatError(key, text);
  return text;
}
