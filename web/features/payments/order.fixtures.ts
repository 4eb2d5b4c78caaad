// Orders as GET /api/orders/:id answers them, for the payment screens' tests.
import { Order } from '#common/schemas/payments.ts'

export const ORDER_ID = '3f0c2a4e-0000-4000-8000-0000000000b1'
export const ORDER_PATH = `/api/orders/${ORDER_ID}`

export function order(overrides: Partial<Order> = {}): Order {
  return Order.parse({
    id: ORDER_ID,
    status: 'pending',
    amount: 500,
    currency: 'USD',
    item: {
      kind: 'subscription',
      id: 'writer-1',
      title: 'Monthly subscription to Grace Okafor',
      seller: { id: 'writer-1', name: 'Grace Okafor' },
    },
    provider: 'sandbox',
    checkoutUrl: `/payment/checkout/${ORDER_ID}`,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  })
}
