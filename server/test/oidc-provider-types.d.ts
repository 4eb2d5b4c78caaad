// oidc-provider ships no types; this is the part the OpenID Connect tests use (server/test/oidc-provider.ts, 8.x: the last to support Node 20).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }
  interface Context {
    oidc: {
      client: { clientId: string }
      session: { accountId: string }
      provider: { Grant: new (init: { clientId: string; accountId: string }) => Grant }
    }
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ prompt: { name: string } }>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
  }
  export type { Context }
}
