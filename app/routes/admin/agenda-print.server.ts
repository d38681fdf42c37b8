/** The print view shows the agenda screen's day or week: the same loader, the same checks. */
export { agendaLoader as agendaPrintLoader } from './agenda.server'
