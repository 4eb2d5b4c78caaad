// Money as the person paying reads it, on screens, in receipts and in notices. Amounts travel as
// integer minor units (cents) in a currency.

const formatters = new Map<string, Intl.NumberFormat>()

function formatterFor(currency: string, whole: boolean) {
  const key = `${currency}:${whole}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    })
    formatters.set(key, formatter)
  }
  return formatter
}

/** The currency's own number of minor digits (2 for USD, 0 for JPY). */
const minorDigits = (currency: string) =>
  formatterFor(currency, false).resolvedOptions().maximumFractionDigits ?? 2

/**
 * 500, 'USD' → "$5.00". With `short`, a whole amount drops its zero cents ("$5"), as prices on
 * buttons read; 550 stays "$5.50".
 */
export function formatMoney(minor: number, currency = 'USD', { short = false } = {}) {
  const digits = minorDigits(currency)
  const major = minor / 10 ** digits
  return formatterFor(currency, short && Number.isInteger(major)).format(major)
}
