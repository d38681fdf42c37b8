import { data } from 'react-router'
import { NotFoundPage } from '~/components/not-found-page'
import { useRootData } from '~/lib/site/root-data'
import type { Route } from './+types/not-found'

export function loader() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData as { messages?: { common: { notFound: { title: string } } } } | undefined
  return [{ title: root?.messages?.common.notFound.title ?? 'Page not found' }, { name: 'robots', content: 'noindex' }]
}

export default function NotFound() {
  const { messages, locale } = useRootData()
  return <NotFoundPage messages={messages.common} locale={locale} />
}
