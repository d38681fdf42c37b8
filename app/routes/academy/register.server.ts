// The course registration form's action.
export { registrationAction } from '../public-form.server'
