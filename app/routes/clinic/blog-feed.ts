import type { Route } from './+types/blog-feed'
import { postFeedLoader } from '../+shared/post-files.server'

/** The clinic's articles as an Atom feed, per language. */
export const loader = (args: Route.LoaderArgs) => postFeedLoader('articles', args)
