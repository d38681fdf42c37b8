import { PostArticle } from '~/components/posts/post-article'
import { useLocale } from '~/lib/site/root-data'
import type { Route } from './+types/news-post'
import { postPageLoader } from '../+shared/posts.server'

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const messages = matches[0]?.loaderData?.messages
  if (!data || !messages) return []
  const site = messages.common.brand.academyName
  const title = `${data.post.title} | ${site}`
  return [
    { title },
    { property: 'og:title', content: title },
    ...(data.post.summary
      ? [
          { name: 'description', content: data.post.summary },
          { property: 'og:description', content: data.post.summary },
        ]
      : []),
  ]
}

export const loader = (args: Route.LoaderArgs) => postPageLoader('news', args)

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, texts, preview, course } = loaderData
  return <PostArticle post={post} texts={texts} locale={useLocale()} preview={preview} course={course} />
}
