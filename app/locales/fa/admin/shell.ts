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
    title: 'پنل کارمندان',
    brand: 'پنل کارمندان',
    navLabel: 'بخش‌های پنل کارمندان',
    signedInAs: 'به نام {name} وارد شده‌اید',
    logout: 'خروج',
    demoBanner:
      'حالت آزمایشی: معلومات در یک فولدر محلی روی همین سرور نگهداری می‌شود. پیش از استفاده واقعی، یک سرور PostgreSQL (DATABASE_URL) وصل کنید.',
    viewSite: 'دیدن سایت',
    skipToContent: 'رفتن به محتوا',
  },
  sections: {
    dashboard: 'داشبورد',
    content: 'محتوا',
    collections: 'فهرست‌ها',
    posts: 'نوشته‌ها',
    gallery: 'گالری',
    media: 'رسانه‌ها',
    layout: 'ترتیب صفحه',
    theme: 'ظاهر سایت',
    patients: 'مریضان',
    agenda: 'برنامه ملاقات‌ها',
    students: 'محصلان',
    integrations: 'اتصال‌ها',
    settings: 'تنظیمات',
    staff: 'کارمندان',
    audit: 'ثبت فعالیت‌ها',
  },
  roles: {
    admin: 'مدیر',
    reception: 'پذیرش (مریضان)',
    academy: 'دفتر اکادمی (محصلان)',
    editor: 'ویرایشگر سایت',
  },
  login: {
    title: 'ورود به پنل کارمندان',
    intro: 'ورود کارمندان به پنل کارمندان کلینیک و اکادمی.',
    username: 'نام کاربری',
    password: 'رمز',
    submit: 'ورود',
    submitting: 'در حال ورود...',
    forgot: 'رمز را فراموش کرده‌اید؟',
    forgotTitle: 'تعیین رمز نو',
    forgotText: 'از یک مدیر بخواهید از صفحه کارمندان برای شما رمز نو تعیین کند.',
    failedTitle: 'ورود ناموفق',
    failed: 'نام کاربری یا رمز نادرست است.',
    throttled: 'تلاش‌های ناموفق زیاد بود. لطفاً {wait} صبر کنید و دوباره کوشش کنید.',
    busy: 'همین حالا ورودهای زیادی بررسی می‌شود. لطفاً چند لحظه بعد دوباره کوشش کنید.',
    successTitle: 'ورود موفق!',
    successText: 'دوباره خوش آمدید، {name}.',
    noAccounts:
      'هنوز هیچ حساب کارمندی ساخته نشده است. از لینک یک‌باره‌ای که سرور هنگام آغاز چاپ می‌کند استفاده کنید، یا روی سرور فرمان npm run admin:create را اجرا کنید.',
    backToSite: 'بازگشت به سایت',
    seconds: { one: '{count} ثانیه', other: '{count} ثانیه' },
    minutes: { one: '{count} دقیقه', other: '{count} دقیقه' },
  },
  setup: {
    title: 'ساختن اولین مدیر',
    intro: 'این لینک یک‌باره اولین حساب مدیر را می‌سازد. پس از ساخته شدن حساب یا پس از یک ساعت دیگر کار نمی‌کند.',
    invalid:
      'این لینک راه‌اندازی معتبر نیست: وقت آن گذشته، قبلاً استفاده شده، یا حسابی از پیش وجود دارد. برای لینک نو سرور را دوباره آغاز کنید، یا npm run admin:create را اجرا کنید.',
    displayName: 'نام شما',
    username: 'نام کاربری',
    usernameHint: '۳ تا ۴۰ حرف: حروف کوچک لاتین، رقم، نقطه، خط تیره یا زیرخط.',
    password: 'رمز',
    passwordHint: 'دست‌کم ۱۲ حرف. چند کلمه بی‌ربط با هم یک رمز خوب می‌سازند.',
    confirm: 'تکرار رمز',
    mismatch: 'دو رمز یکسان نیستند.',
    submit: 'ساختن مدیر',
  },
  problems: {
    tooShort: 'رمز باید دست‌کم ۱۲ حرف داشته باشد.',
    tooLong: 'رمز بسیار دراز است (حداکثر ۲۵۶ حرف).',
    common: 'این رمز بسیار رایج است. چیزی انتخاب کنید که به آسانی حدس زده نشود.',
    repetitive: 'این رمز بیش از حد تکراری است.',
    sequence: 'این رمز یک ردیف از کیبورد یا الفبا است.',
    containsUsername: 'رمز نباید نام کاربری را در خود داشته باشد.',
    usernameInvalid: '۳ تا ۴۰ حرف به کار ببرید: حروف کوچک لاتین، رقم، نقطه، خط تیره یا زیرخط.',
    usernameTaken: 'این نام کاربری قبلاً گرفته شده است.',
    displayNameMissing: 'یک نام بنویسید (حداکثر ۸۰ حرف).',
    roleInvalid: 'یک نقش انتخاب کنید.',
    lastAdmin: 'آخرین مدیر فعال را نمی‌توان غیرفعال کرد.',
    notFound: 'این حساب دیگر وجود ندارد.',
    tokenInvalid: 'این لینک راه‌اندازی دیگر معتبر نیست.',
    formUnreadable: 'فورم خوانده نشد. لطفاً صفحه را دوباره باز کنید و دوباره کوشش کنید.',
  },
  errors: {
    title: 'مشکلی پیش آمد',
    text: 'پنل کارمندان این صفحه را باز کرده نتوانست. لطفاً دوباره کوشش کنید.',
    forbiddenTitle: 'برای حساب شما در دسترس نیست',
    forbidden: 'حساب شما اجازه استفاده از این بخش را ندارد. اگر به آن نیاز دارید از یک مدیر بپرسید.',
    signedOut: 'ورود شما پایان یافته است. لطفاً دوباره وارد شوید.',
    signIn: 'رفتن به صفحه ورود',
    notFound: 'این صفحه در پنل کارمندان وجود ندارد.',
    unavailableTitle: 'موقتاً در دسترس نیست',
    unavailable: 'فعلاً به دیتابیس دسترسی نیست. لطفاً یک دقیقه بعد دوباره کوشش کنید.',
  },
  adminLanguage: {
    label: 'زبان',
  },
  sectionAccess: {
    title: 'برای حساب شما در دسترس نیست',
    text: 'حساب شما اجازه باز کردن این بخش را ندارد. اگر به آن نیاز دارید، از مدیر سیستم بخواهید.',
    dashboard: 'رفتن به داشبورد شما',
  },
  signInNotice: {
    firstText: 'خوش آمدید، {name}.',
  },
  solarDate: {
    dateDay: 'روز',
    dateMonth: 'ماه',
    dateYear: 'سال',
    dateMonthChoose: 'انتخاب کنید',
    dateHelp: 'تاریخ هجری شمسی، از {first} تا {last}.',
    dateGregorian: '{solar} برابر است با {gregorian} میلادی.',
  },
}
