import { Static } from '~/components/ui/static'
import { ContactDetails } from './contact-details'
import { useSiteMessages } from '~/lib/site/root-data'

/** 'Book Your Appointment': the clinic's contact details beside the appointment form. */
export function BookingSection({ id, children }: { id: string; children: React.ReactNode }) {
  const booking = useSiteMessages('clinic').booking
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20 bg-primary/10 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {booking.heading}
          </h2>
          <span aria-hidden="true" className="mx-auto mt-4 block h-1 w-12 rounded-full bg-primary" />
          <p className="mt-4 text-lg text-slate-700">{booking.intro}</p>
        </div>
        <div className="mt-12 grid items-start gap-8 lg:grid-cols-[2fr_3fr]">
          <Static
            as="section"
            aria-labelledby={`${id}-contact`}
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
          >
            <h3 id={`${id}-contact`} className="mb-6 text-xl font-bold text-slate-900">
              {booking.contactHeading}
            </h3>
            <ContactDetails />
          </Static>
          <section aria-labelledby={`${id}-form`} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <h3 id={`${id}-form`} className="mb-6 text-xl font-bold text-slate-900">
              {booking.formHeading}
            </h3>
            {children}
          </section>
        </div>
      </div>
    </section>
  )
}
