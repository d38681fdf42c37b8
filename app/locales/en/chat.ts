/** The clinic chat helper (docs/product.md#chat-helper). */
export const chat = {
  /** The floating round button; its expanded state is announced with it. */
  button: 'Chat with us',
  close: 'Close chat',
  title: 'Chat with us',
  subtitle: 'Clinic support team',
  log: 'Conversation',
  /** Read before each message by screen readers. */
  senderBot: 'Support team:',
  senderUser: 'You:',
  quickReplies: 'Quick replies',
  greeting: 'Hello! How can we help you today?',
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
    book: 'Would you like to go to our appointment request form?',
    services:
      'We offer general dentistry, dental implants, orthodontics, cosmetic dentistry, root canal treatment and pediatric dentistry.',
    location: 'You can find us at: {address}',
    noThanks: 'No problem! Is there anything else I can help you with?',
    mainMenu: 'How else can we help you?',
    navigating: 'Sure, here is the page. Anything else?',
    fallback: "I'm sorry, I didn't understand that. Here are the main options again.",
  },
  inputLabel: 'Type a message',
  inputPlaceholder: 'Type a message...',
  send: 'Send',
  liveChatTitle: 'Feature in Progress',
  liveChatText: 'Live chat with AI is coming soon! For now, please use the quick options.',
} as const
