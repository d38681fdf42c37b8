import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes'

export default [
  route('set-language', 'routes/set-language.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Every public page exists in English (no prefix), Dari (/fa) and Pashto (/ps).
  ...prefix(':lang?', [
    index('routes/landing.tsx'),
    route('login', 'routes/student-login.tsx'),
    route('clinic', 'routes/clinic/layout.tsx', [
      index('routes/clinic/home.tsx'),
      route('services', 'routes/clinic/services.tsx'),
      route('about', 'routes/clinic/about.tsx'),
      route('team', 'routes/clinic/team.tsx'),
      route('appointment', 'routes/clinic/appointment.tsx'),
      route('contact', 'routes/clinic/contact.tsx'),
      route('gallery', 'routes/clinic/gallery.tsx'),
      route('blog', 'routes/clinic/blog.tsx'),
    ]),
    route('academy', 'routes/academy/layout.tsx', [
      index('routes/academy/home.tsx'),
      route('courses', 'routes/academy/courses.tsx'),
      route('faculty', 'routes/academy/faculty.tsx'),
      route('news', 'routes/academy/news.tsx'),
      route('register', 'routes/academy/register.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
