/**
 * Dari (fa-AF): strings shared by every site. Drafted by the team in Afghan Dari usage;
 * AWAITS REVIEW BY A NATIVE SPEAKER before launch.
 */
import type { Messages } from '../index'

export const common: Messages['common'] = {
  brand: {
    clinicName: 'مرکز دندان و ایمپلانت کابل',
    academyName: 'اکادمی دندان کابل',
    tagline: 'لبخند شما، اولویت ما',
  },
  pageTitle: '{page} | {site}',
  landing: {
    title: 'خوش آمدید',
    intro: 'انتخاب کنید که به کجا می‌خواهید بروید.',
    adminLink: 'پنل کارمندان',
    clinicButton: 'سایت کلینیک',
    clinicButtonHint: 'معالجه دندان، گرفتن وقت و حالات عاجل',
    academyButton: 'سایت اکادمی',
    academyButtonHint: 'کورس‌های طبی و دندان',
  },
  language: {
    label: 'زبان',
    switchTo: 'تغییر زبان',
  },
  siteSwitch: {
    label: 'تغییر سایت',
    clinic: 'سایت کلینیک',
    academy: 'سایت اکادمی',
  },
  footer: {
    rights: '© {year} {name}. تمام حقوق محفوظ است.',
    quickLinks: 'لینک‌های مفید',
    contactInfo: 'معلومات تماس',
    followUs: 'ما را دنبال کنید',
    hours: 'ساعات کاری',
  },
  hours: {
    weekdays: 'شنبه تا پنجشنبه',
    weekdaysTime: '۸ صبح تا ۵ عصر',
    friday: 'جمعه',
    closed: 'بسته',
  },
  contact: {
    phone: 'شماره تماس',
    email: 'ایمیل',
    address: 'آدرس',
  },
  social: {
    facebook: 'فیسبوک',
    instagram: 'انستاگرام',
    youtube: 'یوتیوب',
    linkedin: 'لینکدین',
    whatsapp: 'واتساپ',
    whatsappFloating: 'در واتساپ با ما صحبت کنید',
    comingSoonTitle: 'به‌زودی!',
    comingSoonText: 'لینک‌های شبکه‌های اجتماعی هنوز تنظیم نشده‌اند',
  },
  placeholder: {
    underConstruction: 'این صفحه در حال ساخت است.',
    requestFeature: 'درخواست این بخش',
    comingSoonTitle: 'به‌زودی',
    comingSoonText: 'از علاقه‌مندی شما تشکر. این بخش به‌زودی اضافه می‌شود.',
  },
  toast: {
    close: 'بستن اطلاعیه',
    region: 'اطلاعیه‌ها',
  },
  skipToContent: 'رفتن به محتوای اصلی',
  menu: 'فهرست',
  notFound: {
    title: 'صفحه پیدا نشد',
    text: 'صفحه‌ای که به دنبال آن هستید وجود ندارد یا جابه‌جا شده است.',
    home: 'رفتن به صفحه اصلی',
    suggestions: 'به کجا می‌خواهید بروید؟',
  },
  languageNotice: {
    label: 'پیشنهاد زبان',
    text: 'این صفحه به زبان دری هم موجود است.',
    link: 'همین صفحه به دری',
    close: 'بستن',
  },
  error: {
    title: 'مشکلی پیش آمد',
    text: 'لطفاً چند لحظه بعد دوباره کوشش کنید.',
  },
  unavailable: {
    title: 'چند دقیقه بعد دوباره در خدمت شما هستیم',
    text: 'سایت فعلاً نمی‌تواند این صفحه را باز کند. لطفاً چند دقیقه بعد دوباره کوشش کنید.',
  },
  tooLarge: {
    title: 'آنچه فرستادید بیش از حد بزرگ است',
    text: 'آنچه فرستادید از اندازه‌ای که این صفحه می‌پذیرد بزرگ‌تر است. لطفاً متن را کوتاه‌تر کنید یا فایل کوچک‌تری انتخاب کنید و دوباره کوشش کنید.',
    back: 'بازگشت به صفحه',
  },
  studentLogin: {
    title: 'ورود محصلان',
    intro: 'به حساب محصلی خود در اکادمی وارد شوید.',
    description: 'ورود محصلان اکادمی.',
    backToAcademy: 'بازگشت به اکادمی',
    username: 'ایمیل یا شماره محصل',
    password: 'رمز',
    submit: 'ورود',
    forgotPassword: 'رمز خود را فراموش کرده‌اید؟',
    register: 'ثبت‌نام',
    noAccount: 'هنوز حساب ندارید؟',
    notReadyTitle: 'ورود هنوز آماده نیست',
    notReadyText: 'حساب‌های محصلان هنوز فعال نشده است. لطفاً با دفتر اکادمی تماس بگیرید.',
    forgotTitle: 'تعیین رمز نو',
    forgotText: 'تعیین رمز نو به‌زودی فعال می‌شود. لطفاً با دفتر اکادمی تماس بگیرید.',
    registerTitle: 'این بخش به‌زودی اضافه می‌شود!',
    registerText: 'حساب‌های آنلاین محصلان به‌زودی فعال می‌شود. برای شمولیت در یک کورس، از فورم ثبت‌نام استفاده کنید.',
  },
}
