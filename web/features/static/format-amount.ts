/** Minor units as a plain amount: 1000 → "10.00". */
export const formatAmount = (minor: number) => (minor / 100).toFixed(2)
