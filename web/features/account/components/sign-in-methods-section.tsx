import { Fingerprint, KeyRound, Lock } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { LinkedAccount, Passkey, SignInMethods } from '#common/schemas/sign-in-methods.ts'
import { ProviderMark } from '#web/components/provider-mark.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { formatDate } from '#web/lib/format.ts'
import { providerErrorMessage } from '#web/lib/provider-errors.ts'
import {
  needsConfirmation,
  useAddPasskey,
  useConnectProvider,
  useDisconnectProvider,
  useRemovePasskey,
  useSignInMethods,
} from '../api/sign-in-methods.ts'
import { devicePasskeyName } from '../passkey-name.ts'
import { ConfirmIdentityDialog } from './confirm-identity-dialog.tsx'
import { SettingsSection } from './settings-section.tsx'
import { ConfirmRemovalDialog, RenamePasskeyDialog } from './sign-in-method-dialogs.tsx'

/** Settings → Sign-in methods (decision 050): the password, passkeys and connected accounts. */
export function SignInMethodsSection({ email }: { email: string }) {
  return (
    <SettingsSection
      id="sign-in-methods"
      title="Sign-in methods"
      description={
        <>
          Your password, passkeys and connected accounts. A sign-in link e-mailed to{' '}
          <span className="wrap-anywhere text-stone-800">{email}</span> always works too.
        </>
      }
    >
      <Methods email={email} />
    </SettingsSection>
  )
}

const passkeyLabel = (passkey: Passkey) => passkey.name || 'Passkey'

function Methods({ email }: { email: string }) {
  const methods = useSignInMethods()
  const [params, setParams] = useSearchParams()
  const [confirming, setConfirming] = useState<{ doing: string; then: () => void } | null>(null)
  const [renaming, setRenaming] = useState<Passkey | null>(null)
  const [removing, setRemoving] = useState<
    { kind: 'passkey'; item: Passkey } | { kind: 'account'; item: LinkedAccount } | null
  >(null)
  const add = useAddPasskey()
  const removePasskey = useRemovePasskey()
  const connect = useConnectProvider()
  const disconnect = useDisconnectProvider()
  const [webAuthn, setWebAuthn] = useState(false)
  useEffect(() => setWebAuthn(typeof window.PublicKeyCredential === 'function'), [])

  // Back from a provider: connected (a toast), or why not (under the heading, until dismissed).
  const connected = params.get('connected')
  const failed = params.get('error')
  const providerId = params.get('provider') ?? connected
  const data = methods.data
  const providerName =
    [...(data?.accounts ?? []), ...(data?.available.map((p) => ({ ...p, providerId: p.id })) ?? [])].find(
      (p) => p.providerId === providerId,
    )?.name ?? providerId
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    if (!data || (!connected && !failed)) return
    if (connected) toast.success(`${providerName} is connected. You can sign in with it from now on.`)
    if (failed) setFailure(providerErrorMessage(failed, providerName, 'connect'))
    setParams({}, { replace: true, preventScrollReset: true })
    document.getElementById('sign-in-methods')?.scrollIntoView?.()
  }, [data, connected, failed, providerName, setParams])

  if (methods.isPending) return <Spinner label="Loading how you sign in…" />
  if (methods.isError)
    return <QueryError what="how you sign in" error={methods.error} onRetry={() => methods.refetch()} />
  const m: SignInMethods = methods.data

  const fresh = m.freshUntil !== null && Date.parse(m.freshUntil) > Date.now()
  /** Runs `then` on a fresh sign-in, else asks the person to confirm it is them first. */
  const whenConfirmed = (doing: string, then: () => void) => (fresh ? then() : setConfirming({ doing, then }))
  const askAgain = (doing: string, then: () => void) => (error: Error) => {
    if (needsConfirmation(error)) setConfirming({ doing, then })
  }

  const addPasskey = () =>
    add.mutate(devicePasskeyName(), {
      onSuccess: () => toast.success('Passkey added. Next time, sign in with it: no password needed.'),
      onError: askAgain('add a passkey', addPasskey),
    })
  const connectTo = (provider: { id: LinkedAccount['providerId']; name: string }) =>
    connect.mutate(provider.id, { onError: askAgain(`connect ${provider.name}`, () => connectTo(provider)) })

  const remove = () => {
    if (!removing) return
    const done = {
      onSuccess: () => {
        toast.success(
          removing.kind === 'passkey'
            ? `${passkeyLabel(removing.item)} is removed.`
            : `${removing.item.name} is disconnected.`,
        )
        setRemoving(null)
      },
      onError: (error: Error) => {
        setRemoving(null)
        if (removing.kind === 'account')
          askAgain(`disconnect ${removing.item.name}`, () => setRemoving(removing))(error)
      },
    }
    if (removing.kind === 'passkey') removePasskey.mutate(removing.item.id, done)
    else disconnect.mutate(removing.item.id, done)
  }

  return (
    <div className="space-y-8">
      {failure && (
        <div className="space-y-2">
          <Alert>{failure}</Alert>
          <button type="button" className="text-sm text-stone-600 underline" onClick={() => setFailure(null)}>
            Dismiss
          </button>
        </div>
      )}

      <MethodList title="Password">
        <MethodRow
          icon={<Lock className="size-5 text-stone-600" aria-hidden />}
          name={m.password ? 'Set' : 'Not set'}
          detail={m.password ? 'Change it in the Password section above.' : 'You sign in another way.'}
        >
          {!m.password && (
            <Link to="/forgot-password" className="text-sm font-medium text-ink-700 hover:underline">
              Set a password
            </Link>
          )}
        </MethodRow>
      </MethodList>

      <MethodList
        title="Passkeys"
        description="Sign in with your fingerprint, face or device PIN instead of a password. A passkey stays on your device or in your password manager, and works only on Inkwell."
        action={
          webAuthn ? (
            <Button
              variant="secondary"
              busy={add.isPending}
              onClick={() => whenConfirmed('add a passkey', addPasskey)}
            >
              {!add.isPending && <Fingerprint className="size-4" aria-hidden />} Add a passkey
            </Button>
          ) : (
            <p className="text-sm text-stone-600">This browser cannot make passkeys.</p>
          )
        }
      >
        {m.passkeys.length === 0 ? (
          <li className="px-4 py-3 text-sm text-stone-600">No passkeys yet.</li>
        ) : (
          m.passkeys.map((passkey) => (
            <MethodRow
              key={passkey.id}
              icon={<KeyRound className="size-5 text-ink-700" aria-hidden />}
              name={passkeyLabel(passkey)}
              detail={`Added ${formatDate(passkey.createdAt)}${passkey.backedUp ? ' · synced' : ''}`}
            >
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Rename ${passkeyLabel(passkey)}`}
                onClick={() => setRenaming(passkey)}
              >
                Rename
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${passkeyLabel(passkey)}`}
                onClick={() => setRemoving({ kind: 'passkey', item: passkey })}
              >
                Remove
              </Button>
            </MethodRow>
          ))
        )}
      </MethodList>

      {(m.accounts.length > 0 || m.available.length > 0) && (
        <MethodList
          title="Connected accounts"
          description="Sign in with an account you already have elsewhere."
          action={
            m.available.length > 0 && (
              <div className="flex flex-wrap gap-2">
                {m.available.map((provider) => (
                  <Button
                    key={provider.id}
                    variant="secondary"
                    busy={connect.isPending && connect.variables === provider.id}
                    onClick={() => whenConfirmed(`connect ${provider.name}`, () => connectTo(provider))}
                  >
                    <ProviderMark id={provider.id} /> Connect {provider.name}
                  </Button>
                ))}
              </div>
            )
          }
        >
          {m.accounts.length === 0 ? (
            <li className="px-4 py-3 text-sm text-stone-600">None connected.</li>
          ) : (
            m.accounts.map((linked) => (
              <MethodRow
                key={linked.id}
                icon={<ProviderMark id={linked.providerId} />}
                name={linked.name}
                detail={`Connected ${formatDate(linked.createdAt)}`}
              >
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Disconnect ${linked.name}`}
                  onClick={() => setRemoving({ kind: 'account', item: linked })}
                >
                  Disconnect
                </Button>
              </MethodRow>
            ))
          )}
        </MethodList>
      )}

      {confirming && (
        <ConfirmIdentityDialog
          email={email}
          hasPassword={m.password}
          doing={confirming.doing}
          onClose={() => setConfirming(null)}
          onConfirmed={() => {
            const then = confirming.then
            setConfirming(null)
            then()
          }}
        />
      )}
      {renaming && (
        <RenamePasskeyDialog
          passkey={{ id: renaming.id, name: passkeyLabel(renaming) }}
          onClose={() => setRenaming(null)}
        />
      )}
      {removing && (
        <ConfirmRemovalDialog
          title={
            removing.kind === 'passkey'
              ? `Remove ${passkeyLabel(removing.item)}?`
              : `Disconnect ${removing.item.name}?`
          }
          description={
            removing.kind === 'passkey'
              ? 'You will no longer sign in with this passkey. Your device or password manager may still list it: delete it there too.'
              : `You will no longer sign in with ${removing.item.name}. You can connect it again later.`
          }
          busy={removePasskey.isPending || disconnect.isPending}
          onRemove={remove}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  )
}

function MethodList({
  title,
  description,
  action,
  children,
}: {
  title: string
  description?: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="space-y-3">
      <div>
        <h3 className="font-sans text-[15px] font-semibold text-stone-900">{title}</h3>
        {description && <p className="mt-0.5 text-sm text-stone-600">{description}</p>}
      </div>
      <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">{children}</ul>
      {action}
    </div>
  )
}

function MethodRow({
  icon,
  name,
  detail,
  children,
}: {
  icon: ReactNode
  name: string
  detail: string
  children?: ReactNode
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-stone-100">
        {icon}
      </span>
      {/* At least this wide: on a phone the actions go to their own line instead of squeezing it. */}
      <div className="min-w-0 flex-1 basis-44">
        <p className="font-medium break-words text-stone-900">{name}</p>
        <p className="text-sm text-stone-600">{detail}</p>
      </div>
      {children && <div className="ml-auto flex shrink-0 items-center gap-1">{children}</div>}
    </li>
  )
}
