import type { z } from 'zod'
import type { JsonSchema } from './routes.ts'

// Valid-looking values generated from a route's JSON Schema, so that a bad value in one field
// reaches as far into the route as it can (a body that fails on every field tests only the
// validator). The generated value is checked against the route's own zod schema; refinements
// JSON Schema cannot express are met, where they can be, by trying a few variants.

/** A real row's id or slug for a field or path parameter name, when the database has one. */
export type Resolve = (name: string, schema: JsonSchema) => string | undefined

interface Variant {
  /** Items in each array (at least minItems, at most maxItems). */
  arrayLength: number
  /** Which enum value or union option to take (modulo their number). */
  pick: number
  /** Whether optional properties are filled in. */
  optional: boolean
}

// Required fields alone first: one bad field then stands out against a request that is otherwise
// accepted (an optional cursor or filter filled with sample text would be refused on its own).
const VARIANTS: Variant[] = [false, true].flatMap((optional) =>
  [1, 0, 2].flatMap((arrayLength) => [0, 1, 2, 3].map((pick) => ({ arrayLength, pick, optional }))),
)

let serial = 0

/** A deterministic uuid (v4 layout) from a number. */
export function uuidOf(n: number): string {
  const hex = (n >>> 0).toString(16).padStart(8, '0')
  return `${hex}-0000-4000-8000-${hex.padStart(12, '0')}`
}

/**
 * Values valid for `zod` (the route's schema), generated from its JSON Schema: `minimal` with the
 * required fields only and `full` with every field, each the first of a few variants that parses,
 * or the most complete attempt when none does (refusals still exercise the route).
 */
export function sampleValid(
  schema: JsonSchema,
  zod: z.ZodType | undefined,
  resolve: Resolve,
): { minimal: unknown; full: unknown; valid: boolean } {
  const found = (optional: boolean) => {
    let first: unknown
    for (const variant of VARIANTS.filter((v) => v.optional === optional)) {
      const value = sample(schema, variant, resolve, '')
      first ??= value
      if (!zod || zod.safeParse(value).success) return { value, valid: true }
    }
    return { value: first, valid: false }
  }
  const minimal = found(false)
  const full = found(true)
  return {
    minimal: minimal.valid || !full.valid ? minimal.value : full.value,
    full: full.value,
    valid: minimal.valid || full.valid,
  }
}

/** A value for one schema node under a variant. `name` is the property or parameter it fills. */
export function sample(schema: JsonSchema, variant: Variant, resolve: Resolve, name: string): unknown {
  if ('const' in schema) return schema.const
  if (schema.enum) return schema.enum[variant.pick % schema.enum.length]
  const options = schema.anyOf ?? schema.oneOf
  if (options) {
    const usable = options.filter((o) => o.type !== 'null')
    const chosen = usable.length ? usable[variant.pick % usable.length] : options[0]
    return sample(chosen, variant, resolve, name)
  }
  if (schema.allOf?.length) return sample(schema.allOf[0], variant, resolve, name)
  switch (typeOf(schema)) {
    case 'string':
      return sampleString(schema, resolve, name)
    case 'integer':
    case 'number':
      return sampleNumber(schema)
    case 'boolean':
      return false
    case 'null':
      return null
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => sample(item, variant, resolve, name))
      const length = Math.min(
        Math.max(variant.arrayLength, schema.minItems ?? 0),
        schema.maxItems ?? Infinity,
      )
      return Array.from({ length }, () => sample(schema.items ?? {}, variant, resolve, name))
    }
    case 'object': {
      const required = new Set(schema.required ?? [])
      // A page cursor is the server's own token: no generated one is valid.
      const entries = Object.entries(schema.properties ?? {}).filter(
        ([key]) => required.has(key) || (variant.optional && !/cursor/i.test(key)),
      )
      return Object.fromEntries(entries.map(([key, prop]) => [key, sample(prop, variant, resolve, key)]))
    }
    default:
      return 'fuzz'
  }
}

export function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null')
  if (schema.type) return schema.type
  if (schema.properties) return 'object'
  if (schema.items) return 'array'
  return undefined
}

function sampleString(schema: JsonSchema, resolve: Resolve, name: string): string {
  const resolved = resolve(name, schema)
  if (resolved !== undefined) return resolved
  serial += 1
  const byFormat: Record<string, string> = {
    uuid: uuidOf(0xf0000 + serial),
    email: `fuzz-${serial}@example.com`,
    uri: 'https://example.com/fuzz',
    url: 'https://example.com/fuzz',
    'date-time': '2024-01-01T00:00:00.000Z',
    date: '2024-01-01',
  }
  // What the name asks for, where the schema cannot say it (a piped e-mail, a callback address).
  const byName = /e-?mail/i.test(name)
    ? [byFormat.email]
    : /url$|link|redirect/i.test(name)
      ? ['/fuzz', byFormat.url]
      : []
  const candidates = [
    ...(schema.format && byFormat[schema.format] ? [byFormat[schema.format]] : []),
    ...byName,
    // Numbered, so names that must be unique (a subject's) are.
    `Fuzz sample text ${serial}`,
    'fuzz-sample',
    'fuzz',
    '/fuzz',
    'fuzz.png',
    'f',
    '1',
    'https://example.com/fuzz',
  ]
  const toLength = (s: string) => {
    const padded = s.length < (schema.minLength ?? 0) ? s + 'x'.repeat((schema.minLength ?? 0) - s.length) : s
    return padded.slice(0, schema.maxLength ?? padded.length)
  }
  const pattern = schema.pattern ? safeRegExp(schema.pattern) : undefined
  return candidates.map(toLength).find((s) => !pattern || pattern.test(s)) ?? toLength(candidates[0])
}

function sampleNumber(schema: JsonSchema): number {
  const low =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined)
  const high =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined)
  if (low !== undefined) return low
  if (high !== undefined) return Math.min(1, high)
  return 1
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u')
  } catch {
    return undefined
  }
}

/** A field of a generated value: where it is, its schema, and whether it must be present. */
export interface Field {
  path: (string | number)[]
  schema: JsonSchema
  required: boolean
}

/**
 * Every field of an object schema, depth first: properties, array items (at index 0) and the
 * properties of union options (withValue() makes the item when the base value's array is empty).
 */
export function fieldsOf(schema: JsonSchema, path: (string | number)[] = [], depth = 0): Field[] {
  if (depth > 6) return []
  const fields: Field[] = []
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (options) {
    for (const option of options) fields.push(...fieldsOf(option, path, depth + 1))
    return dedupe(fields)
  }
  const type = typeOf(schema)
  if (type === 'object') {
    const required = new Set(schema.required ?? [])
    for (const [key, prop] of Object.entries(schema.properties ?? {})) {
      fields.push({ path: [...path, key], schema: prop, required: required.has(key) })
      fields.push(...fieldsOf(prop, [...path, key], depth + 1))
    }
  } else if (type === 'array' && schema.items) {
    fields.push({ path: [...path, 0], schema: schema.items, required: false })
    fields.push(...fieldsOf(schema.items, [...path, 0], depth + 1))
  }
  return dedupe(fields)
}

function dedupe(fields: Field[]): Field[] {
  const seen = new Set<string>()
  return fields.filter((f) => {
    const key = JSON.stringify(f.path)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Given as the value to withValue(): take the field out instead. */
export const REMOVE = Symbol('remove')

/**
 * A copy of `base` with the value at `path` replaced (or removed when `value` is REMOVE). Missing
 * containers on the way are created from `schema`, so a field inside an empty array still gets its
 * own item.
 */
export function withValue(
  base: unknown,
  path: (string | number)[],
  value: unknown,
  schema: JsonSchema,
  resolve: Resolve,
): unknown {
  const root = structuredClone(base ?? {}) as Record<string | number, unknown>
  let node: Record<string | number, unknown> = root
  let nodeSchema = schema
  for (const [i, key] of path.entries()) {
    const childSchema = childOf(nodeSchema, key)
    if (i === path.length - 1) {
      if (value === REMOVE) {
        if (Array.isArray(node)) node.splice(Number(key), 1)
        else delete node[key]
      } else node[key] = value
      break
    }
    const existing = node[key]
    if (existing === null || typeof existing !== 'object') {
      const container = optionWith(childSchema, path[i + 1])
      node[key] = sample(container, { arrayLength: 1, pick: 0, optional: true }, resolve, String(key))
    }
    node = node[key] as Record<string | number, unknown>
    nodeSchema = childSchema
  }
  return root
}

/** The union option that can hold `key` (an array for an index, an object with that property). */
function optionWith(schema: JsonSchema, key: string | number): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (!options) return schema
  const holder = options.find((o) =>
    typeof key === 'number' ? typeOf(o) === 'array' : Boolean(o.properties && key in o.properties),
  )
  return holder ? optionWith(holder, key) : schema
}

function childOf(schema: JsonSchema, key: string | number): JsonSchema {
  const holder = optionWith(schema, key)
  if (typeof key === 'number') return holder.items ?? holder.prefixItems?.[key] ?? {}
  return holder.properties?.[key] ?? {}
}
