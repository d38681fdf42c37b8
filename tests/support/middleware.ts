/** Calling a route's loader or action as the server does: after the middleware of its routes. */

type Middleware = (args: never, next: never) => unknown

/**
 * The handler behind `middleware` (the admin layout's, or a resource route's own), in order. The
 * middleware of this app sets the context and never calls `next` itself.
 */
export function afterMiddleware(middleware: readonly Middleware[], handler: unknown): (args: never) => Promise<unknown> {
  return async (args) => {
    const next = () => {
      throw new Error('The middleware called next().')
    }
    for (const run of middleware) await (run as (args: unknown, next: unknown) => unknown)(args, next)
    return (handler as (args: unknown) => unknown)(args)
  }
}
