import type { Messages } from '../index'

/** Pashto: the offline page and the line on a kept page. Complete, like the public namespaces. */
export const offline: Messages['offline'] = {
  notice: 'تاسو له انټرنېټ سره وصل نه یاست. دا پاڼه هماغسې وینئ لکه ستاسو د تېر ځل لیدو پر مهال چې په دې موبایل کې خوندي شوې وه.',
  title: 'تاسو له انټرنېټ سره وصل نه یاست',
  text: 'دا پاڼه په دې موبایل کې نه ده خوندي شوې، نو بې انټرنېټه نه ښکاري. بیا هم له کلینیک سره اړیکه نیولای شئ:',
  saved: 'هغه پاڼې چې مخکې مو پرانیستې وې، بې انټرنېټه هم پرانیستل کېږي.',
  call: 'کلینیک ته زنګ ووهئ',
  whatsapp: 'په واټساپ کې موږ ته پیغام واستوئ',
  emergency: 'د غاښ بېړنۍ ستونزه لرئ؟ همدا اوس زنګ ووهئ:',
  hours: 'د کار ساعتونه',
  retry: 'بیا هڅه وکړئ',
  app: { clinicShortName: 'د کابل غاښونه', academyShortName: 'د غاښونو اکاډمي' },
}
