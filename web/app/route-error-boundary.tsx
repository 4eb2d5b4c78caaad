import { Component, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import ErrorPage from './routes/error-page.tsx'

interface Caught {
  /** Whether something below failed (an error may be any value, even undefined). */
  failed: boolean
  error: unknown
}

class Boundary extends Component<{ at: string; children: ReactNode }, Caught> {
  state: Caught = { failed: false, error: undefined }

  static getDerivedStateFromError(error: unknown): Caught {
    return { failed: true, error }
  }

  componentDidUpdate(previous: { at: string }) {
    // Going elsewhere (or to the same address again: a retry) leaves the error behind.
    if (this.state.failed && previous.at !== this.props.at) this.setState({ failed: false, error: undefined })
  }

  render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children
  }
}

/** A route's error boundary: the error page in place of what failed, until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary at={useLocation().key}>{children}</Boundary>
}
