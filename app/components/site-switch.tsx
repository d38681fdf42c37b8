import { Link } from 'react-router'
import { useLocalizedPath, useMessages } from '~/lib/site/root-data'
import { Dropdown, dropdownItemClass } from './ui/dropdown'
import { Static } from './ui/static'

export function SiteSwitch({ current }: { current: 'clinic' | 'academy' }) {
  const messages = useMessages().common.siteSwitch
  const lp = useLocalizedPath()
  return (
    <Dropdown label={current === 'clinic' ? messages.clinic : messages.academy}>
      <Static data={current}>
        <p className="px-4 pb-1 pt-2 text-xs font-bold uppercase text-slate-600">{messages.label}</p>
        <Link to={lp('/clinic')} className={dropdownItemClass} aria-current={current === 'clinic' ? 'page' : undefined}>
          {messages.clinic}
        </Link>
        <Link to={lp('/academy')} className={dropdownItemClass} aria-current={current === 'academy' ? 'page' : undefined}>
          {messages.academy}
        </Link>
      </Static>
    </Dropdown>
  )
}
