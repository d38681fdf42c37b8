/** Pashto (ps-AF): the clinic chat helper. AWAITS REVIEW BY A NATIVE SPEAKER before launch. */
import type { Messages } from '../index'

export const chat: Messages['chat'] = {
  button: 'له موږ سره خبرې وکړئ',
  close: 'خبرې بندې کړئ',
  title: 'له موږ سره خبرې وکړئ',
  subtitle: 'د کلینیک د ملاتړ ټیم',
  log: 'خبرې اترې',
  senderBot: 'د ملاتړ ټیم:',
  senderUser: 'تاسو:',
  quickReplies: 'چټک ځوابونه',
  greeting: 'سلام! نن څنګه مرسته درسره کولی شو؟',
  options: {
    book: 'د لیدنې وخت اخیستل',
    services: 'زموږ خدمتونه',
    location: 'زموږ پته',
    yesTakeMe: 'هو، هلته مې بوځئ!',
    noThanks: 'نه، مننه.',
    showServices: 'خدمتونه راته وښایاست',
    goToContact: 'د اړیکې پاڼې ته تګ',
    mainMenu: 'اصلي مېنو',
  },
  answers: {
    book: 'غواړئ د لیدنې وخت د غوښتنې فورمې ته لاړ شئ؟',
    services:
      'موږ د غاښونو عمومي درملنه، د غاښونو ایمپلانټ، ارتودانسي، د غاښونو ښکلا، د رېښې درملنه او د ماشومانو د غاښونو درملنه وړاندې کوو.',
    location: 'زموږ پته: {address}',
    noThanks: 'هېڅ ستونزه نشته! په بل څه کې مرسته درسره کولی شم؟',
    mainMenu: 'نوره څنګه مرسته درسره کولی شو؟',
    navigating: 'سمه ده، دا ده هغه پاڼه. بل څه؟',
    fallback: 'بښنه غواړم، پوه نه شوم. دا دي اصلي انتخابونه بیا.',
  },
  inputLabel: 'پیغام ولیکئ',
  inputPlaceholder: 'پیغام ولیکئ...',
  send: 'ولېږئ',
  liveChatTitle: 'دا برخه لا جوړېږي',
  liveChatText: 'له مصنوعي ځیرکتیا سره ژوندۍ خبرې ژر راځي! تر هغه پورې مهرباني وکړئ له چټکو انتخابونو کار واخلئ.',
}
