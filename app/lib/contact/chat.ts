import { format } from '~/locales'

/**
 * The clinic chat helper's conversation (docs/product.md#chat-helper): a pure state machine, no React, no DOM.
 *
 * Messages keep message keys rather than finished strings, so the widget shows them in the
 * page's current language (and with the current address) even after a language switch.
 * Side effects (going to another page, showing a notice) are returned as data for the widget to run.
 */

export type ChatOptionId = 'book' | 'services' | 'location' | 'yesTakeMe' | 'noThanks' | 'showServices' | 'goToContact' | 'mainMenu'

type ChatAnswerId = 'greeting' | 'book' | 'services' | 'location' | 'noThanks' | 'mainMenu' | 'navigating' | 'fallback'

export const MAIN_OPTIONS: readonly ChatOptionId[] = ['book', 'services', 'location']

export type ChatMessage =
  | { id: number; sender: 'bot'; answer: ChatAnswerId; options?: readonly ChatOptionId[] }
  | { id: number; sender: 'user'; option: ChatOptionId }

export interface ChatState {
  open: boolean
  messages: readonly ChatMessage[]
}

export type ChatEvent =
  { type: 'open' } | { type: 'close' } | { type: 'choose'; option: ChatOptionId } | { type: 'submitText'; text: string }

export interface ChatTransition {
  state: ChatState
  /** An unprefixed site path to go to; the widget localizes it ('/clinic/services' → '/fa/clinic/services'). */
  navigateTo?: string
  /** A notice to show as a toast. */
  notice?: 'liveChatComingSoon'
}

interface Reply {
  answer: ChatAnswerId
  options: readonly ChatOptionId[]
  navigateTo?: string
}

/** The quick-reply table of docs/product.md#chat-helper. */
const REPLIES: Record<ChatOptionId, Reply> = {
  book: { answer: 'book', options: ['yesTakeMe', 'noThanks'] },
  services: { answer: 'services', options: ['showServices', 'mainMenu'] },
  location: { answer: 'location', options: ['goToContact', 'mainMenu'] },
  // After going to a page the conversation offers the main options again, so that reopening the
  // panel never leaves the visitor without a way on.
  yesTakeMe: { answer: 'navigating', options: MAIN_OPTIONS, navigateTo: '/clinic/appointment' },
  showServices: { answer: 'navigating', options: MAIN_OPTIONS, navigateTo: '/clinic/services' },
  goToContact: { answer: 'navigating', options: MAIN_OPTIONS, navigateTo: '/clinic/contact' },
  noThanks: { answer: 'noThanks', options: MAIN_OPTIONS },
  mainMenu: { answer: 'mainMenu', options: MAIN_OPTIONS },
}

const FALLBACK: Reply = { answer: 'fallback', options: MAIN_OPTIONS }

export const initialChatState: ChatState = { open: false, messages: [] }

/** The options of the newest bot message: the only ones shown, and the only ones answered. */
export function currentOptions(state: ChatState): readonly ChatOptionId[] {
  const last = state.messages.at(-1)
  return last?.sender === 'bot' ? (last.options ?? []) : []
}

export function chatTransition(state: ChatState, event: ChatEvent): ChatTransition {
  switch (event.type) {
    case 'open':
      if (state.messages.length > 0) return { state: { ...state, open: true } }
      return { state: { open: true, messages: [botMessage(1, { answer: 'greeting', options: MAIN_OPTIONS })] } }
    case 'close':
      return { state: { ...state, open: false } }
    case 'choose': {
      // 'Any other input' in the table: a quick reply the newest bot message does not offer
      // (for example a stale one) gets the fallback answer with the main options.
      const reply = currentOptions(state).includes(event.option) ? REPLIES[event.option] : FALLBACK
      const dropped = state.messages.map(withoutOptions)
      const user: ChatMessage = { id: dropped.length + 1, sender: 'user', option: event.option }
      const messages = [...dropped, user, botMessage(dropped.length + 2, reply)]
      if (reply.navigateTo) {
        // The visitor asked to see a page: close the panel so that it does not cover it (on a phone
        // the panel is nearly as large as the screen).
        return { state: { open: false, messages }, navigateTo: reply.navigateTo }
      }
      return { state: { ...state, messages } }
    }
    case 'submitText':
      // The text box is a placeholder: sending it only shows a notice (docs/product.md#chat-helper).
      // The fallback answer is for quick replies the newest answer does not offer (handled in
      // 'choose' above), not for typed text, which is neither matched against the option labels
      // nor added to the conversation.
      return { state, notice: 'liveChatComingSoon' }
  }
}

function botMessage(id: number, reply: Reply): ChatMessage {
  return { id, sender: 'bot', answer: reply.answer, options: reply.options }
}

/** Earlier option sets are dropped when a new exchange is added. */
function withoutOptions(message: ChatMessage): ChatMessage {
  if (message.sender === 'user' || !message.options) return message
  const { options: _dropped, ...rest } = message
  return rest
}

/** The strings a conversation is shown with: the `chat` message namespace and the clinic address. */
export interface ChatTexts {
  options: Record<ChatOptionId, string>
  greeting: string
  answers: Record<Exclude<ChatAnswerId, 'greeting'>, string>
  address: string
}

export function chatMessageText(message: ChatMessage, texts: ChatTexts): string {
  if (message.sender === 'user') return texts.options[message.option]
  if (message.answer === 'greeting') return texts.greeting
  if (message.answer === 'location') return format(texts.answers.location, { address: texts.address })
  return texts.answers[message.answer]
}
