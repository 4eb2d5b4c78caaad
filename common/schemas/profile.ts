import { z } from 'zod'
import { INTERESTS_MAX, LINKS_MAX, MONTHLY_PRICE_MAX, MONTHLY_PRICE_MIN, ROLES } from '../constants.ts'
import { Bio, PersonName, wholeNumber } from './fields.ts'

export const Role = z.enum(ROLES)
export type Role = z.infer<typeof Role>

export const INTENTS = ['read', 'write', 'both'] as const
export const Intent = z.enum(INTENTS, { error: 'Choose what you are here for' })
export type Intent = z.infer<typeof Intent>

export const ProfileLink = z
  .url({ protocol: /^https?$/, error: 'Enter a full link starting with https:// or http://' })
  .max(300)

/** The signed-in user's own profile: GET /api/me. */
export const Me = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  role: Role.nullable(),
  bio: z.string(),
  intent: Intent.nullable(),
  interests: z.array(z.string()),
  links: z.array(z.string()),
  onboarded: z.boolean(),
  createdAt: z.string(),
})
export type Me = z.infer<typeof Me>

const PRICE_RANGE = `Set a price between $${MONTHLY_PRICE_MIN / 100}.00 and $${MONTHLY_PRICE_MAX / 100}.00, or 0 for free`

/** A writer's monthly price in minor units: 0 (a free follow) or MONTHLY_PRICE_MIN..MAX. */
export const MonthlyPrice = wholeNumber(PRICE_RANGE, 'Set the price in whole cents').refine(
  (cents) => cents === 0 || (cents >= MONTHLY_PRICE_MIN && cents <= MONTHLY_PRICE_MAX),
  PRICE_RANGE,
)

export const UpdateProfileInput = z.object({
  name: PersonName.optional(),
  bio: Bio.optional(),
  intent: Intent.optional(),
  interests: z.array(z.string().min(1).max(64)).max(INTERESTS_MAX, 'Pick at most 20 subjects').optional(),
  links: z.array(ProfileLink).max(LINKS_MAX, `Add at most ${LINKS_MAX} links`).optional(),
  /** Only new subscriptions pay it: a subscription keeps the price it was bought at. */
  monthlyPrice: MonthlyPrice.optional(),
})
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>

/** The welcome step: everything it asks is required, then the user is onboarded. */
export const WelcomeInput = z.object({
  name: PersonName,
  bio: Bio,
  intent: Intent,
  interests: z.array(z.string().min(1).max(64)).max(INTERESTS_MAX, 'Pick at most 20 subjects'),
})
export type WelcomeInput = z.infer<typeof WelcomeInput>
