import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react'

const CONTROL =
  'block w-full rounded-lg border bg-white px-3 py-2 text-[15px] text-stone-900 shadow-xs placeholder:text-stone-400 focus:outline-none focus:ring-2 disabled:bg-stone-100'
const controlClass = (error?: string) =>
  `${CONTROL} ${error ? 'border-red-600 focus:ring-red-600/30' : 'border-stone-300 focus:border-ink-600 focus:ring-ink-600/20'}`

interface FieldShellProps {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  children: ReactNode
}

function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  error?: string
  hint?: ReactNode
  ref?: Ref<HTMLInputElement>
}

export function TextField({ label, error, hint, id, ref, ...rest }: TextFieldProps) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <input
        id={fieldId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={controlClass(error)}
        {...rest}
      />
    </FieldShell>
  )
}

type PresetFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: string }

/** An e-mail address: the keyboard, autofill and spelling set for one. */
export function EmailField({ label = 'E-mail', ...rest }: PresetFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      {...rest}
    />
  )
}

/** A password; `autoComplete` tells password managers whether to fill the saved one or offer a new one. */
export function PasswordField({
  label = 'Password',
  ...rest
}: PresetFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  return <TextField label={label} type="password" {...rest} />
}

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string
  error?: string
  hint?: ReactNode
  ref?: Ref<HTMLTextAreaElement>
}

export function TextArea({ label, error, hint, id, ref, rows = 4, ...rest }: TextAreaProps) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <textarea
        id={fieldId}
        ref={ref}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={controlClass(error)}
        {...rest}
      />
    </FieldShell>
  )
}
