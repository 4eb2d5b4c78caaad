// The offline page (offline.html) asks for its address again: on Retry, and by itself once the
// connection is back. The service worker answers with the page when the network answers.
const retry = () => location.reload()
document.getElementById('retry')?.addEventListener('click', retry)
addEventListener('online', retry)

// What this device keeps for reading offline (the indexes web/features/offline/kept-store.ts
// writes), listed so that the app opened offline at an address it does not keep (its start page)
// still leads to the books and posts that do open. Paths as common/paths.ts builds them.
const kept = (key) => {
  try {
    const list = JSON.parse(localStorage.getItem(key) ?? '[]')
    return Array.isArray(list) ? list : []
  } catch {
    return []
  }
}
const segment = encodeURIComponent
const items = [
  ...kept('inkwell:kept-books').map((b) => ({
    href: `/read/${segment(b.id)}`,
    title: b.title,
    kind: 'Book',
  })),
  ...kept('inkwell:kept-posts').map((p) => ({
    href: `/learn/${segment(p.authorId)}/${segment(p.slug)}`,
    title: p.title,
    kind: 'Saved post',
  })),
].filter((item) => typeof item.title === 'string')
const list = document.getElementById('kept')
if (items.length && list) {
  for (const item of items) {
    const link = document.createElement('a')
    link.href = item.href
    link.textContent = item.title
    const kind = document.createElement('span')
    kind.textContent = item.kind
    const row = document.createElement('li')
    row.append(link, kind)
    list.querySelector('ul')?.append(row)
  }
  list.hidden = false
}
