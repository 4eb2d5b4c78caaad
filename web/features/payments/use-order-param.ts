import { useSearchParams } from 'react-router'

/** The order a payment screen is about: `?order=<id>` (empty when missing). */
export const useOrderParam = () => useSearchParams()[0].get('order') ?? ''
