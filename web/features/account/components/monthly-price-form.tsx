import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { MONTHLY_PRICE_MAX, MONTHLY_PRICE_MIN } from '#common/constants.ts'
import { formatMoney } from '#common/money.ts'
import { MonthlyPrice } from '#common/schemas/profile.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { applyServerErrors } from '#web/lib/form-errors.ts'
import { useMonthlyPrice, useSaveMonthlyPrice } from '../api/monthly-price.ts'

/** Dollars as a writer types them ("5", "4.99", "$12.50"), sent as the server's integer cents. */
const PriceForm = z.object({
  price: z
    .string()
    .overwrite((value) => value.trim().replace(/^\$\s*/, ''))
    .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount in dollars, like 5 or 4.99')
    .transform((dollars) => Math.round(Number(dollars) * 100))
    .pipe(MonthlyPrice),
})
type PriceFormInput = z.input<typeof PriceForm>
type PriceFormValues = z.output<typeof PriceForm>

/** 0 → "0", 500 → "5.00": how the field shows a price in cents. */
const dollarsOf = (cents: number) => (cents === 0 ? '0' : (cents / 100).toFixed(2))
const priceLabel = (cents: number) => (cents === 0 ? 'Free' : `${formatMoney(cents)} / month`)

/** Settings → Subscriptions: what new subscribers pay each month, in dollars, 0 for a free follow. */
export function MonthlyPriceForm() {
  const current = useMonthlyPrice()
  if (current.isPending) return <Spinner label="Loading your price…" />
  if (current.isError)
    return <QueryError what="your price" error={current.error} onRetry={() => void current.refetch()} />
  return <PriceFields current={current.data} />
}

function PriceFields({ current }: { current: number }) {
  const save = useSaveMonthlyPrice()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<PriceFormInput, unknown, PriceFormValues>({
    resolver: zodResolver(PriceForm),
    defaultValues: { price: dollarsOf(current) },
  })

  const onSubmit = handleSubmit(({ price }) => {
    setFormError(null)
    save.save(price, {
      onSuccess: () => {
        reset({ price: dollarsOf(price) })
        toast.success(`Your price is saved: ${priceLabel(price)}.`)
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(error, setError, (key) => (key === 'monthlyPrice' ? 'price' : undefined)),
        ),
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <Alert>{formError}</Alert>}
      <p className="text-[15px] text-stone-800">
        Your price now: <span className="font-semibold">{priceLabel(current)}</span>
      </p>
      <div className="max-w-sm">
        <TextField
          label="Monthly subscription price"
          inputMode="decimal"
          autoComplete="off"
          hint={`Free (0) or between ${formatMoney(MONTHLY_PRICE_MIN)} and ${formatMoney(MONTHLY_PRICE_MAX)}, in US dollars.`}
          error={errors.price?.message}
          {...register('price')}
        />
      </div>
      <p className="text-sm text-stone-600">
        Changing your price applies to new subscribers; current subscribers keep the price they signed up at.
      </p>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-stone-100 pt-5">
        {isDirty && <span className="text-sm text-stone-500">You have unsaved changes.</span>}
        <Button type="submit" busy={save.isPending}>
          Save price
        </Button>
      </div>
    </form>
  )
}
