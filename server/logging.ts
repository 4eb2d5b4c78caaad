import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import pino from 'pino'
import type { BuildOptions } from './app.ts'
import type { Config } from './env.ts'

/**
 * Fastify's line for each request ("incoming request", "request completed", a stream the browser
 * closed) at debug instead of info. A request that failed is still an error.
 */
export class RequestsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply)
    if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
    }
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      return super.streamError(error, request, reply)
    }
    if (!this.isLogDisabled(request)) reply.log.debug({ res: reply }, 'stream closed prematurely')
  }
}

/**
 * Logs are JSON lines at LOG_LEVEL. When a person watches the terminal (a TTY) outside production,
 * two lines per request would scroll the start banner (address, demo sign-ins, mail) away within
 * seconds: requests go down to debug there (LOG_LEVEL=debug shows them), and lines are written at
 * once, as a terminal's console.log is, so none logged while starting lands under the banner.
 * Production, and any output a program reads, keeps buildApp's default: a JSON line per request,
 * written asynchronously.
 */
export function loggingOptions(
  config: Config,
  watched: boolean,
): Pick<BuildOptions, 'logger' | 'logController'> {
  if (!watched || config.env === 'production') return {}
  return {
    logger: { level: config.logLevel, stream: pino.destination({ dest: 1, sync: true }) },
    logController: new RequestsAtDebug(),
  }
}
