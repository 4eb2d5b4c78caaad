// One document for every mail Inkwell sends: a real HTML page (lang, a title, a preheader, inline
// styles that mail clients keep, a dark scheme for clients that ask for one) around the mail's own
// blocks. Links and images in a mail must be absolute: a mail has no page to be relative to.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const INK = '#1c1917'
const MUTED = '#57534e'

/** A paragraph of plain text (line breaks kept). */
export const paragraph = (text: string, style = '') =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;${style}">${escapeHtml(text).replaceAll('\n', '<br>')}</p>`

/** The mail's one call to action. */
export const button = (url: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" class="button" style="display:inline-block;background:${INK};color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`

/** Small print under a rule: why the mail came, how to stop it. */
export const smallPrint = (html: string) =>
  `<p class="muted" style="margin:0 0 8px;font-size:13px;line-height:1.5;color:${MUTED}">${html}</p>`

export interface MailDocument {
  /** The document's title (clients show it when a mail is opened on its own). */
  title: string
  /** The line some clients show beside the subject in the inbox. */
  preheader?: string
  /** The mail's blocks, already HTML (paragraph(), button(), a sanitized post body…). */
  body: string
  /** Under the rule: small print. */
  footer?: string
  lang?: string
}

export function mailDocument({ title, preheader, body, footer, lang = 'en' }: MailDocument): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
  img { max-width: 100%; height: auto; }
  @media (prefers-color-scheme: dark) {
    body, .page { background: #1c1917 !important; color: #f5f5f4 !important; }
    .card { background: #292524 !important; }
    .muted { color: #a8a29e !important; }
    a { color: #c7d2fe !important; }
    .button { background: #f5f5f4 !important; color: #1c1917 !important; }
  }
</style>
</head>
<body class="page" style="margin:0;padding:0;background:#f5f5f4;color:${INK}">
${preheader ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(preheader)}</div>` : ''}
<div class="page" style="background:#f5f5f4;padding:24px 12px">
<div class="card" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px 28px;font-family:Georgia,'Times New Roman',serif">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;letter-spacing:-0.01em">Inkwell</p>
${body}
${footer ? `<hr style="border:none;border-top:1px solid #e7e5e4;margin:32px 0 16px">${footer}` : ''}
</div>
</div>
</body>
</html>`
}
