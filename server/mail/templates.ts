import { button, escapeHtml, mailDocument, paragraph, smallPrint } from './layout.ts'
import type { Mail } from './mailer.ts'

// Plain, readable transactional mails in the one layout (layout.ts). Each carries one link; the
// text part says the same for clients that show only text.

function mail(to: string, subject: string, intro: string, action: string, url: string, outro: string): Mail {
  const text = `${intro}\n\n${action}: ${url}\n\n${outro}\n\n— Inkwell`
  const html = mailDocument({
    title: subject,
    preheader: intro.split('\n')[0],
    body: paragraph(intro) + button(url, action),
    footer: smallPrint(
      `${escapeHtml(outro)}<br>If the button does not work, paste this link into your browser: ${escapeHtml(url)}`,
    ),
  })
  return { to, subject, text, html }
}

export const resetPasswordMail = (to: string, url: string) =>
  mail(
    to,
    'Reset your Inkwell password',
    'Someone (hopefully you) asked to reset the password of your Inkwell account.',
    'Choose a new password',
    url,
    'The link works once and expires in one hour. If you did not ask for it, ignore this mail.',
  )

export const magicLinkMail = (to: string, url: string) =>
  mail(
    to,
    'Your Inkwell sign-in link',
    'Here is the link you asked for to sign in to Inkwell.',
    'Sign in to Inkwell',
    url,
    'The link works once and expires in 5 minutes. If you did not ask for it, ignore this mail.',
  )

export const verifyEmailMail = (to: string, url: string) =>
  mail(
    to,
    'Confirm your e-mail address',
    'Confirm this address for your Inkwell account.',
    'Confirm my address',
    url,
    'If you did not create an Inkwell account, ignore this mail.',
  )

export const changeEmailMail = (to: string, newEmail: string, url: string) =>
  mail(
    to,
    'Confirm your new e-mail address',
    `You asked to change the e-mail address of your Inkwell account to ${newEmail}.`,
    'Approve the change',
    url,
    'If you did not ask for this, ignore this mail and your address stays the same.',
  )

export interface Receipt {
  what: string
  price: string
  date: string
  reference: string
}

export const receiptMail = (to: string, receipt: Receipt, url: string) =>
  mail(
    to,
    'Your Inkwell receipt',
    `Thank you for your purchase.\n\nWhat: ${receipt.what}\nPrice: ${receipt.price}\nDate: ${receipt.date}\nOrder reference: ${receipt.reference}`,
    'View your order',
    url,
    'Keep this mail as your receipt. Quote the order reference if you write to us about it.',
  )
