import { newsletterConfirmPath, writerPath } from '#common/paths.ts'
import { button, escapeHtml, mailDocument, paragraph, smallPrint } from '#server/mail/layout.ts'
import type { Mail } from '#server/mail/mailer.ts'

// The one mail an imported address gets before its owner says yes (double opt-in, decision 047):
// who brought it here, one button to confirm, and that ignoring it is a no.

export interface ConfirmRecipient {
  /** newsletter_contact.id */
  id: string
  email: string
  /** The contact's signed link token (tokens.ts). */
  token: string
}

export function confirmationMail(
  appUrl: string,
  writer: { id: string; name: string },
  to: ConfirmRecipient,
): Mail {
  const host = new URL(appUrl).hostname
  const confirmUrl = appUrl + newsletterConfirmPath(to.token)
  const writerUrl = appUrl + writerPath(writer.id)
  const subject = `${writer.name} is moving their newsletter to Inkwell`
  const lead = `${writer.name} is moving their newsletter to Inkwell, and brought the list of their readers along, with ${to.email} on it.`
  const ask = `Before anything more is sent, please confirm that you want ${writer.name}'s new posts by e-mail.`
  const ignore = `Not interested? Ignore this mail and you'll get nothing more from ${writer.name} on Inkwell.`
  const why = `You get this one mail because ${writer.name} imported ${to.email} into Inkwell. It is not sent again.`

  return {
    to: to.email,
    subject,
    text: [
      subject,
      lead,
      ask,
      `Confirm: ${confirmUrl}`,
      ignore,
      `Their page on Inkwell: ${writerUrl}`,
      `— ${why}`,
    ].join('\n\n'),
    html: mailDocument({
      title: subject,
      preheader: `Confirm that you want ${writer.name}'s new posts by e-mail.`,
      body: [
        `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3">${escapeHtml(subject)}</h1>`,
        paragraph(lead),
        paragraph(ask),
        button(confirmUrl, 'Confirm subscription'),
        paragraph(ignore, 'color:#57534e'),
      ].join('\n'),
      footer: smallPrint(
        `${escapeHtml(why)} <a href="${escapeHtml(writerUrl)}">${escapeHtml(writer.name)} on Inkwell</a>.`,
      ),
    }),
    // The same id if the queue sends it again: a mail client shows one message.
    messageId: `<confirm.${to.id}@${host}>`,
  }
}
