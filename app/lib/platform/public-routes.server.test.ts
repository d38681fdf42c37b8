import { describe, expect, it } from 'vitest'
import { publicRoutes } from './public-routes.server'

const route = (id: string, path: string) => ({ id, path, parentId: 'root', module: `/assets/${id.replace(/\W/g, '-')}.js` })

describe('publicRoutes', () => {
  const routes = {
    root: { ...route('root', ''), parentId: undefined },
    'routes/clinic/home': route('routes/clinic/home', 'clinic'),
    'routes/set-language': route('routes/set-language', 'set-language'),
    'routes/admin/layout': route('routes/admin/layout', 'admin'),
    'routes/admin/requests': route('routes/admin/requests', 'requests'),
  }

  it("keeps every route but the staff panel's, as the manifest gives them", () => {
    expect(publicRoutes(routes)).toEqual({
      root: routes.root,
      'routes/clinic/home': routes['routes/clinic/home'],
      'routes/set-language': routes['routes/set-language'],
    })
  })

  it('works them out once for a build', () => {
    expect(publicRoutes(routes)).toBe(publicRoutes(routes))
  })
})
