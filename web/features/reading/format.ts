/** "organic-chemistry" → "Organic chemistry": the subject's slug, readable without another request. */
export const subjectLabel = (slug: string) => {
  const words = slug.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** "1 view", "2 views" */
export const countOf = (n: number, singular: string, plural = `${singular}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? singular : plural}`
