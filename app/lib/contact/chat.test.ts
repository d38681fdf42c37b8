import { describe, expect, test } from 'vitest'
import { chat } from '~/locales/en/chat'
import {
  type ChatEvent,
  type ChatOptionId,
  type ChatState,
  type ChatTransition,
  MAIN_OPTIONS,
  chatMessageText,
  chatTransition,
  currentOptions,
  initialChatState,
} from './chat'

const texts = { ...chat, address: '3rd Floor, Lab Building, Kabul 1005' }

function run(...events: ChatEvent[]): ChatTransition {
  let result: ChatTransition = { state: initialChatState }
  for (const event of events) result = chatTransition(result.state, event)
  return result
}

const open: ChatEvent = { type: 'open' }
const close: ChatEvent = { type: 'close' }
const choose = (option: ChatOptionId): ChatEvent => ({ type: 'choose', option })

/** The conversation as a reader sees it: sender, text and the option labels shown. */
function transcript(state: ChatState) {
  return state.messages.map((message) => ({
    sender: message.sender,
    text: chatMessageText(message, texts),
    ...(message.sender === 'bot' && message.options ? { options: message.options.map((option) => texts.options[option]) } : {}),
  }))
}

const MAIN_LABELS = ['Book an appointment', 'Our services', 'Our location']

describe('opening and closing', () => {
  test('starts closed with no messages', () => {
    expect(initialChatState).toEqual({ open: false, messages: [] })
  })

  test('the first opening adds the greeting with the three main options', () => {
    const { state } = run(open)
    expect(state.open).toBe(true)
    expect(transcript(state)).toEqual([{ sender: 'bot', text: 'Hello! How can we help you today?', options: MAIN_LABELS }])
  })

  test('reopening keeps the conversation and adds no second greeting', () => {
    const { state } = run(open, choose('services'), close, open)
    expect(state.open).toBe(true)
    expect(state.messages).toHaveLength(3)
    expect(state.messages.filter((m) => m.sender === 'bot' && m.answer === 'greeting')).toHaveLength(1)
  })

  test('closing keeps the messages', () => {
    const opened = run(open).state
    const { state } = chatTransition(opened, close)
    expect(state.open).toBe(false)
    expect(state.messages).toEqual(opened.messages)
  })
})

describe('the quick-reply table', () => {
  test('Book an appointment offers "Yes, take me there!" and "No, thanks."', () => {
    const result = run(open, choose('book'))
    expect(transcript(result.state).slice(1)).toEqual([
      { sender: 'user', text: 'Book an appointment' },
      {
        sender: 'bot',
        text: 'Would you like to go to our appointment request form?',
        options: ['Yes, take me there!', 'No, thanks.'],
      },
    ])
    expect(result.navigateTo).toBeUndefined()
  })

  test('Our services gives the services summary with "Show me the services" and "Main menu"', () => {
    const { state } = run(open, choose('services'))
    expect(transcript(state).at(-1)).toEqual({
      sender: 'bot',
      text: chat.answers.services,
      options: ['Show me the services', 'Main menu'],
    })
    expect(chat.answers.services).toMatch(/implants/)
  })

  test('Our location gives the address with "Go to contact page" and "Main menu"', () => {
    const { state } = run(open, choose('location'))
    expect(transcript(state).at(-1)).toEqual({
      sender: 'bot',
      text: 'You can find us at: 3rd Floor, Lab Building, Kabul 1005',
      options: ['Go to contact page', 'Main menu'],
    })
  })

  test.each([
    ['book', 'yesTakeMe', '/clinic/appointment'],
    ['services', 'showServices', '/clinic/services'],
    ['location', 'goToContact', '/clinic/contact'],
  ] as const)('%s then %s navigates to %s and closes the panel', (first, second, path) => {
    const result = run(open, choose(first), choose(second))
    expect(result.navigateTo).toBe(path)
    expect(result.state.open).toBe(false)
    // Reopening later still offers a way on.
    expect(currentOptions(result.state)).toEqual(MAIN_OPTIONS)
    expect(transcript(result.state).at(-2)).toEqual({ sender: 'user', text: texts.options[second] })
  })

  test.each([
    ['book', 'noThanks'],
    ['services', 'mainMenu'],
    ['location', 'mainMenu'],
  ] as const)('%s then %s offers the three main options again', (first, second) => {
    const result = run(open, choose(first), choose(second))
    expect(result.navigateTo).toBeUndefined()
    expect(result.state.open).toBe(true)
    expect(transcript(result.state).at(-1)?.options).toEqual(MAIN_LABELS)
  })

  test('only choices that lead to a page navigate', () => {
    for (const option of MAIN_OPTIONS) {
      expect(run(open, choose(option)).navigateTo).toBeUndefined()
    }
  })
})

describe('option sets', () => {
  test('only the newest bot message keeps its options', () => {
    const { state } = run(open, choose('book'), choose('noThanks'), choose('location'))
    const withOptions = state.messages.filter((m) => m.sender === 'bot' && m.options)
    expect(withOptions).toEqual([state.messages.at(-1)])
    expect(currentOptions(state)).toEqual(['goToContact', 'mainMenu'])
    expect(state.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  test('the state is never changed in place', () => {
    const before = run(open).state
    const snapshot = structuredClone(before)
    chatTransition(before, choose('book'))
    expect(before).toEqual(snapshot)
  })
})

describe('any other input', () => {
  test('a quick reply the newest message does not offer gets the fallback and the main options', () => {
    // 'Show me the services' belongs to the services answer, not to the greeting.
    const result = run(open, choose('showServices'))
    expect(result.navigateTo).toBeUndefined()
    expect(transcript(result.state).slice(1)).toEqual([
      { sender: 'user', text: 'Show me the services' },
      {
        sender: 'bot',
        text: "I'm sorry, I didn't understand that. Here are the main options again.",
        options: MAIN_LABELS,
      },
    ])
  })

  test('an option of an earlier, dropped set gets the fallback', () => {
    const result = run(open, choose('book'), choose('noThanks'), choose('yesTakeMe'))
    expect(result.navigateTo).toBeUndefined()
    expect(result.state.messages.at(-1)).toMatchObject({ sender: 'bot', answer: 'fallback' })
  })

  test('a choice before the greeting gets the fallback', () => {
    const result = run(choose('book'))
    expect(result.state.messages.at(-1)).toMatchObject({ answer: 'fallback', options: MAIN_OPTIONS })
  })
})

describe('the text box', () => {
  test.each(['Our services', 'where are you?', ''])('submitting %j only asks for the notice', (text) => {
    const before = run(open).state
    const result = chatTransition(before, { type: 'submitText', text })
    expect(result.notice).toBe('liveChatComingSoon')
    expect(result.state).toBe(before)
    expect(result.navigateTo).toBeUndefined()
  })
})
