const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-20 text-2xl' }

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?'
}

export function Avatar({
  name,
  image,
  size = 'md',
}: {
  name: string
  image?: string | null
  size?: keyof typeof SIZES
}) {
  if (image)
    return (
      <img
        src={image}
        alt=""
        className={`${SIZES[size]} shrink-0 rounded-full object-cover ring-1 ring-stone-200`}
      />
    )
  return (
    <span
      aria-hidden="true"
      className={`${SIZES[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-ink-100 font-semibold text-ink-800`}
    >
      {initialsOf(name)}
    </span>
  )
}
