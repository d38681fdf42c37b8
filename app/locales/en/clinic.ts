/** The clinic site: navigation, homepage blocks, pages. Business facts (fees, hours) live in lib/site-data. */
export const clinic = {
  nav: {
    home: 'Home',
    services: 'Services',
    about: 'About',
    team: 'Team',
    contact: 'Contact',
    bookOnline: 'Book Online',
    mainLabel: 'Main',
    homeLink: 'Clinic home',
  },
  emergency: {
    text: 'Dental emergency? Call us now:',
    call: 'Call {phone}',
  },
  hero: {
    title: 'Expert Dental & Implant Care in Kabul',
    description: 'Modern dentistry, dental implants and gentle care for the whole family, from a team that puts your smile first.',
    book: 'Book an Appointment',
    services: 'Our Services',
  },
  services: {
    heading: 'Our Services',
    intro: 'Complete dental care under one roof, from check-ups to implants.',
    learnMore: 'Learn More',
    viewAll: 'View all services',
    comingSoonTitle: 'Feature Coming Soon!',
    comingSoonText: 'Detailed service pages are coming soon. Call us or book a visit to learn more.',
    ctaTitle: 'Ready to book your visit?',
    ctaText: 'Request an appointment online and we will call you to confirm.',
    ctaButton: 'Book an Appointment',
    items: {
      general: {
        title: 'General Dentistry',
        description: 'Check-ups, cleaning, fillings and advice to keep your teeth healthy.',
      },
      implants: {
        title: 'Dental Implants',
        description: 'Permanent replacement of missing teeth with implants that look and feel natural.',
      },
      orthodontics: {
        title: 'Orthodontics',
        description: 'Braces and aligners to straighten teeth and correct the bite.',
      },
      cosmetic: {
        title: 'Cosmetic Dentistry',
        description: 'Whitening, veneers and bonding for a brighter, more confident smile.',
      },
      rootCanal: {
        title: 'Root Canal Treatment',
        description: 'Gentle treatment that relieves pain and saves infected teeth.',
      },
      pediatric: {
        title: 'Pediatric Dentistry',
        description: 'Friendly, patient care for children from their very first tooth.',
      },
    },
  },
  about: {
    heading: 'About Our Centre',
    text: 'Our dental and implant centre brings modern equipment, strict hygiene and experienced dentists together in the heart of Kabul. We explain every step and every cost before treatment begins.',
    points: {
      equipment: 'Modern equipment and digital X-rays',
      hygiene: 'Strict sterilisation for every patient',
      family: 'Care for adults and children',
    },
    contactUs: 'Contact Us',
  },
  team: {
    heading: 'Meet Our Doctors',
    intro: 'Experienced dentists who take time to listen.',
    book: 'Book an Appointment',
    doctors: {
      implantologist: {
        name: 'Implant Surgeon',
        role: 'Dental implants and oral surgery',
        bio: 'Plans and places implants, bone grafts and extractions.',
      },
      orthodontist: {
        name: 'Orthodontist',
        role: 'Braces and aligners',
        bio: 'Straightens teeth and corrects bites for children and adults.',
      },
      general: {
        name: 'Family Dentist',
        role: 'General and pediatric dentistry',
        bio: 'Check-ups, fillings and gentle care for the whole family.',
      },
    },
  },
  testimonials: {
    heading: 'What Our Patients Say',
    rating: { one: 'Rated {rating} out of 5', other: 'Rated {rating} out of 5' },
    items: {
      first: {
        quote: 'My implant feels like my own tooth. The doctors explained everything and the price was clear from the start.',
        author: 'Implant patient',
      },
      second: {
        quote: 'They saw me the same day when I had terrible tooth pain. Calm, clean and professional.',
        author: 'Emergency patient',
      },
      third: {
        quote: 'My children are no longer afraid of the dentist. Thank you to the whole team.',
        author: 'Parent of two patients',
      },
    },
  },
  booking: {
    heading: 'Book Your Appointment',
    intro: 'Send us a request and we will call you to confirm a time.',
    contactHeading: 'Contact Information',
    hoursHeading: 'Opening Hours',
    formHeading: 'Appointment Request',
  },
  homePage: {
    title: 'Dental & Implant Care in Kabul',
    description: 'Modern dentistry, dental implants and emergency dental care in Kabul. Book an appointment online.',
  },
  appointmentPage: {
    title: 'Request an Appointment',
    intro: 'Fill out the form and our team will contact you shortly to confirm.',
  },
  contactPage: {
    title: 'Contact Us',
    intro: 'Visit us, call us or send us an e-mail.',
    qrLabel: 'Scan to call us',
    qrAlt: 'QR code to call {phone}',
    qrHint: 'Point your phone camera at the code to call the clinic.',
    directions: 'Get Directions',
    directionsHint: 'Opens in your maps app',
    findUs: 'Find Us',
    mapHeading: 'Map',
    mapPlaceholder: 'An interactive map will appear here.',
  },
  servicesPage: {
    description: 'General dentistry, implants, orthodontics, cosmetic dentistry, root canal treatment and care for children in Kabul.',
  },
  aboutPage: { title: 'About Us', contactUs: 'Contact Us', description: 'About our dental and implant centre in Kabul.' },
  teamPage: { title: 'Our Team', book: 'Book an Appointment', description: 'The dentists of our dental and implant centre in Kabul.' },
  galleryPage: {
    title: 'Gallery',
    before: 'Before',
    after: 'After',
    open: 'Show the photo larger: {name}',
    close: 'Close',
    viewer: 'Photo',
  },
  blogPage: { title: 'Blog' },
  footer: {
    about: 'Modern dental and implant care in Kabul, with a team that puts your smile first.',
    aboutUs: 'About Us',
    services: 'Services',
    contact: 'Contact',
  },
} as const
