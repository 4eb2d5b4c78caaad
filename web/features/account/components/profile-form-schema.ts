import { z } from 'zod'
import { LINKS_MAX } from '#common/constants.ts'
import { ProfileLink, UpdateProfileInput } from '#common/schemas/profile.ts'

const { name, bio, intent, interests } = UpdateProfileInput.shape

/** A link row: empty rows are allowed (and dropped on save); anything else must be a full URL. */
const LinkRow = z.object({
  url: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (!value) return
      const result = ProfileLink.safeParse(value)
      if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0].message })
    }),
})

/**
 * The settings profile form: the fields of UpdateProfileInput, with links as rows (react-hook-form
 * field arrays need objects). toUpdateProfileInput turns it back into the shared shape.
 */
export const ProfileFormSchema = z.object({
  name: name.unwrap(),
  bio: bio.unwrap(),
  intent: intent.unwrap().nullable(),
  interests: interests.unwrap(),
  links: z.array(LinkRow).max(LINKS_MAX, `Add at most ${LINKS_MAX} links`),
})
export type ProfileFormInput = z.input<typeof ProfileFormSchema>
export type ProfileFormValues = z.output<typeof ProfileFormSchema>

/** The PATCH body, and for each link sent, the row it came from (to place the server's messages). */
export function toUpdateProfileInput(values: ProfileFormValues): {
  input: UpdateProfileInput
  linkRows: number[]
} {
  const linkRows = values.links.flatMap((link, row) => (link.url ? [row] : []))
  const input: UpdateProfileInput = {
    name: values.name,
    bio: values.bio,
    interests: values.interests,
    links: linkRows.map((row) => values.links[row].url),
    ...(values.intent ? { intent: values.intent } : {}),
  }
  return { input, linkRows }
}
