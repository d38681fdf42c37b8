/** Without a connection: the offline page and the line on a kept page (docs/decisions/022-offline.md). */
export const offline = {
  notice: 'You are offline. You are seeing this page as it was saved on this phone at your last visit.',
  title: 'You are offline',
  text: 'This page was not saved on this phone, so it cannot be shown without a connection. You can still reach the clinic:',
  saved: 'The pages you opened before still open without a connection.',
  call: 'Call the clinic',
  whatsapp: 'Message us on WhatsApp',
  emergency: 'Dental emergency? Call now:',
  hours: 'Opening hours',
  retry: 'Try again',
  /** The installed app's short name under its icon (the web app manifest). */
  app: { clinicShortName: 'Kabul Dental', academyShortName: 'Dental Academy' },
}
