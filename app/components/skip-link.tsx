import { useMessages } from '~/lib/site/root-data'

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded bg-white px-4 py-2 font-bold text-slate-900 focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
    >
      {useMessages().common.skipToContent}
    </a>
  )
}
