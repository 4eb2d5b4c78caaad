import { z } from 'zod'
import { READER_FONT_SIZES, READER_LINE_WIDTHS, READER_THEMES } from '../constants.ts'
import { wholeNumber } from './fields.ts'

// How the book reader sets the page for a person ("kept per person"): kept on their
// profile, so it follows them to another browser or device.

export type ReaderTheme = (typeof READER_THEMES)[number]
export type LineWidth = (typeof READER_LINE_WIDTHS)[number]

/** `PUT /api/me/reader-settings`: every setting, checked on its own. */
export const ReaderSettings = z.strictObject({
  /** An index into READER_FONT_SIZES. */
  fontStep: wholeNumber('Choose a text size', 'Choose a text size')
    .min(0, 'Choose a text size')
    .max(READER_FONT_SIZES.length - 1, 'Choose a text size'),
  theme: z.enum(READER_THEMES, 'Choose light, sepia or dark'),
  width: z.enum(READER_LINE_WIDTHS, 'Choose narrow, medium or wide'),
})
export type ReaderSettings = z.infer<typeof ReaderSettings>

/** `GET /api/me/reader-settings`: null until the person first changes one. */
export const MyReaderSettings = z.object({ settings: ReaderSettings.nullable() })
export type MyReaderSettings = z.infer<typeof MyReaderSettings>
