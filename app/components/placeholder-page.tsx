import { useMessages } from '~/lib/site/root-data'
import { useToast } from './ui/toast'

/** Title, 'This page is under construction.' and a 'Request This Feature' button (docs/product.md#pages-under-construction). */
export function PlaceholderPage({ title, children }: { title: string; children?: React.ReactNode }) {
  const messages = useMessages().common.placeholder
  const toast = useToast()
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{messages.underConstruction}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className="rounded-md border border-primary px-5 py-2.5 font-bold text-primary hover:bg-primary/10"
          onClick={() => toast({ title: messages.comingSoonTitle, description: messages.comingSoonText })}
        >
          {messages.requestFeature}
        </button>
        {children}
      </div>
    </section>
  )
}
