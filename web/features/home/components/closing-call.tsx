import { Link } from 'react-router'

// The ink panel needs light buttons; the shared variants are made for light backgrounds.
const primary =
  'inline-flex h-12 items-center justify-center rounded-lg bg-accent-400 px-6 font-medium text-stone-900 shadow-sm transition-colors hover:bg-accent-500'
const secondary =
  'inline-flex h-12 items-center justify-center rounded-lg px-6 font-medium text-white ring-1 ring-white/30 transition-colors hover:bg-white/10'

/** The last word on the home page: sign up, or for members, get writing. */
export function ClosingCall({ loggedIn }: { loggedIn: boolean }) {
  return (
    <section
      aria-labelledby="closing-title"
      className="rounded-3xl bg-ink-900 px-6 py-14 text-center text-white sm:px-12 sm:py-20"
    >
      <h2
        id="closing-title"
        className="mx-auto max-w-2xl text-3xl leading-tight font-semibold text-white sm:text-5xl"
      >
        {loggedIn ? 'Something to share? Write it here.' : 'Everything here was written by someone like you.'}
      </h2>
      <p className="mx-auto mt-5 max-w-xl text-lg text-ink-100">
        {loggedIn
          ? 'Start a lesson, a story or a book. Your drafts stay private until you send them for review.'
          : 'Create your account to read, take exams and join the forums straight away, and publish when you are ready.'}
      </p>
      <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
        {loggedIn ? (
          <>
            <Link to="/post" className={primary}>
              Write a post
            </Link>
            <Link to="/dashboard" className={secondary}>
              Go to your dashboard
            </Link>
          </>
        ) : (
          <>
            <Link to="/signup" className={primary}>
              Create your account
            </Link>
            <Link to="/login" className={secondary}>
              Sign in
            </Link>
          </>
        )}
      </div>
    </section>
  )
}
