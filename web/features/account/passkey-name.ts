/**
 * A first name for a new passkey, from where it was made ("Chrome on Mac"), so two read apart
 * before the person names them. Only a label: it can be renamed, and says nothing to the server.
 */
export function devicePasskeyName(
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): string {
  const os = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /CrOS/.test(userAgent)
          ? 'Chromebook'
          : /Mac OS X/.test(userAgent)
            ? 'Mac'
            : /Windows/.test(userAgent)
              ? 'Windows'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null
  if (browser && os) return `${browser} on ${os}`
  return os ?? browser ?? 'Passkey'
}
