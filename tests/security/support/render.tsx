/**
 * Server-side rendering of the screens that show what visitors typed: the public form pages with
 * their answer (the success panel), and the admin request list and detail screens, each with the
 * data the real loaders return. The HTML is what a browser would receive for that part of the page.
 */
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { Outlet, createRoutesStub } from 'react-router'
import { expect } from 'vitest'

type StubComponent = ComponentType<Record<string, unknown>>

interface Screen {
  /** The route's id, as its loader data is keyed. */
  id: string
  path: string
  Component: unknown
  loaderData?: unknown
  actionData?: unknown
}

/** Renders a route inside its parent (the document root or the admin shell) with the given data. */
export function renderScreen(url: string, parent: Screen, child: Screen): string {
  const Stub = createRoutesStub([
    {
      id: parent.id,
      path: parent.path,
      Component: (parent.Component ?? Outlet) as StubComponent,
      children: [{ id: child.id, path: child.path, Component: child.Component as StubComponent }],
    },
  ])
  const loaderData: Record<string, unknown> = { [parent.id]: parent.loaderData }
  if (child.loaderData !== undefined) loaderData[child.id] = child.loaderData
  const hydrationData = { loaderData, actionData: child.actionData === undefined ? null : { [child.id]: child.actionData } }
  return renderToString(<Stub initialEntries={[url]} hydrationData={hydrationData} />)
}

/** Text as React writes it into HTML (text and attribute values alike). */
function escapedAsReact(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!)
}

/** Markup that only an unescaped value could have put into the HTML. */
const INJECTED = [/<script[\s>]/i, /<[a-z][^>]*\son[a-z]+=/i, /<(?:iframe|math|x|style)[\s>]/i]

/**
 * Nothing of `values` survives as markup: no value containing a character HTML treats specially
 * appears as it was typed, and the HTML holds no tag or attribute an injection would add.
 */
export function expectEscaped(html: string, values: readonly (string | null | undefined)[], label: string): void {
  // Without the escaped values, what is left is the page's own markup and anything unescaped.
  let rest = html
  const present = values.filter((value): value is string => Boolean(value)).sort((a, b) => b.length - a.length)
  for (const value of present) rest = rest.split(escapedAsReact(value)).join('\u0000')
  for (const value of present) {
    // Short values (a lone '<', 'a"') occur in any page's own markup; the patterns below cover them.
    // A value whose only special character is '&' cannot open markup even unescaped, and text
    // such as '&lt;script&gt;' is also what another value's escaped '<script>' looks like.
    if (value.trim().length < 6 || !/[<>"']/.test(value)) continue
    expect(rest.includes(value), `${label}: the value ${JSON.stringify(value.slice(0, 80))} appears unescaped`).toBe(false)
  }
  // React writes every attribute value in double quotes with '"' escaped, and escapes '<' in text:
  // with the attribute values blanked, every '<' left opens a tag the page really has.
  const markup = html.replace(/="[^"]*"/g, '=""')
  for (const pattern of INJECTED) expect(pattern.test(markup), `${label}: ${pattern} in the HTML`).toBe(false)
  expect(/\s(?:href|src|action)="\s*javascript:/i.test(html), `${label}: a javascript: address`).toBe(false)
}

/** The value is shown (escaped), so the check above did not pass because nothing was rendered. */
export function expectShown(html: string, value: string, label: string): void {
  expect(html.includes(escapedAsReact(value)), `${label}: ${JSON.stringify(value.slice(0, 80))} is not shown`).toBe(true)
}
