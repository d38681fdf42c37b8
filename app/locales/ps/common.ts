/**
 * Pashto (ps-AF): strings shared by every site. Drafted by the team in Afghan Pashto usage;
 * AWAITS REVIEW BY A NATIVE SPEAKER before launch.
 */
import type { Messages } from '../index'

export const common: Messages['common'] = {
  brand: {
    clinicName: 'د کابل د غاښونو او ایمپلانټ مرکز',
    academyName: 'د کابل د غاښونو اکاډمي',
    tagline: 'ستاسو موسکا، زموږ لومړیتوب',
  },
  pageTitle: '{page} | {site}',
  landing: {
    title: 'ښه راغلاست',
    intro: 'وټاکئ چې چېرته تلل غواړئ.',
    adminLink: 'د کارکوونکو پینل',
    clinicButton: 'د کلینیک ویب‌پاڼه',
    clinicButtonHint: 'د غاښونو درملنه، د لیدنې وخت او بېړنۍ پېښې',
    academyButton: 'د اکاډمۍ ویب‌پاڼه',
    academyButtonHint: 'د طب او غاښونو کورسونه',
  },
  language: {
    label: 'ژبه',
    switchTo: 'ژبه بدله کړئ',
  },
  siteSwitch: {
    label: 'ویب‌پاڼه بدله کړئ',
    clinic: 'د کلینیک ویب‌پاڼه',
    academy: 'د اکاډمۍ ویب‌پاڼه',
  },
  footer: {
    rights: '© {year} {name}. ټول حقونه خوندي دي.',
    quickLinks: 'ګټور لینکونه',
    contactInfo: 'د اړیکې معلومات',
    followUs: 'موږ تعقیب کړئ',
    hours: 'د کار ساعتونه',
  },
  hours: {
    weekdays: 'له شنبې تر پنجشنبې',
    weekdaysTime: 'سهار ۸ بجې – مازدیګر ۵ بجې',
    friday: 'جمعه',
    closed: 'بند دی',
  },
  contact: {
    phone: 'د اړیکې شمېره',
    email: 'برېښنالیک',
    address: 'پته',
  },
  social: {
    facebook: 'فېسبوک',
    instagram: 'انسټاګرام',
    youtube: 'یوټیوب',
    linkedin: 'لینکډین',
    whatsapp: 'واټساپ',
    whatsappFloating: 'په واټساپ کې له موږ سره خبرې وکړئ',
    comingSoonTitle: 'ژر راځي!',
    comingSoonText: 'د ټولنیزو رسنیو لینکونه لا نه دي تنظیم شوي',
  },
  placeholder: {
    underConstruction: 'دا پاڼه لا جوړېږي.',
    requestFeature: 'د دې برخې غوښتنه وکړئ',
    comingSoonTitle: 'ژر راځي',
    comingSoonText: 'ستاسو له لېوالتیا مننه. دا برخه به ژر اضافه شي.',
  },
  toast: {
    close: 'خبرتیا بنده کړئ',
    region: 'خبرتیاوې',
  },
  skipToContent: 'اصلي منځپانګې ته ورشئ',
  menu: 'مېنو',
  notFound: {
    title: 'پاڼه ونه موندل شوه',
    text: 'هغه پاڼه چې تاسو یې لټوئ نشته یا بل ځای ته وړل شوې ده.',
    home: 'اصلي پاڼې ته ورشئ',
    suggestions: 'چېرته تلل غواړئ؟',
  },
  languageNotice: {
    label: 'د ژبې وړاندیز',
    text: 'دا پاڼه په پښتو ژبه هم شته.',
    link: 'همدا پاڼه په پښتو',
    close: 'بندول',
  },
  error: {
    title: 'یوه ستونزه پېښه شوه',
    text: 'مهرباني وکړئ یو څو شېبې وروسته بیا هڅه وکړئ.',
  },
  unavailable: {
    title: 'یو څو دقیقې وروسته بېرته ستاسو په خدمت کې یو',
    text: 'ویب‌پاڼه اوس دا پاڼه نه شي پرانیستلی. مهرباني وکړئ یو څو دقیقې وروسته بیا هڅه وکړئ.',
  },
  tooLarge: {
    title: 'څه چې مو ولېږل ډېر لوی دي',
    text: 'څه چې مو ولېږل له هغې اندازې لوی دي چې دا پاڼه یې مني. مهرباني وکړئ متن لنډ کړئ یا کوچنی فایل وټاکئ، بیا هڅه وکړئ.',
    back: 'پاڼې ته بېرته ورشئ',
  },
  studentLogin: {
    title: 'د زده کوونکو ننوتل',
    intro: 'په اکاډمۍ کې خپل د زده کوونکي حساب ته ننوځئ.',
    description: 'د اکاډمۍ د زده کوونکو ننوتل.',
    backToAcademy: 'اکاډمۍ ته بېرته',
    username: 'برېښنالیک یا د زده کوونکي شمېره',
    password: 'پټنوم',
    submit: 'ننوتل',
    forgotPassword: 'پټنوم مو هېر شوی؟',
    register: 'نوم لیکنه',
    noAccount: 'لا حساب نه لرئ؟',
    notReadyTitle: 'ننوتل لا چمتو نه دي',
    notReadyText: 'د زده کوونکو حسابونه لا فعال نه دي. مهرباني وکړئ د اکاډمۍ له دفتر سره اړیکه ونیسئ.',
    forgotTitle: 'نوی پټنوم ټاکل',
    forgotText: 'د نوي پټنوم ټاکل به ژر فعال شي. مهرباني وکړئ د اکاډمۍ له دفتر سره اړیکه ونیسئ.',
    registerTitle: 'دا برخه ژر راځي!',
    registerText: 'د زده کوونکو آنلاین حسابونه به ژر فعال شي. په یوه کورس کې د ګډون لپاره د نوم لیکنې فورمه وکاروئ.',
  },
}
