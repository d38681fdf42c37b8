import sprite from './icons.svg?url'

/**
 * Icons from one self-hosted SVG sprite (icons.svg, a hashed, long-cached asset): the drawings stay
 * out of the JavaScript. Decorative unless given a title.
 */
type IconProps = { className?: string; title?: string }

function Icon({ name, className = 'h-5 w-5', title }: IconProps & { name: string }) {
  return (
    <svg className={className} role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} focusable="false">
      {title ? <title>{title}</title> : null}
      <use href={`${sprite}#${name}`} />
    </svg>
  )
}

export const PhoneIcon = (p: IconProps) => <Icon name="phone" {...p} />
export const MailIcon = (p: IconProps) => <Icon name="mail" {...p} />
export const MapPinIcon = (p: IconProps) => <Icon name="map-pin" {...p} />
export const ClockIcon = (p: IconProps) => <Icon name="clock" {...p} />
export const ChatIcon = (p: IconProps) => <Icon name="chat" {...p} />
export const CloseIcon = (p: IconProps) => <Icon name="close" {...p} />
export const ChevronDownIcon = (p: IconProps) => <Icon name="chevron-down" {...p} />
/** Points forward in the reading direction (mirrored in right-to-left pages). */
export const ArrowForwardIcon = ({ className = 'h-5 w-5', ...p }: IconProps) => (
  <Icon name="arrow-forward" className={`flip-rtl ${className}`} {...p} />
)
export const SendIcon = ({ className = 'h-5 w-5', ...p }: IconProps) => <Icon name="send" className={`flip-rtl ${className}`} {...p} />
export const GlobeIcon = (p: IconProps) => <Icon name="globe" {...p} />
export const StarIcon = (p: IconProps) => <Icon name="star" {...p} />
export const CheckIcon = (p: IconProps) => <Icon name="check" {...p} />
export const ToothIcon = (p: IconProps) => <Icon name="tooth" {...p} />
export const GraduationIcon = (p: IconProps) => <Icon name="graduation" {...p} />
export const UserIcon = (p: IconProps) => <Icon name="user" {...p} />
export const WhatsAppIcon = (p: IconProps) => <Icon name="whats-app" {...p} />
export const FacebookIcon = (p: IconProps) => <Icon name="facebook" {...p} />
export const InstagramIcon = (p: IconProps) => <Icon name="instagram" {...p} />
export const YouTubeIcon = (p: IconProps) => <Icon name="you-tube" {...p} />
export const LinkedInIcon = (p: IconProps) => <Icon name="linked-in" {...p} />
export const SparklesIcon = (p: IconProps) => <Icon name="sparkles" {...p} />
export const ImplantIcon = (p: IconProps) => <Icon name="implant" {...p} />
export const SmileIcon = (p: IconProps) => <Icon name="smile" {...p} />
export const ShieldCheckIcon = (p: IconProps) => <Icon name="shield-check" {...p} />
export const HeartPulseIcon = (p: IconProps) => <Icon name="heart-pulse" {...p} />
export const AlignIcon = (p: IconProps) => <Icon name="align" {...p} />
export const StethoscopeIcon = (p: IconProps) => <Icon name="stethoscope" {...p} />
export const UsersIcon = (p: IconProps) => <Icon name="users" {...p} />
export const LaptopIcon = (p: IconProps) => <Icon name="laptop" {...p} />
export const BookIcon = (p: IconProps) => <Icon name="book" {...p} />
export const CalendarIcon = (p: IconProps) => <Icon name="calendar" {...p} />
export const WalletIcon = (p: IconProps) => <Icon name="wallet" {...p} />
export const NavigationIcon = (p: IconProps) => <Icon name="navigation" {...p} />
export const LockIcon = (p: IconProps) => <Icon name="lock" {...p} />
export const QuoteIcon = (p: IconProps) => <Icon name="quote" {...p} />
/** Points back against the reading direction (mirrored in right-to-left pages). */
export const ArrowBackIcon = ({ className = 'h-5 w-5', ...p }: IconProps) => (
  <Icon name="arrow-back" className={`flip-rtl ${className}`} {...p} />
)
