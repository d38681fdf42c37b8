import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

export default [
  route('set-language', 'routes/set-language.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Uploaded images (WebP variants with content-hashed names).
  route('media/:file', 'routes/media.ts'),
  // The installed app's icons, made from the published logo (app/lib/site/app-manifest.server.ts).
  route('app-icon/:file', 'routes/app-icon.ts'),
  // Staff admin panel: static /admin paths rank above the public :lang? routes. Every loader and
  // action checks the session and role on the server (app/lib/staff/auth.server.ts).
  ...prefix('admin', [
    index('routes/admin/index.ts'),
    route('login', 'routes/admin/login.tsx'),
    route('login/code', 'routes/admin/sign-in-code.tsx'),
    route('forgot', 'routes/admin/forgot.tsx'),
    route('reset', 'routes/admin/reset.tsx'),
    route('logout', 'routes/admin/logout.ts'),
    route('language', 'routes/admin/language.ts'),
    route('setup', 'routes/admin/setup.tsx'),
    route('events', 'routes/admin/events.ts'),
    route('patients/export', 'routes/admin/patients-export.ts'),
    route('students/export', 'routes/admin/students-export.ts'),
    route('analytics/export', 'routes/admin/analytics-export.ts'),
    layout('routes/admin/admin-layout.tsx', [
      route('dashboard', 'routes/admin/dashboard.tsx'),
      route('patients', 'routes/admin/patients.tsx'),
      route('patients/new', 'routes/admin/patient-new.tsx'),
      route('patients/:id', 'routes/admin/patient-detail.tsx'),
      route('students', 'routes/admin/students.tsx'),
      route('students/:id', 'routes/admin/student-detail.tsx'),
      route('agenda', 'routes/admin/agenda.tsx'),
      route('agenda/print', 'routes/admin/agenda-print.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('account', 'routes/admin/account.tsx'),
      route('account/two-step', 'routes/admin/two-step.tsx'),
      // Site editor screens (content, media, layout, theme, integrations, settings) go here.
      route('content', 'routes/admin/content.tsx'),
      route('collections', 'routes/admin/collections.tsx'),
      route('posts', 'routes/admin/posts.tsx'),
      // A post by its id, or 'new' (`?stream=news|articles`).
      route('posts/:post', 'routes/admin/post-editor.tsx'),
      route('media', 'routes/admin/media.tsx'),
      route('gallery', 'routes/admin/gallery.tsx'),
      route('layout', 'routes/admin/layout-editor.tsx'),
      route('theme', 'routes/admin/theme.tsx'),
      route('integrations', 'routes/admin/integrations.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
  // Every public page exists in English (no prefix), Dari (/fa) and Pashto (/ps).
  ...prefix(':lang?', [
    index('routes/landing.tsx'),
    route('login', 'routes/student-login.tsx'),
    // Kept by the service worker: shown, offline, for a public page this phone never kept.
    route('offline', 'routes/offline.tsx'),
    // The web app manifest of the language (installed from /fa/clinic, it opens the Dari clinic).
    route('manifest.webmanifest', 'routes/app-manifest.ts'),
    route('clinic', 'routes/clinic/layout.tsx', [
      index('routes/clinic/home.tsx'),
      route('services', 'routes/clinic/services.tsx'),
      route('about', 'routes/clinic/about.tsx'),
      route('team', 'routes/clinic/team.tsx'),
      route('appointment', 'routes/clinic/appointment.tsx'),
      route('contact', 'routes/clinic/contact.tsx'),
      route('gallery', 'routes/clinic/gallery.tsx'),
      route('blog', 'routes/clinic/blog.tsx'),
      route('blog/feed.xml', 'routes/clinic/blog-feed.ts'),
      route('blog/:post', 'routes/clinic/blog-post.tsx'),
    ]),
    route('academy', 'routes/academy/layout.tsx', [
      index('routes/academy/home.tsx'),
      route('courses', 'routes/academy/courses.tsx'),
      route('faculty', 'routes/academy/faculty.tsx'),
      route('news', 'routes/academy/news.tsx'),
      route('news/feed.xml', 'routes/academy/news-feed.ts'),
      route('news/:post', 'routes/academy/news-post.tsx'),
      route('news/:post/event.ics', 'routes/academy/news-event.ts'),
      route('register', 'routes/academy/register.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
