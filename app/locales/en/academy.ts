/** The academy site. Course fees and durations are data in lib/site-data. */
export const academy = {
  nav: {
    home: 'Home',
    courses: 'Courses',
    faculty: 'Faculty',
    news: 'News',
    register: 'Register',
    login: 'Student Login',
    mainLabel: 'Main',
    homeLink: 'Academy home',
  },
  homePage: {
    title: 'Dental and Medical Training in Kabul',
    description: 'Diploma in Dentistry, radiology, CPR and online courses taught by working clinicians in Kabul.',
  },
  hero: {
    title: 'Train for a Career in Dentistry and Medicine',
    description: 'Practical diploma, short and online courses taught by working clinicians in Kabul.',
    courses: 'View Courses',
    register: 'Register Now',
  },
  strengths: {
    heading: 'Why Study With Us',
    items: {
      clinical: {
        title: 'Clinical Experience',
        text: 'Learn beside working dentists in a real dental and implant centre.',
      },
      faculty: {
        title: 'Experienced Faculty',
        text: 'Teachers who practise what they teach, every day.',
      },
      flexible: {
        title: 'Flexible Learning',
        text: 'Full programmes, short courses and online study that fits around work.',
      },
    },
  },
  online: {
    heading: 'Online Courses',
    intro: 'Study from home at your own pace.',
    enroll: 'Enroll Now',
    duration: 'Duration',
  },
  courses: {
    title: 'Our Courses',
    intro: 'Programmes, durations and fees.',
    duration: 'Duration',
    fees: 'Fees',
    contactForDetails: 'Contact for details',
    registrationClosed: 'Registration closed',
    register: 'Register',
    ctaTitle: 'Not sure which course is right for you?',
    ctaText: 'Register your interest and the academy office will help you choose.',
    names: {
      diplomaDentistry: 'Diploma in Dentistry',
      radiology: 'Short-term Radiology Course',
      cpr: 'Advanced CPR Training',
      dentalAssisting: 'Virtual Dental Assisting',
      medicalTerminology: 'Medical Terminology Online',
      digitalDentistry: 'Digital Dentistry & CAD/CAM',
    },
    descriptions: {
      diplomaDentistry: 'A two-year programme in the foundations and practice of dentistry, with clinical training.',
      radiology: 'Safe dental and medical imaging: taking, processing and reading radiographs.',
      cpr: 'A one-day hands-on workshop in adult and child resuscitation and emergency response.',
      dentalAssisting: 'Chair-side assisting, sterilisation and patient care, studied online.',
      medicalTerminology: 'The vocabulary of medicine and dentistry, for study and for work.',
      digitalDentistry: 'Digital impressions, design and milling of restorations with CAD/CAM.',
    },
    durations: {
      twoYears: '2 Years',
      threeMonths: '3 Months',
      oneDay: '1 Day Workshop',
      sixMonths: '6 Months',
      eightWeeks: '8 Weeks',
      fourWeeks: '4 Weeks',
    },
  },
  faculty: {
    title: 'Our Faculty',
    intro: 'Clinicians and teachers who guide our students.',
    members: {
      dentistry: {
        name: 'Head of Dentistry',
        role: 'Diploma programme lead',
        bio: 'Leads the diploma programme and its clinical training.',
      },
      radiology: {
        name: 'Radiology Instructor',
        role: 'Imaging and radiation safety',
        bio: 'Teaches dental and medical imaging and radiation safety.',
      },
      emergency: {
        name: 'Emergency Care Instructor',
        role: 'CPR and first response',
        bio: 'Runs the CPR workshops and emergency-response training.',
      },
    },
  },
  news: { title: 'News & Events' },
  registerPage: {
    title: 'Course Registration',
    intro: 'Register your interest and the academy office will contact you.',
  },
  footer: {
    about: 'Practical dental and medical training in Kabul.',
  },
  messenger: {
    label: 'Message the academy on WhatsApp',
  },
} as const
