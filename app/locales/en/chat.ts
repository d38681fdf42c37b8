/** The clinic chat helper (SPEC §4). */
export const chat = {
  open: 'Open chat',
  close: 'Close chat',
  title: 'Chat with us',
  subtitle: 'Clinic support team',
  greeting: 'Hello! 👋 How can we help you today?',
  options: {
    book: 'Book an appointment',
    services: 'Our services',
    location: 'Our location',
    yesTakeMe: 'Yes, take me there!',
    noThanks: 'No, thanks.',
    showServices: 'Show me the services',
    goToContact: 'Go to contact page',
    mainMenu: 'Main menu',
  },
  answers: {
    book: 'Would you like to go to our appointment form?',
    services:
      'We offer general dentistry, dental implants, orthodontics, cosmetic dentistry, root canal treatment and pediatric dentistry.',
    location: 'You can find us at: {address}',
    noThanks: 'No problem! Is there anything else I can help you with?',
    mainMenu: 'How else can we help you?',
    fallback: "I'm sorry, I didn't understand that. Here are the main options again.",
    navigating: 'Taking you there now…',
  },
  inputLabel: 'Type a message',
  inputPlaceholder: 'Type a message...',
  send: 'Send',
  liveChatTitle: 'Feature in Progress',
  liveChatText: 'Live chat with AI is coming soon! For now, please use the quick options.',
  log: 'Conversation',
} as const
