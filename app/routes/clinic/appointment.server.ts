// The appointment form's action, shared with the clinic homepage.
export { appointmentAction } from '../public-form.server'
