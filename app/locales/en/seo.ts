/**
 * Meta descriptions for search engines and sharing, for the pages whose own namespace has none.
 * (Pages with an intro or description of their own use it; see lib/seo/meta.ts and lib/seo.ts.)
 */
export const seo = {
  descriptions: {
    landing:
      'Kabul Dental & Implant Centre and Kabul Dental Academy: dental care, appointments and emergencies, and medical and dental courses in Kabul.',
    clinic: 'Dental and implant care in Kabul: general dentistry, implants, orthodontics, root canals and children’s dentistry.',
    academy: 'Diploma in Dentistry, radiology, CPR and online courses in Kabul.',
    appointment: 'Request a dental appointment in Kabul online: choose a date and we will call you to confirm.',
    register: 'Register for a course at Kabul Dental Academy: diploma, short courses and online study.',
    gallery: 'Photos of Kabul Dental & Implant Centre are coming soon.',
    blog: 'Dental health articles from Kabul Dental & Implant Centre are coming soon.',
    news: 'News and events from Kabul Dental Academy are coming soon.',
  },
} as const
