/**
 * A browser's User-Agent in words for the list of signed-in sessions ("Chrome on Android"). Read
 * on the server from the header kept at sign-in; no outside service. Only the browser's family and
 * the system are named, never versions: enough to tell one's phone from one's office computer.
 */

export type Browser = 'edge' | 'opera' | 'samsung' | 'firefox' | 'chrome' | 'safari' | 'other'
export type System = 'android' | 'iphone' | 'ipad' | 'windows' | 'mac' | 'chromeos' | 'linux' | 'other'

export interface Device {
  browser: Browser
  system: System
}

function browserOf(ua: string): Browser {
  // Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari".
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'edge'
  if (/\bOPR\/|\bOpera\b|\bOPT\//.test(ua)) return 'opera'
  if (/\bSamsungBrowser\//.test(ua)) return 'samsung'
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return 'firefox'
  if (/\bChrome\/|\bCriOS\/|\bChromium\//.test(ua)) return 'chrome'
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return 'safari'
  return 'other'
}

function systemOf(ua: string): System {
  if (/\bAndroid\b/.test(ua)) return 'android'
  if (/\biPhone\b|\biPod\b/.test(ua)) return 'iphone'
  if (/\biPad\b/.test(ua)) return 'ipad'
  if (/\bWindows\b/.test(ua)) return 'windows'
  if (/\bCrOS\b/.test(ua)) return 'chromeos'
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return 'mac'
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'linux'
  return 'other'
}

/** The browser and system a User-Agent names; 'other' for what it does not recognise (or no header). */
export function describeUserAgent(userAgent: string | null | undefined): Device {
  const ua = (userAgent ?? '').slice(0, 300)
  return { browser: browserOf(ua), system: systemOf(ua) }
}
