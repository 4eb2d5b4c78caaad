// The little XML the feeds and sitemaps need, written by hand: every value goes through one of
// the two functions below, so nothing a writer typed can close a tag or a CDATA section.

/**
 * Characters XML 1.0 cannot carry at all, even escaped: C0 controls other than tab, newline and
 * carriage return, lone surrogates, U+FFFE and U+FFFF. Stored text should not hold them (the
 * input guard refuses C0 controls), but a feed that fails to parse fails for every reader.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what this removes
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** Text for an element or an attribute value. */
export const xmlText = (value: string): string =>
  value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c] as string)

/**
 * A CDATA section (what feed readers expect around HTML). A `]]>` inside would end it early, so
 * it is split across two sections: `]]` ends the first, `>` starts the second.
 */
export const cdata = (value: string): string =>
  `<![CDATA[${value.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`

/** One element with escaped text, or nothing when there is no value. */
export const element = (name: string, value: string | null | undefined): string =>
  value ? `<${name}>${xmlText(value)}</${name}>` : ''

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'
