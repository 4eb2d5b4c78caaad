/** Words in plain text: runs of letters or digits (apostrophes and hyphens keep a word whole). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0
}

/**
 * Words in the editor's HTML: tags end words (a heading and the next paragraph never run together).
 * An image's alt text is not counted (a ">" in it does not end its tag); its caption is.
 */
export function countWordsInHtml(html: string): number {
  const text = html
    .replace(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, '')
  return countWords(text)
}
