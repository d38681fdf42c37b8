import type { Messages } from '../index'

/** Dari: the offline page and the line on a kept page. Complete, like the public namespaces. */
export const offline: Messages['offline'] = {
  notice: 'به انترنت وصل نیستید. این صفحه را همان‌طور می‌بینید که در بازدید قبلی شما روی این موبایل ذخیره شده است.',
  title: 'به انترنت وصل نیستید',
  text: 'این صفحه روی این موبایل ذخیره نشده است، پس بدون انترنت نشان داده نمی‌شود. باز هم می‌توانید با کلینیک تماس بگیرید:',
  saved: 'صفحه‌هایی که قبلاً باز کرده‌اید، بدون انترنت هم باز می‌شوند.',
  call: 'زنگ به کلینیک',
  whatsapp: 'در واتساپ به ما پیام بفرستید',
  emergency: 'مشکل عاجل دندان دارید؟ همین حالا زنگ بزنید:',
  hours: 'ساعات کاری',
  retry: 'دوباره کوشش کنید',
  app: { clinicShortName: 'دندان کابل', academyShortName: 'اکادمی دندان' },
}
