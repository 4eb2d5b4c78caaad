import { Link } from 'react-router'
import { IMAGE_MAX_BYTES } from '#common/constants.ts'
import { emailSettingsPath } from '#common/paths.ts'
import { LegalPage, type LegalSection } from '#web/features/static/components/legal-page.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

const imageLimitMb = IMAGE_MAX_BYTES / (1024 * 1024)

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          Inkwell is a platform where writers publish lessons, fiction and true stories, sell books and set
          exams, and where readers read, learn, take exams and talk in forums. In this policy, “Inkwell”, “we”
          and “us” mean the team that runs the platform and decides what happens to the information described
          here.
        </p>
        <p>
          This policy covers the Inkwell website and everything you do while signed in to it. If you have a
          question about it, <Link to="/contact">write to us through the contact page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-keep',
    title: 'What we keep',
    content: (
      <>
        <p>We keep only what we need to run Inkwell for you:</p>
        <ul>
          <li>
            <strong>Your account:</strong> your name, your e-mail address, whether you have confirmed it, your
            role (reader and writer, or admin) and when you joined. Your password is stored only as a one-way
            hash; nobody at Inkwell can read it.
          </li>
          <li>
            <strong>Your profile:</strong> your display name, short bio, avatar, links, the subjects you are
            interested in, whether you are here to read, write or both, and, if you are a writer, your monthly
            subscription price.
          </li>
          <li>
            <strong>What you create:</strong> posts and their drafts, books and their chapters, exams and
            their questions, comments, forum threads and replies, reports you file and messages you send us.
          </li>
          <li>
            <strong>What you do that features depend on:</strong> likes, the place you stopped in each book,
            your exam attempts (answers, score, time taken and how often you left the exam tab), the writers
            you subscribe to, the books you own, your notifications, and views and reads of posts so writers
            can see how their work is doing.
          </li>
          <li>
            <strong>Payments and earnings:</strong> each order (what was bought, the amount, the currency, its
            status and reference), and for writers the earnings it produced and the payouts they requested. We
            do not receive or store card numbers; see <a href="#payments">Payments</a>.
          </li>
          <li>
            <strong>Security records:</strong> the IP address of requests, used to limit abuse (for example
            how many contact messages or sign-in attempts come from one address) and in short-lived server
            logs.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    content: (
      <>
        <p>
          We use this information to sign you in, show your work to the readers you chose, deliver the books
          and subscriptions you pay for, pay writers what they earned, keep exams fair, review submissions and
          reports, answer your messages and keep the platform safe from spam and abuse.
        </p>
        <p>
          We do not sell your information, we do not show advertising, and we do not build profiles of you for
          anyone else.
        </p>
      </>
    ),
  },
  {
    id: 'what-others-see',
    title: 'What other people can see',
    content: (
      <>
        <p>
          <strong>Public:</strong> your name, avatar, bio and links; everything you publish (posts, books,
          exams); your comments and forum posts; and your name, score and time on the leaderboard of an exam
          you took.
        </p>
        <p>
          <strong>Seen by the people concerned:</strong> a writer is told when you subscribe to them or
          cancel; the author of an exam sees the attempts on it, including how often each person left the exam
          tab; the author of a thread is told when you reply.
        </p>
        <p>
          <strong>Private:</strong> your e-mail address (except to the writers you follow or subscribe to: see{' '}
          <a href="#email">E-mail</a>), drafts, purchases, reading positions and payment details. Admins can
          see account details when they review content, handle a report or answer a message, and only for that
          purpose.
        </p>
      </>
    ),
  },
  {
    id: 'email',
    title: 'E-mail',
    content: (
      <>
        <p>
          We use your e-mail address for your account: confirming the address, sign-in links, password resets,
          confirming a change of address, receipts, and answering messages you send us. We never show your
          address to other users, and we send no advertising. The one exception is below: a writer you follow
          or subscribe to can download their list of subscribers.
        </p>
        <p>
          <strong>Newsletters.</strong> When a writer you follow publishes a new post, we e-mail it to you,
          unless you or the writer chose otherwise. You choose per writer, or turn newsletters off altogether,
          in <Link to={emailSettingsPath}>Settings, under E-mail</Link>.
        </p>
        <ul>
          <li>
            Newsletters carry <strong>no open-tracking pixels</strong> and <strong>no click tracking</strong>:
            we do not know whether you opened a mail or which links you followed, and links go straight to
            where they say.
          </li>
          <li>
            Every newsletter has a <strong>one-click unsubscribe</strong> link, which your mail app can also
            show as its own Unsubscribe button. It needs no sign-in and no password.
          </li>
          <li>
            We record whether each newsletter was delivered, so we stop mailing an address that its mail
            server refuses for good. Writers see only totals for each post (how many were sent, failed,
            bounced or unsubscribed), never who opened what.
          </li>
          <li>
            A writer can <strong>export their subscribers</strong> as a file: the e-mail address and name of
            each person who follows or subscribes to them, and whether they take the newsletter, so they keep
            their readers if they take their newsletter elsewhere.
          </li>
          <li>
            A writer moving from another newsletter service can <strong>import their list</strong> of
            subscribers' addresses. An imported address gets one e-mail asking its owner to confirm, and
            nothing else unless they do: ignoring that mail is enough to say no. Once an address unsubscribes
            or bounces, that writer cannot import it again. We keep an imported address, the name that came
            with it and whether it confirmed, for that writer only.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    content: (
      <>
        <p>
          Inkwell sets one cookie: a session cookie that keeps you signed in. It is created when you sign in
          and removed when you sign out. We use no analytics, advertising or tracking cookies, and we load no
          third-party trackers.
        </p>
        <p>
          When you pay, you are taken to our payment provider’s checkout page. That page is run by the
          provider and may set its own cookies under its own policy.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    content: (
      <p>
        Book purchases and paid subscriptions are processed by our payment provider. You enter your card
        details on the provider’s page, not on Inkwell. The provider tells us whether a payment succeeded and
        gives us a reference; we keep that with your order. A purchase or subscription takes effect only when
        the provider confirms the payment.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>
          We share information only with the services that run Inkwell for us, and only what each one needs:
        </p>
        <ul>
          <li>our payment provider, for the order being paid;</li>
          <li>
            the e-mail service that delivers account e-mail and newsletters, for the address and the message;
          </li>
          <li>the hosting and file storage services where the platform and your uploads live.</li>
        </ul>
        <p>We disclose information to authorities only when the law requires it.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <>
        <p>
          We keep your information while your account exists. When you delete your account, your account,
          profile and sessions are deleted and you are signed out everywhere.
        </p>
        <p>
          Some records outlive an account because we need them: records of payments, earnings and payouts are
          kept for as long as accounting law requires, and messages you sent through the contact form stay
          with us, no longer linked to an account, until we have dealt with them.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    content: (
      <>
        <ul>
          <li>
            <strong>Correct and edit:</strong> change your profile, e-mail address and password at any time in{' '}
            <Link to="/settings">Settings</Link>, and choose which notifications you receive.
          </li>
          <li>
            <strong>Export:</strong> ask for a copy of the information we hold about you through the{' '}
            <Link to="/contact">contact page</Link>, and we will send it to the e-mail address on your
            account.
          </li>
          <li>
            <strong>Delete:</strong> delete your account yourself in Settings, under Account. We ask you to
            confirm first, because it cannot be undone.
          </li>
          <li>
            <strong>Sign out everywhere:</strong> end every session on every device from Settings if you think
            someone else has access.
          </li>
        </ul>
        <p>
          Depending on where you live, you may also have the right to object to or restrict how we use your
          information, and to complain to your data protection authority. We would rather hear from you first,
          so we can put it right.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    content: (
      <p>
        Passwords are hashed, pages are served over encrypted connections, and uploaded images are checked by
        their content, not just their name, and limited to {imageLimitMb} MB. Suspending an account ends all
        of its sessions at once. No system is perfectly secure; if you find a weakness, please tell us through
        the contact page.
      </p>
    ),
  },
  {
    id: 'young-people',
    title: 'Young learners',
    content: (
      <p>
        Many people use Inkwell to study. If you are under 16, please use Inkwell with the agreement of a
        parent or guardian. If you are a parent and believe your child has given us information without your
        agreement, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy we update the date at the top of this page. If a change affects what we
        keep or who sees it, we also tell you in your Inkwell notifications before it takes effect.
      </p>
    ),
  },
]

export default function Privacy() {
  useDocumentTitle('Privacy policy')
  return (
    <LegalPage
      title="Privacy policy"
      intro={
        <p>
          What Inkwell keeps about you, why we keep it, who can see it, and what you can do about it. We have
          written it to be read, not skimmed past: it takes about five minutes.
        </p>
      }
      sections={SECTIONS}
      // Newsletters changed what this policy says about e-mail (the other legal texts did not change).
      lastUpdated={{ iso: '2026-11-29', label: '29 November 2026' }}
    />
  )
}
