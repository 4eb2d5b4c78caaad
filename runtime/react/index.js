// React's API, served by Preact (decision 032).
export * from 'preact/compat'
export { default } from 'preact/compat'

// React Router's RouterProvider asks for it, and sets an optimistic state only when it is given
// `useTransitions`, which Inkwell does not use. Outside a transition React's own hook returns the
// state it was given.
export function useOptimistic(state) {
  return [state, () => {}]
}
