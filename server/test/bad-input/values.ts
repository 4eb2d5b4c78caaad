import type { JsonSchema } from './routes.ts'
import { typeOf, uuidOf } from './samples.ts'

// What a careless or hostile client sends instead of the right value. Each value has a label for
// the report. Strings reach the database; numbers reach integer columns and LIMITs; cursors are
// decoded by hand-written code.

export interface Bad {
  label: string
  value: unknown
}

const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff'

/** Strings that are wrong in content rather than type; `max` is the field's own limit. */
export function badStrings(max: number | undefined): Bad[] {
  const over = (max ?? 1000) + 1
  return [
    { label: 'NUL', value: 'a\u0000b' },
    { label: 'only NUL', value: '\u0000' },
    { label: 'C0 controls', value: 'a\u0001\u0007\u0008\u000b\u001b[31m\u001f' },
    { label: 'DEL and C1 controls', value: 'a\u007f\u0085\u009b' },
    { label: 'zero-width only', value: ZERO_WIDTH.repeat(3) },
    { label: 'spaces only', value: ' \t\n\u00a0\u3000 ' },
    { label: 'bidi override', value: '\u202egnp.exe' },
    { label: 'lone surrogate', value: 'a\ud800b' },
    { label: 'emoji', value: '😀👩‍👩‍👧‍👦' },
    { label: 'empty', value: '' },
    { label: `over the limit (${over})`, value: 'x'.repeat(over) },
    { label: `emoji over the limit (${over})`, value: '😀'.repeat(over) },
    { label: 'very long (200,000)', value: 'y'.repeat(200_000) },
  ]
}

export const HUGE_NUMBERS: Bad[] = [
  { label: '1e308', value: 1e308 },
  { label: '2^53', value: 2 ** 53 },
  { label: '2^53 + 2', value: 2 ** 53 + 2 },
  { label: '2^31', value: 2 ** 31 },
  { label: '-2^31 - 1', value: -(2 ** 31) - 1 },
  { label: '-1', value: -1 },
  { label: '0', value: 0 },
  { label: '1.5', value: 1.5 },
  { label: '1e-300', value: 1e-300 },
]

/** Values of the wrong JSON type for a node of this schema. */
export function wrongTypes(schema: JsonSchema): Bad[] {
  const type = typeOf(schema)
  const all: Bad[] = [
    { label: 'null', value: null },
    { label: 'true', value: true },
    { label: 'number', value: 7 },
    { label: 'string', value: '7' },
    { label: 'object', value: { nested: 'x' } },
    { label: 'array', value: ['x'] },
  ]
  const same: Record<string, string[]> = {
    string: ['string'],
    integer: ['number'],
    number: ['number'],
    boolean: ['true'],
    array: ['array'],
    object: ['object'],
  }
  return all.filter((b) => !(type && same[type]?.includes(b.label)))
}

/** The bad values for one field of a JSON body, by what the schema says it is. */
export function badValuesFor(schema: JsonSchema): Bad[] {
  const type = typeOf(schema)
  const bad = wrongTypes(schema)
  if (schema.enum || 'const' in schema) {
    bad.push(
      { label: 'unknown choice', value: 'not-a-choice' },
      { label: 'choice with NUL', value: `${String(schema.enum?.[0] ?? schema.const)}\u0000` },
      { label: 'choice in capitals', value: String(schema.enum?.[0] ?? schema.const).toUpperCase() },
    )
  } else if (type === 'string') {
    bad.push(...badStrings(schema.maxLength))
    if (schema.format === 'uuid') bad.push(...NOT_IDS.slice(0, 4))
  } else if (type === 'integer' || type === 'number') {
    bad.push(...HUGE_NUMBERS, { label: 'numeric string', value: '1e308' })
  } else if (type === 'boolean') {
    bad.push({ label: '"false"', value: 'false' }, { label: '0', value: 0 })
  } else if (type === 'array') {
    bad.push(
      { label: 'array of nulls', value: [null, null] },
      { label: 'array of NUL strings', value: ['\u0000'] },
      { label: 'array of 5,000', value: Array.from({ length: 5000 }, (_, i) => `v${i}`) },
      { label: 'nested arrays', value: [[[['x']]]] },
    )
  } else if (type === 'object') {
    bad.push(
      { label: 'prototype key', value: JSON.parse('{"__proto__":{"polluted":true}}') },
      { label: 'NUL key', value: { 'a\u0000': 'x' } },
    )
  }
  return bad
}

/** Path or id values that are not ids (already URL-encoded for a path segment). */
export const NOT_IDS: Bad[] = [
  { label: 'not a uuid', value: 'not-an-id' },
  { label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'uuid in capitals', value: uuidOf(0xabcdef).toUpperCase() },
  { label: 'uuid with NUL', value: `${uuidOf(0xabcdef)}\u0000` },
]

/** Path parameter values, URL-encoded as they travel. */
export const BAD_PATH_SEGMENTS: Bad[] = [
  { label: 'NUL', value: '%00' },
  { label: 'NUL inside', value: 'a%00b' },
  { label: 'C0 controls', value: '%01%07%1B%1F' },
  { label: 'DEL', value: '%7F' },
  { label: 'zero-width', value: '%E2%80%8B%E2%80%8B' },
  { label: 'emoji', value: '%F0%9F%98%80' },
  { label: 'invalid UTF-8', value: '%C3%28%FF' },
  { label: 'bad percent-encoding', value: '%ZZ' },
  { label: 'dot segments', value: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'spaces', value: '%20%20' },
  { label: 'long (300)', value: 'x'.repeat(300) },
  { label: 'very long (5,000)', value: 'x'.repeat(5000) },
  { label: 'not a uuid', value: 'not-an-id' },
  { label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'huge number', value: '99999999999999999999' },
  { label: 'negative', value: '-1' },
]

/** Query string values, URL-encoded. */
export const BAD_QUERY_VALUES: Bad[] = [
  { label: 'NUL', value: 'a%00b' },
  { label: 'C0 controls', value: '%01%07%1B%1F' },
  { label: 'zero-width only', value: '%E2%80%8B%E2%80%8B%E2%80%8B' },
  { label: 'invalid UTF-8', value: '%C3%28%FF' },
  { label: 'bad percent-encoding', value: '%ZZ' },
  { label: 'empty', value: '' },
  { label: 'very long (5,000)', value: 'q'.repeat(5000) },
  { label: '1e308', value: '1e308' },
  { label: '2^53 + 1', value: '9007199254740993' },
  { label: '2^31', value: '2147483648' },
  { label: '-1', value: '-1' },
  { label: '1.5', value: '1.5' },
  { label: 'NaN', value: 'NaN' },
  { label: 'Infinity', value: 'Infinity' },
  { label: 'hex number', value: '0x10' },
]

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const someId = uuidOf(0xc0ffee)

/** Page cursors made by hand: the server's own shape with values it never writes, and garbage. */
export const BAD_CURSORS: Bad[] = [
  { label: 'year 0 date', value: base64url(['d', '0000-01-01T00:00:00.000Z', someId]) },
  { label: 'year 275760 date', value: base64url(['d', '+275760-09-13T00:00:00.000Z', someId]) },
  { label: 'not a date', value: base64url(['d', 'yesterday', someId]) },
  { label: 'max safe integer', value: base64url(['n', 9007199254740991, someId]) },
  { label: 'integer past int4', value: base64url(['n', 2 ** 31, someId]) },
  { label: 'float', value: base64url(['n', 1.5, someId]) },
  { label: 'string key, bad id', value: base64url(['s', 'x', 'not-a-uuid']) },
  { label: 'NUL in key', value: base64url(['s', 'a\u0000b', someId]) },
  { label: 'NUL in id', value: base64url(['d', '2024-01-01T00:00:00.000Z', `${someId}\u0000`]) },
  { label: 'unknown kind', value: base64url(['z', 1, someId]) },
  { label: 'object', value: base64url({ d: 1 }) },
  { label: 'empty array', value: base64url([]) },
  { label: 'not JSON', value: Buffer.from('not json').toString('base64url') },
  { label: 'not base64', value: '!!!***' },
  { label: 'NUL', value: '%00' },
]

/** Bodies that are not the JSON they claim to be, or not JSON at all. */
export const RAW_BODIES: { label: string; body: string; contentType: string }[] = [
  { label: 'truncated JSON', body: '{"a":', contentType: 'application/json' },
  { label: 'not JSON', body: 'nul', contentType: 'application/json' },
  { label: 'empty JSON body', body: '', contentType: 'application/json' },
  { label: 'JSON null', body: 'null', contentType: 'application/json' },
  { label: 'JSON array', body: '[]', contentType: 'application/json' },
  { label: 'JSON string', body: '"x"', contentType: 'application/json' },
  { label: 'two documents', body: '{}{}', contentType: 'application/json' },
  { label: 'raw NUL byte', body: '{"a":"\u0000"}', contentType: 'application/json' },
  { label: 'byte order mark', body: '\ufeff{}', contentType: 'application/json' },
  {
    label: 'deep nesting (5,000)',
    body: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    contentType: 'application/json',
  },
  { label: 'UTF-16 charset', body: '{}', contentType: 'application/json; charset=utf-16' },
  { label: 'multipart without boundary', body: 'x', contentType: 'multipart/form-data' },
  {
    label: 'multipart with a wrong boundary',
    body: '--other\r\ncontent-disposition: form-data; name="file"\r\n\r\nx\r\n--other--\r\n',
    contentType: 'multipart/form-data; boundary=fuzz',
  },
  { label: 'plain text', body: 'hello', contentType: 'text/plain' },
]
