import { Link } from 'react-router'
import { PAYOUT_MINIMUM_MINOR, PLATFORM_FEE_PERCENT } from '#common/constants.ts'
import { LegalPage, type LegalSection } from '#web/features/static/components/legal-page.tsx'
import { formatAmount } from '#web/features/static/format-amount.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    content: (
      <>
        <p>
          These terms are the agreement between you and Inkwell when you use the platform. By creating an
          account, or by buying, reading or publishing on Inkwell, you accept them. Our{' '}
          <Link to="/privacy">privacy policy</Link> explains what we do with your information.
        </p>
        <p>
          They are written in plain language on purpose. Where a section speaks to writers (people who
          publish) or to readers, it says so; every account can be both.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <ul>
        <li>
          An account is for one person. Use your real name or a name you are known by, and an e-mail you can
          read.
        </li>
        <li>Keep your password to yourself. You are responsible for what happens under your account.</li>
        <li>
          If you think someone else has access, change your password and use “sign out everywhere” in{' '}
          <Link to="/settings">Settings</Link>, then tell us.
        </li>
        <li>Do not create accounts to get around a suspension, a limit or an exam’s attempt count.</li>
      </ul>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content stays yours',
    content: (
      <>
        <p>
          You own what you write on Inkwell: your lessons, stories, books, exams, comments and forum posts.
          Publishing does not transfer your copyright to us.
        </p>
        <p>
          So that we can show your work, you give Inkwell a non-exclusive, worldwide, royalty-free licence to
          store, display, format and deliver it on Inkwell to the audience you chose (everyone, your
          subscribers or the buyers of a book), and to show its title, cover and excerpt in feeds, search
          results, previews and notifications. The licence ends when you delete the content or your account,
          apart from copies we must keep for a short time in backups.
        </p>
        <p>
          You must have the right to publish what you post. Quote others fairly and credit them; do not upload
          work that belongs to someone else.
        </p>
      </>
    ),
  },
  {
    id: 'review',
    title: 'Review and moderation',
    content: (
      <>
        <p>
          Posts, books and exams are read by an Inkwell moderator before they are published (work by Inkwell’s
          own admins is published directly). A moderator either approves the submission or rejects it with a
          reason, and you are notified either way. You can fix a rejected submission and send it again.
        </p>
        <p>
          Anyone can report a post, comment, forum reply or book that seems to break these terms. Reports go
          to our moderators, who may remove content, lock or delete a thread, or suspend an account. Review is
          about these terms and basic quality, not about taste or opinions we disagree with.
        </p>
      </>
    ),
  },
  {
    id: 'prohibited',
    title: 'What is not allowed',
    content: (
      <ul>
        <li>Copying other people’s work and passing it off as yours, or infringing anyone’s copyright.</li>
        <li>
          Harassment, threats, hate directed at people for who they are, or encouraging violence or self-harm.
        </li>
        <li>Sexual content involving minors, and pornographic material of any kind.</li>
        <li>Publishing someone’s private information without their consent.</li>
        <li>Spam, scams, misleading links, malware, or fake accounts, likes, reviews or subscriptions.</li>
        <li>Selling or sharing the answers to exams on Inkwell, or offering to sit exams for others.</li>
        <li>Anything illegal where you live or where Inkwell operates.</li>
      </ul>
    ),
  },
  {
    id: 'purchases',
    title: 'Buying books',
    content: (
      <>
        <p>
          The price of a book is shown before you pay, and the first chapters the writer marked as a preview
          are free to read. Payment goes through our payment provider; the book is added to your library once
          the provider confirms the payment.
        </p>
        <p>
          A book you buy is for your own reading, in the Inkwell reader and, where the writer offers it, as a
          download. Do not share, resell or republish it. If a purchase went wrong, write to us with the order
          reference and we will look into it.
        </p>
      </>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions',
    content: (
      <>
        <p>
          Writers set a monthly subscription price; a price of zero makes subscribing a free follow.
          Subscribers can read the writer’s posts marked for subscribers.
        </p>
        <p>
          A paid subscription renews every month until you cancel it on the{' '}
          <Link to="/subscriptions">Subscriptions</Link> page. When you cancel, no further payment is taken
          and you keep access until the end of the month you have already paid for.
        </p>
      </>
    ),
  },
  {
    id: 'earnings',
    title: 'Earnings, platform fee and payouts',
    content: (
      <>
        <p>
          When a reader buys your book or pays for a subscription to you, Inkwell keeps a platform fee of{' '}
          {PLATFORM_FEE_PERCENT}% of the amount paid and the rest is credited to you. Every sale and renewal
          is shown on your <Link to="/earnings">Earnings</Link> page with its gross amount, the fee and what
          you receive. If we ever change the fee, we will tell you in advance, and the new fee applies only to
          sales made after the change.
        </p>
        <p>
          You can request a payout once your available balance reaches {formatAmount(PAYOUT_MINIMUM_MINOR)} in
          your account’s currency. We record each payout when it is paid. You are responsible for any tax due
          on your earnings.
        </p>
      </>
    ),
  },
  {
    id: 'exams',
    title: 'Exams and fairness',
    content: (
      <>
        <p>
          An exam’s clock is kept by our server, not by your device. Answers sent after the deadline are
          refused, and an open attempt is submitted automatically when time runs out. Leaving the exam tab
          during an attempt is counted and shown to the exam’s author.
        </p>
        <p>
          Take exams yourself, without help from other people and without sharing the questions. Authors must
          write questions with correct answers and fair explanations. We may remove attempts from a
          leaderboard, or an exam from Inkwell, when the rules are broken.
        </p>
        <p>
          Exams on Inkwell are for practice and learning. They are not accredited qualifications unless their
          author says otherwise and can show it.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and closing your account',
    content: (
      <>
        <p>
          You can delete your account at any time in Settings. We may suspend an account that breaks these
          terms; suspension signs the account out everywhere and stops it from signing in. If you think we
          have made a mistake, <Link to="/contact">tell us</Link> and a person will look at it again.
        </p>
        <p>
          Sections about content you have already licensed to readers, payments already made and liability
          continue to apply after an account is closed.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    content: (
      <>
        <p>
          Lessons, stories and exams on Inkwell are written by its community. Moderators check them, but we
          cannot promise that every fact is right; check anything important, such as exam dates or medical
          advice, with an official source.
        </p>
        <p>
          We work to keep Inkwell available and your work safe, but we provide the service as it is, without
          guarantees that it will always be uninterrupted or error-free. As far as the law allows, we are not
          liable for indirect losses, and our total liability to you is limited to what you paid Inkwell in
          the twelve months before the claim. Nothing in these terms limits rights you have by law that cannot
          be limited.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms as Inkwell grows. We change the date at the top when we do, and for changes
        that affect what you can do or what you pay, we notify you in Inkwell before they take effect. If you
        do not agree with a change, you can delete your account before it applies.
      </p>
    ),
  },
]

export default function Terms() {
  useDocumentTitle('Terms of use')
  return (
    <LegalPage
      title="Terms of use"
      intro={
        <p>
          The rules for reading, writing, buying and selling on Inkwell: what you own, what we may do with it,
          how money moves between readers, writers and us, and what we expect from everyone.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
