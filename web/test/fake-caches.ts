// jsdom has no Cache Storage: a small one in memory, keyed by URL as the browser's is. Stub it with
// vi.stubGlobal('caches', fakeCaches) and clear `stores` before each test.

export class FakeCache {
  entries = new Map<string, Response>()
  async put(request: RequestInfo, response: Response) {
    this.entries.set(typeof request === 'string' ? request : request.url, response)
  }
  async match(request: RequestInfo) {
    return this.entries.get(typeof request === 'string' ? request : request.url)?.clone()
  }
  async delete(request: RequestInfo) {
    return this.entries.delete(typeof request === 'string' ? request : request.url)
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url))
  }
}

export const stores = new Map<string, FakeCache>()
export const fakeCaches = {
  open: async (name: string) => stores.get(name) ?? stores.set(name, new FakeCache()).get(name),
  delete: async (name: string) => stores.delete(name),
}

/** The paths kept in the cache `name`, without the origin. */
export const keptPaths = (name: string) =>
  [...(stores.get(name)?.entries.keys() ?? [])].map((url) => url.replace(window.location.origin, ''))
