import { Link } from 'react-router'

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" onClick={onClick} className="flex items-center gap-2 rounded-md" aria-label="Inkwell home">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-ink-900" />
        <path d="M10 24c4-1 9-6 12-14l-2-1c-3 7-7 11-10 13z" className="fill-accent-400" />
        <circle cx="10" cy="24" r="1.6" className="fill-accent-400" />
      </svg>
      <span className="font-serif text-2xl font-semibold tracking-tight text-ink-900">Inkwell</span>
    </Link>
  )
}
