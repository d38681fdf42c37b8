import type { Route } from './+types/news-feed'
import { postFeedLoader } from '../+shared/post-files.server'

/** The academy's News & Events as an Atom feed, per language. */
export const loader = (args: Route.LoaderArgs) => postFeedLoader('news', args)
