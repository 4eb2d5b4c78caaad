import { Component, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import ErrorPage from './routes/error-page.tsx'

interface Caught {
  /** Whether something below failed (an error may be any value, even undefined). */
  failed: boolean
  error: unknown
  /** The location it is for. */
  at: string
}

class Boundary extends Component<{ at: string; children: ReactNode }, Caught> {
  state: Caught = { failed: false, error: undefined, at: this.props.at }

  static getDerivedStateFromError(error: unknown): Partial<Caught> {
    return { failed: true, error }
  }

  // Going elsewhere (or to the same address again: a retry) leaves the error behind, before the
  // error page would draw for the new location.
  static getDerivedStateFromProps(props: { at: string }, state: Caught): Partial<Caught> | null {
    return props.at === state.at ? null : { failed: false, error: undefined, at: props.at }
  }

  render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children
  }
}

/** A route's error boundary: the error page in place of what failed, until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary at={useLocation().key}>{children}</Boundary>
}
