import type { Translation } from '../../index'

export const shellTexts: Pick<
  NonNullable<Translation['admin']>,
  | 'shell'
  | 'sections'
  | 'roles'
  | 'login'
  | 'setup'
  | 'problems'
  | 'errors'
  | 'adminLanguage'
  | 'sectionAccess'
  | 'signInNotice'
  | 'solarDate'
> = {
  shell: {
    title: 'د کارکوونکو پینل',
    brand: 'د کارکوونکو پینل',
    navLabel: 'د کارکوونکو پینل برخې',
    signedInAs: 'د {name} په نوم ننوتلی',
    logout: 'وتل',
    demoBanner:
      'آزمایښتي حالت: معلومات په همدې سرور کې په یوه سیمه‌ییزه پوښۍ کې ساتل کېږي. له اصلي کارونې مخکې یو PostgreSQL سرور (DATABASE_URL) ونښلوئ.',
    viewSite: 'ویب‌پاڼه وګورئ',
    skipToContent: 'منځپانګې ته ورشئ',
  },
  sections: {
    dashboard: 'ډشبورډ',
    content: 'منځپانګه',
    collections: 'لېستونه',
    posts: 'لیکنې',
    gallery: 'ګالري',
    media: 'رسنۍ',
    layout: 'د پاڼې ترتیب',
    theme: 'بڼه',
    patients: 'ناروغان',
    agenda: 'د لیدنو مهالوېش',
    students: 'زده کوونکي',
    integrations: 'نښلونې',
    settings: 'امستنې',
    staff: 'کارکوونکي',
    audit: 'د فعالیتونو ثبت',
  },
  roles: {
    admin: 'مدیر',
    reception: 'پذیرش (ناروغان)',
    academy: 'د اکاډمۍ دفتر (زده کوونکي)',
    editor: 'د ویب‌پاڼې سمونګر',
  },
  login: {
    title: 'د کارکوونکو پینل ته ننوتل',
    intro: 'د کلینیک او اکاډمۍ د کارکوونکو پینل ته د کارکوونکو ننوتل.',
    username: 'کارن نوم',
    password: 'پټنوم',
    submit: 'ننوتل',
    submitting: 'ننوتل روان دي...',
    forgot: 'پټنوم مو هېر شوی؟',
    forgotTitle: 'نوی پټنوم ټاکل',
    forgotText: 'له یوه مدیر وغواړئ چې د کارکوونکو له پاڼې ستاسو لپاره نوی پټنوم وټاکي.',
    failedTitle: 'ننوتل ونه شول',
    failed: 'کارن نوم یا پټنوم سم نه دی.',
    throttled: 'ډېرې ناکامې هڅې وشوې. مهرباني وکړئ {wait} صبر وکړئ او بیا هڅه وکړئ.',
    busy: 'همدا اوس ډېر ننوتل کتل کېږي. مهرباني وکړئ یوه شېبه وروسته بیا هڅه وکړئ.',
    successTitle: 'بریالی ننوتل!',
    successText: 'بیا مو ښه راغلاست، {name}.',
    noAccounts:
      'تر اوسه د کارکوونکي هېڅ حساب نه دی جوړ شوی. هغه یو ځلي لینک وکاروئ چې سرور یې د پیل پر مهال چاپوي، یا په سرور کې npm run admin:create وچلوئ.',
    backToSite: 'ویب‌پاڼې ته ستنېدل',
    seconds: { one: '{count} ثانیه', other: '{count} ثانیې' },
    minutes: { one: '{count} دقیقه', other: '{count} دقیقې' },
  },
  setup: {
    title: 'لومړی مدیر جوړ کړئ',
    intro: 'دا یو ځلی لینک د مدیر لومړی حساب جوړوي. کله چې حساب جوړ شي یا یو ساعت تېر شي، نور کار نه کوي.',
    invalid:
      'دا د جوړونې لینک سم نه دی: وخت یې تېر شوی، مخکې کارول شوی، یا کوم حساب له مخکې شته. د نوي لینک لپاره سرور بیا پیل کړئ، یا npm run admin:create وچلوئ.',
    displayName: 'ستاسو نوم',
    username: 'کارن نوم',
    usernameHint: 'له ۳ تر ۴۰ توري: کوچني لاتیني توري، عددونه، ټکي، ډشونه یا لاندې کرښې.',
    password: 'پټنوم',
    passwordHint: 'لږ تر لږه ۱۲ توري. څو بې‌اړیکې کلمې یو ښه پټنوم جوړوي.',
    confirm: 'پټنوم بیا ولیکئ',
    mismatch: 'دواړه پټنومونه سره توپیر لري.',
    submit: 'مدیر جوړ کړئ',
  },
  problems: {
    tooShort: 'پټنوم باید لږ تر لږه ۱۲ توري ولري.',
    tooLong: 'پټنوم ډېر اوږد دی (تر ۲۵۶ تورو زیات نه).',
    common: 'دا پټنوم ډېر عام دی. داسې څه وټاکئ چې په اسانۍ اټکل نه شي.',
    repetitive: 'په دې پټنوم کې ډېر تکرار دی.',
    sequence: 'دا پټنوم د کیبورډ یا الفبې یو لړ دی.',
    containsUsername: 'پټنوم باید کارن نوم ونه لري.',
    usernameInvalid: 'له ۳ تر ۴۰ توري وکاروئ: کوچني لاتیني توري، عددونه، ټکي، ډشونه یا لاندې کرښې.',
    usernameTaken: 'دا کارن نوم مخکې نیول شوی دی.',
    displayNameMissing: 'یو نوم ولیکئ (تر ۸۰ تورو زیات نه).',
    roleInvalid: 'یو رول وټاکئ.',
    lastAdmin: 'وروستی فعال مدیر غیرفعال کېدای نه شي.',
    notFound: 'دا حساب نور نشته.',
    tokenInvalid: 'دا د جوړونې لینک نور سم نه دی.',
    formUnreadable: 'فورمه ونه لوستل شوه. مهرباني وکړئ پاڼه بیا پرانیزئ او بیا هڅه وکړئ.',
  },
  errors: {
    title: 'یوه ستونزه پېښه شوه',
    text: 'د کارکوونکو پینل دا پاڼه پرانیستلی ونه شوه. مهرباني وکړئ بیا هڅه وکړئ.',
    forbiddenTitle: 'ستاسو حساب ته اجازه نشته',
    forbidden: 'ستاسو حساب دا برخه نه شي کارولی. که اړتیا لرئ، له یوه مدیر وپوښتئ.',
    signedOut: 'ستاسو ننوتنه پای ته رسېدلې. مهرباني وکړئ بیا ننوځئ.',
    signIn: 'د ننوتلو پاڼې ته ورشئ',
    notFound: 'دا پاڼه د کارکوونکو په پینل کې نشته.',
    unavailableTitle: 'لنډمهاله نه رسېږي',
    unavailable: 'اوس مهال ډیټابیس ته لاسرسی نشته. مهرباني وکړئ یوه دقیقه وروسته بیا هڅه وکړئ.',
  },
  adminLanguage: {
    label: 'ژبه',
  },
  sectionAccess: {
    title: 'ستاسو د حساب لپاره شتون نه لري',
    text: 'ستاسو حساب د دې برخې د پرانیستلو اجازه نه لري. که اړتیا ورته لرئ، له مدیر څخه یې وغواړئ.',
    dashboard: 'خپل ډشبورډ ته لاړ شئ',
  },
  signInNotice: {
    firstText: 'ښه راغلاست، {name}.',
  },
  solarDate: {
    dateDay: 'ورځ',
    dateMonth: 'میاشت',
    dateYear: 'کال',
    dateMonthChoose: 'وټاکئ',
    dateHelp: 'لمریز هجري نېټه، له {first} څخه تر {last} پورې.',
    dateGregorian: '{solar} له میلادي {gregorian} سره برابره ده.',
  },
}
