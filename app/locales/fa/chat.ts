/** Dari (fa-AF): the clinic chat helper. AWAITS REVIEW BY A NATIVE SPEAKER before launch. */
import type { Messages } from '../index'

export const chat: Messages['chat'] = {
  button: 'با ما صحبت کنید',
  close: 'بستن گفتگو',
  title: 'با ما صحبت کنید',
  subtitle: 'تیم رهنمایی کلینیک',
  log: 'گفتگو',
  senderBot: 'تیم رهنمایی:',
  senderUser: 'شما:',
  quickReplies: 'پاسخ‌های سریع',
  greeting: 'سلام! امروز چطور می‌توانیم کمک‌تان کنیم؟',
  options: {
    book: 'گرفتن وقت ملاقات',
    services: 'خدمات ما',
    location: 'آدرس ما',
    yesTakeMe: 'بلی، مرا به آنجا ببرید!',
    noThanks: 'نخیر، تشکر.',
    showServices: 'خدمات را نشان بدهید',
    goToContact: 'رفتن به صفحه تماس',
    mainMenu: 'فهرست اصلی',
  },
  answers: {
    book: 'آیا می‌خواهید به فورم درخواست وقت ملاقات بروید؟',
    services: 'خدمات ما شامل معالجه عمومی دندان، ایمپلانت دندان، ارتودانسی، زیبایی دندان، عصب‌کشی و معالجه دندان اطفال است.',
    location: 'آدرس ما: {address}',
    noThanks: 'مشکلی نیست! آیا در مورد دیگری می‌توانم کمک‌تان کنم؟',
    mainMenu: 'دیگر چطور می‌توانیم کمک‌تان کنیم؟',
    navigating: 'حتماً، این هم صفحه مورد نظر. کار دیگری دارید؟',
    fallback: 'متأسفم، متوجه نشدم. این هم گزینه‌های اصلی دوباره.',
  },
  inputLabel: 'پیام خود را بنویسید',
  inputPlaceholder: 'پیام خود را بنویسید...',
  send: 'فرستادن',
  liveChatTitle: 'این بخش در حال آماده شدن است',
  liveChatText: 'گفتگوی زنده با هوش مصنوعی به‌زودی فعال می‌شود! فعلاً لطفاً از گزینه‌های سریع استفاده کنید.',
}
