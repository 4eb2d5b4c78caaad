// The offline page (offline.html) asks for its address again: on Retry, and by itself once the
// connection is back. The service worker answers with the page when the network answers.
const retry = () => location.reload()
document.getElementById('retry')?.addEventListener('click', retry)
addEventListener('online', retry)
