/** Calling a route's loader or action as the server does: after the middleware of its routes. */

type Middleware = (args: never, next: never) => unknown

/**
 * The handler behind `middleware` (the admin layout's, or a resource route's own), in order. As in
 * React Router, a middleware that does not call `next` has it called once it returns.
 */
export function afterMiddleware(middleware: readonly Middleware[], handler: unknown): (args: never) => Promise<unknown> {
  return (args) => {
    const run = async (index: number): Promise<unknown> => {
      if (index === middleware.length) return (handler as (args: unknown) => unknown)(args)
      let called = false
      let result: unknown
      const next = async () => {
        called = true
        result = await run(index + 1)
        return result
      }
      const returned = await (middleware[index] as (args: unknown, next: unknown) => unknown)(args, next)
      return called ? (returned ?? result) : run(index + 1)
    }
    return run(0)
  }
}
