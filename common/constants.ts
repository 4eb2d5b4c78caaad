// Constants fixed by the original spec and PRODUCT.md. Both sides import these; never inline them.

export const NOTIFICATION_DROPDOWN_LIMIT = 6
export const TOAST_AUTO_CLOSE_MS = 5000
export const SCREEN_LOAD_TIMEOUT_MS = 120_000
export const SCREEN_SPINNER_HEIGHT_PX = 400
export const LOADING_CHUNK_FAILED = 'Loading chunk failed'
export const ROLE_FETCH_ERROR = 'Error fetching user role:'

export const ROLES = ['user', 'admin'] as const
export const DEFAULT_ROLE = 'user'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const NAME_MAX_LENGTH = 80
export const EMAIL_MAX_LENGTH = 254
export const TITLE_MAX_LENGTH = 150
export const POST_BODY_MAX_LENGTH = 200_000
/**
 * The reader shows a table of contents ("On this page") for a post with at least this many
 * section headings (h2/h3): with fewer, the headings are already in view and a map adds nothing.
 */
export const POST_TOC_MIN_HEADINGS = 3
export const COMMENT_MAX_LENGTH = 10_000
export const BIO_MAX_LENGTH = 500
export const CONTACT_MESSAGE_MAX_LENGTH = 5000
export const LINKS_MAX = 5
export const INTERESTS_MAX = 20

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
/**
 * An uploaded image is decoded before it is stored: at most this many pixels (a 50-megapixel
 * camera's photo), so a few kilobytes that unpack to gigabytes are refused from their header.
 */
export const IMAGE_MAX_PIXELS = 50_000_000
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
/** An image's alt text in rich text, in characters (the sanitizer trims and cuts it; the editor stops there). */
export const IMAGE_ALT_MAX_LENGTH = 300
export const MANUSCRIPT_MAX_BYTES = 50 * 1024 * 1024
export const EXAM_QUESTIONS_MAX = 200

/**
 * An exam's item statistics (decision 048, Moodle's quiz statistics). Below this many takers
 * (first attempts) a discrimination index has a standard error near 1/√(n−1) ≈ 0.19, as wide as
 * the gap between a weak question and a useless one: the figures show, marked as too few to trust.
 */
export const EXAM_STATS_MIN_TAKERS = 30
/** A question's facility (mean score as % of its points) outside this range is flagged. */
export const EXAM_STATS_FACILITY_RANGE = { min: 5, max: 95 }
/** A question whose discrimination index (a correlation, −1…1) is below this is flagged. */
export const EXAM_STATS_DISCRIMINATION_MIN = 0.25
/** Moodle's verdict on the coefficient of internal consistency (Cronbach's alpha, in %). */
export const EXAM_STATS_CIC = { desirable: 75, unsatisfactory: 64 }
/** The most common short answers listed per question. */
export const EXAM_STATS_TOP_ANSWERS = 5

export const PAGE_SIZE_DEFAULT = 20
export const PAGE_SIZE_MAX = 50

/**
 * A writer's subscriber list imported from another newsletter service (a CSV, sent as JSON text):
 * at most this many bytes and rows, a file Substack exports for a list of ten thousand.
 */
export const SUBSCRIBER_IMPORT_MAX_BYTES = 1024 * 1024
export const SUBSCRIBER_IMPORT_MAX_ROWS = 10_000
/** An import's report lists at most this many refused rows (and counts them all). */
export const SUBSCRIBER_IMPORT_REFUSED_LISTED = 1000
/** Imports (previews included) per writer per window: each real one mails every new address. */
export const SUBSCRIBER_IMPORT_RATE_LIMIT = { max: 30, windowSeconds: 60 * 60 }

/** Contact form: this many messages per window from one sender. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 60 * 60 }

/** Comments: this many per window from one signed-in person, whichever post they are on. */
export const COMMENT_RATE_LIMIT = { max: 10, windowSeconds: 60 }

/** Money rules (PRODUCT.md): the platform's default share of each sale, and the smallest payout. */
export const PLATFORM_FEE_PERCENT = 15
export const PAYOUT_MINIMUM_MINOR = 1000
/** Days a sale's net stays pending before it can be paid out (REFUND_WINDOW_DAYS, decision 022). */
export const REFUND_WINDOW_DAYS = 14
export const DEFAULT_CURRENCY = 'USD'
/**
 * New orders (each may open a provider checkout): per signed-in person, and per address for many
 * accounts behind one. A second Buy of the same item answers the open order and is not a new one.
 */
export const ORDER_RATE_LIMIT = { max: 10, windowSeconds: 10 * 60 }
export const ORDER_ADDRESS_RATE_LIMIT = { max: 30, windowSeconds: 10 * 60 }

/** How long e-mailed links work (Better Auth's settings; the web tells people the same numbers). */
export const MAGIC_LINK_EXPIRES_MINUTES = 5
export const RESET_LINK_EXPIRES_MINUTES = 60
/**
 * Adding a way to sign in (a passkey, a Google account) or removing a linked account needs a
 * session this fresh: signed in with a password, an e-mail link or a passkey within these minutes
 * (decision 050). Older sessions confirm with the password or an e-mail link first.
 */
export const FRESH_SIGN_IN_MINUTES = 10
export const PASSKEY_NAME_MAX_LENGTH = 60

/** Forums: new threads and replies per signed-in person, whichever forum they are in. */
export const FORUM_THREAD_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 }
export const FORUM_REPLY_RATE_LIMIT = { max: 10, windowSeconds: 60 }
/** Replies per page of a thread; pages are numbered by the replies' positions, so any page costs the same. */
export const FORUM_REPLIES_PAGE_SIZE = 20
export const FORUM_BODY_MAX_LENGTH = 50_000

/**
 * Rich text (post bodies, forum threads and replies, and chapters when books come): how deeply tags
 * may nest. Real writing needs far less (a list nested nine levels in a quote, with every mark on,
 * is about 30); the parser's work per tag grows with the depth, so deeper input is refused before
 * it is sanitized. See docs/decisions/011.
 */
export const RICH_TEXT_NESTING_MAX = 64
/**
 * Rich text as sent may be this many times the stored limit: the limits apply to what is stored
 * (sanitized), which can be longer (entities) or shorter (dropped tags) than what was sent.
 */
export const RICH_TEXT_RAW_FACTOR = 2
/** Post (and later chapter) bodies and forum edits: saves per signed-in person per route, autosaves included. */
export const RICH_TEXT_WRITE_RATE_LIMIT = { max: 60, windowSeconds: 60 }

// Exams: limits of the builder, and the leaderboard's size.
export const EXAM_DURATION_MIN = 1
export const EXAM_DURATION_MAX = 300
export const EXAM_ATTEMPTS_MAX = 10
export const EXAM_OPTIONS_MIN = 2
export const EXAM_OPTIONS_MAX = 8
export const EXAM_POINTS_MAX = 100
export const EXAM_PROMPT_MAX_LENGTH = 2000
export const EXAM_OPTION_MAX_LENGTH = 300
export const EXAM_EXPLANATION_MAX_LENGTH = 2000
export const EXAM_ACCEPTED_ANSWERS_MAX = 10
export const EXAM_SHORT_ANSWER_MAX_LENGTH = 200
export const EXAM_DESCRIPTION_MAX_LENGTH = 1000
export const EXAM_INSTRUCTIONS_MAX_LENGTH = 3000
export const LEADERBOARD_SIZE = 100

// Key ideas: a lesson's flashcards (decision 052).
export const FLASHCARDS_MAX = 50
export const FLASHCARD_FRONT_MAX_LENGTH = 300
export const FLASHCARD_BACK_MAX_LENGTH = 1000

// Money: integer minor units. A writer's monthly price is 0 (a free follow) or within these.
export const MONTHLY_PRICE_MIN = 100
export const MONTHLY_PRICE_MAX = 10_000
/** How old a signed provider event may be (its signature's timestamp), like Stripe's default. */
export const PAYMENT_EVENT_TOLERANCE_SECONDS = 300

// Books Store: a price is 0 (free) or within these, in minor units (0.99–999.99).
export const BOOK_PRICE_MIN = 99
export const BOOK_PRICE_MAX = 99_999
export const BOOK_CHAPTERS_MAX = 200
export const BOOK_CHAPTER_MAX_LENGTH = 200_000
export const BOOK_DESCRIPTION_MAX_LENGTH = 4000
/** A book review's text (plain text, optional), in characters. */
export const BOOK_REVIEW_MAX_LENGTH = 5000

// Facts about posts and books that screens show without validating anything: they live here, not
// beside the zod schemas, so a screen that only shows them does not load zod (decision 032).
export const POST_CATEGORIES = ['academic', 'fiction', 'true-story'] as const
export const POST_CATEGORY_LABELS: Record<(typeof POST_CATEGORIES)[number], string> = {
  academic: 'Academic',
  fiction: 'Fiction',
  'true-story': 'True story',
}
// The book reader's settings (kept per person): its text sizes, themes and line widths.
export const READER_FONT_SIZES = [16, 18, 20, 22, 24, 28] as const
export const READER_THEMES = ['light', 'sepia', 'dark'] as const
export const READER_LINE_WIDTHS = ['narrow', 'medium', 'wide'] as const
/** What a reader can report. */
export const REPORT_TARGETS = ['post', 'comment', 'thread', 'reply', 'book_review'] as const
/** What a reported item is called in a sentence ("Report this review"). */
export const REPORT_TARGET_NOUNS: Record<(typeof REPORT_TARGETS)[number], string> = {
  post: 'post',
  comment: 'comment',
  thread: 'thread',
  reply: 'reply',
  book_review: 'review',
}
/** How the Books Store can sort its catalogue. */
export const BOOK_SORTS = ['newest', 'bestselling', 'price_asc', 'price_desc'] as const
/** The popular list counts the last this many days. */
export const POPULAR_WINDOW_DAYS = 7
/** A book's rating: 1 to 5 stars. */
export const STARS = [1, 2, 3, 4, 5] as const
