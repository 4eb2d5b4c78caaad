// Stub: replaced by the screen's real implementation.
export default function Screen() {
  return <h1>reset-password</h1>
}
