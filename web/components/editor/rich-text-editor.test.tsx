import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { FormEvent } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { IMAGE_ALT_MAX_LENGTH } from '#common/constants.ts'
import { editorNamed, useEditorLayout } from '#web/test/editor.ts'
import { deferred, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { RichTextEditor } from './rich-text-editor.tsx'

const SRC = '/api/files/images/0b6f4c1e-1111-4a2b-9c3d-123456789abc.png'
const photo = () => new File([new Uint8Array(64)], 'heron.png', { type: 'image/png' })

/** The editor as the post form holds it: inside a <form>, which its dialogs must not submit. */
function show(initialHtml = '') {
  const onChange = vi.fn()
  const onSubmitPost = vi.fn((event: FormEvent) => event.preventDefault())
  const view = renderAt(
    <form onSubmit={onSubmitPost}>
      <RichTextEditor initialHtml={initialHtml} onChange={onChange} />
    </form>,
  )
  return { ...view, onChange, onSubmitPost }
}

/** A file picked with the Image tool (which clicks a hidden file input, never focused). */
const pickImage = (container: HTMLElement) =>
  fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [photo()] } })

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs a string.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() })
})

describe('RichTextEditor: an uploaded image', () => {
  useEditorLayout()

  it('asks for alt text before it goes in, with an optional caption that counts as words', async () => {
    stubFetch({ 'POST /api/uploads/images': jsonResponse({ url: SRC }, 201) })
    const { user, container, onChange, onSubmitPost } = show()
    pickImage(container)

    const dialog = await screen.findByRole('dialog', { name: 'Describe this image' })
    const alt = within(dialog).getByRole('textbox', { name: 'Alt text' })
    expect(alt).toHaveFocus()
    expect(alt).toHaveAccessibleDescription('Describe the image for people who can’t see it.')
    expect(alt).toHaveAttribute('maxLength', String(IMAGE_ALT_MAX_LENGTH))
    const insert = await within(dialog).findByRole('button', { name: 'Insert image' })
    await user.click(insert)
    expect(
      await within(dialog).findByText('Describe the image, or mark it as decorative.'),
    ).toBeInTheDocument()
    expect(alt).toHaveAttribute('aria-invalid', 'true')
    expect(onChange).not.toHaveBeenCalled()

    await user.type(alt, '  A grey heron standing in shallow water ')
    await user.type(within(dialog).getByRole('textbox', { name: 'Caption (optional)' }), 'Dawn at the lake')
    await user.click(insert)

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // StarterKit keeps a paragraph after the last image, to write on.
    expect(onChange).toHaveBeenLastCalledWith(
      `<figure><img src="${SRC}" alt="A grey heron standing in shallow water"><figcaption>Dawn at the lake</figcaption></figure><p></p>`,
    )
    expect(screen.getByRole('img', { name: 'A grey heron standing in shallow water' })).toBeInTheDocument()
    expect(screen.getByText('4 words')).toBeInTheDocument()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview')
    expect(onSubmitPost).not.toHaveBeenCalled()
  })

  it('stores alt="" for an image the writer marks decorative, with no caption, and leaves the cursor below it', async () => {
    stubFetch({ 'POST /api/uploads/images': jsonResponse({ url: SRC }, 201) })
    const { user, container, onChange } = show('<p>Words first.</p><p>Then more.</p>')
    const editor = editorNamed('Post body')
    act(() => {
      editor.commands.setTextSelection(13) // the end of the first paragraph
    })
    pickImage(container)
    const dialog = await screen.findByRole('dialog', { name: 'Describe this image' })
    const alt = within(dialog).getByRole('textbox', { name: 'Alt text' })
    await user.type(alt, 'Soon unsaid')
    const decorative = within(dialog).getByRole('checkbox', { name: 'Decorative image' })
    expect(decorative).toHaveAccessibleDescription('It adds nothing to the text, so screen readers skip it.')
    await user.click(decorative)
    expect(alt).toBeDisabled()
    await user.click(await within(dialog).findByRole('button', { name: 'Insert image' }))
    // Not left selected (a key typed would replace it): the cursor waits in a new paragraph below.
    expect(onChange).toHaveBeenLastCalledWith(
      `<p>Words first.</p><figure><img src="${SRC}" alt=""></figure><p></p><p>Then more.</p>`,
    )
    expect(editor.state.selection.$from.parent.content.size).toBe(0)
    expect(editor.state.selection.from).toBe(
      editor.state.doc.child(0).nodeSize + editor.state.doc.child(1).nodeSize + 1,
    )
  })

  it('waits for the upload to insert, and inserts nothing when it fails or the writer cancels', async () => {
    const held = deferred<Response>()
    stubFetch({ 'POST /api/uploads/images': () => held.promise })
    const { user, container, onChange } = show()
    pickImage(container)
    const dialog = await screen.findByRole('dialog', { name: 'Describe this image' })
    expect(within(dialog).getByRole('button', { name: 'Uploading…' })).toBeDisabled()
    expect(within(dialog).getByRole('presentation')).toHaveAttribute('src', 'blob:preview')
    await user.type(within(dialog).getByRole('textbox', { name: 'Alt text' }), 'A heron{Enter}')
    expect(screen.getByRole('dialog')).toBeInTheDocument()

    held.resolve(errorResponse(413, 'payload_too_large', 'That image is larger than 5 MB'))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That image is larger than 5 MB')
    expect(within(dialog).getByRole('button', { name: 'Insert image' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(onChange).not.toHaveBeenCalled()
  })
  it('lets go of the preview when the editor goes away with the dialog open', async () => {
    stubFetch({ 'POST /api/uploads/images': () => deferred<Response>().promise })
    const { container, unmount } = show()
    pickImage(container)
    await screen.findByRole('dialog', { name: 'Describe this image' })
    expect(URL.revokeObjectURL).not.toHaveBeenCalled()

    unmount()
    expect(URL.revokeObjectURL).toHaveBeenCalledExactlyOnceWith('blob:preview')
  })

  it('lets go of the preview once when the writer cancels', async () => {
    stubFetch({ 'POST /api/uploads/images': jsonResponse({ url: SRC }, 201) })
    const { user, container, unmount } = show()
    pickImage(container)
    const dialog = await screen.findByRole('dialog', { name: 'Describe this image' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(URL.revokeObjectURL).toHaveBeenCalledExactlyOnceWith('blob:preview')
    unmount()
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(1)
  })
})

describe('RichTextEditor: an image already in the post', () => {
  useEditorLayout()

  it('loads a bare image from an older post and lets the writer describe and caption it', async () => {
    const { user, onChange, onSubmitPost } = show(`<p>Intro.</p><img src="${SRC}" alt=""><p>More.</p>`)
    expect(await screen.findByText('Decorative: no alt text')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Alt text & caption: decorative image 1' }))

    const dialog = screen.getByRole('dialog', { name: 'Alt text and caption' })
    const decorative = within(dialog).getByRole('checkbox', { name: 'Decorative image' })
    expect(decorative).toBeChecked()
    await user.click(decorative)
    await user.type(within(dialog).getByRole('textbox', { name: 'Alt text' }), 'A heron')
    await user.type(within(dialog).getByRole('textbox', { name: 'Caption (optional)' }), 'Photo: Mei')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(onChange).toHaveBeenLastCalledWith(
      `<p>Intro.</p><figure><img src="${SRC}" alt="A heron"><figcaption>Photo: Mei</figcaption></figure><p>More.</p>`,
    )
    expect(screen.getByText('Photo: Mei')).toBeInTheDocument()
    expect(screen.queryByText('Decorative: no alt text')).not.toBeInTheDocument()
    expect(onSubmitPost).not.toHaveBeenCalled()
  })

  it('edits a stored figure with its alt text and caption filled in, and Cancel changes nothing', async () => {
    const { user, onChange } = show(
      `<figure><img src="${SRC}" alt="A heron" /><figcaption>Dawn, <em>Lake Vänern</em></figcaption></figure>`,
    )
    expect(await screen.findByRole('img', { name: 'A heron' })).toBeInTheDocument()
    expect(screen.getByText('Dawn, Lake Vänern')).toBeInTheDocument()

    fireEvent.doubleClick(screen.getByRole('img', { name: 'A heron' }))
    const dialog = screen.getByRole('dialog', { name: 'Alt text and caption' })
    expect(within(dialog).getByRole('textbox', { name: 'Alt text' })).toHaveValue('A heron')
    expect(within(dialog).getByRole('checkbox', { name: 'Decorative image' })).not.toBeChecked()
    const caption = within(dialog).getByRole('textbox', { name: 'Caption (optional)' })
    expect(caption).toHaveValue('Dawn, Lake Vänern')
    await user.clear(caption)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onChange).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Alt text & caption: A heron' }))
    await user.clear(screen.getByRole('textbox', { name: 'Caption (optional)' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onChange).toHaveBeenLastCalledWith(`<figure><img src="${SRC}" alt="A heron"></figure><p></p>`)
  })

  it('names each image’s edit button after its image, so several can be told apart', async () => {
    show(`<img src="${SRC}" alt="A heron"><img src="${SRC}" alt=""><p>Between.</p><img src="${SRC}" alt="">`)
    const editButtons = () => screen.getAllByRole('button', { name: /^Alt text & caption/ })
    await waitFor(() => expect(editButtons()).toHaveLength(3))
    const edit = editButtons()
    expect(edit.map((button) => button.textContent)).toEqual([
      'Alt text & caption',
      'Alt text & caption',
      'Alt text & caption',
    ])
    expect(edit.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Alt text & caption: A heron',
      'Alt text & caption: decorative image 2',
      'Alt text & caption: decorative image 3',
    ])

    // An image put in before them: the decorative ones are counted again.
    act(() => {
      editorNamed('Post body')
        .chain()
        .insertContentAt(0, { type: 'image', attrs: { src: SRC, alt: 'A kingfisher' } })
        .run()
    })
    await waitFor(() =>
      expect(editButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
        'Alt text & caption: A kingfisher',
        'Alt text & caption: A heron',
        'Alt text & caption: decorative image 3',
        'Alt text & caption: decorative image 4',
      ]),
    )
  })
})
