import { PostArticle } from '~/components/posts/post-article'
import { postMeta } from '~/lib/posts/post-meta'
import { useLocale } from '~/lib/site/root-data'
import type { Route } from './+types/blog-post'
import { postPageLoader } from '../+shared/posts.server'

export const meta: Route.MetaFunction = ({ data, matches }) =>
  postMeta(data?.post, matches[0]?.loaderData?.messages?.common.brand.clinicName)

export const loader = (args: Route.LoaderArgs) => postPageLoader('articles', args)

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, texts, preview, course } = loaderData
  return <PostArticle post={post} texts={texts} locale={useLocale()} preview={preview} course={course} />
}
