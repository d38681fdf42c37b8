import type { PublicImage } from '~/lib/site/published-site.server'

/**
 * An image staff chose in the media manager: WebP variants in srcset, width and height so the
 * page does not jump while it loads, and lazy loading unless it is at the top of the page.
 */
export function SiteImage({
  image,
  sizes,
  className,
  priority = false,
  decorative = false,
}: {
  image: PublicImage
  /** How wide the image is shown, as a `sizes` value ('(min-width: 1024px) 40vw, 100vw'). */
  sizes: string
  className?: string
  /** At the top of the page: loaded at once and early. */
  priority?: boolean
  /** Inside a link or next to text that already says what it is. */
  decorative?: boolean
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={decorative ? '' : image.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'auto' : 'async'}
      className={className}
    />
  )
}

/** A logo at the header's height (36 px), as wide as its proportions make it. */
export function SiteLogo({ image }: { image: PublicImage }) {
  const shownWidth = Math.round((36 * image.width) / image.height)
  return <SiteImage image={image} sizes={`${shownWidth}px`} priority decorative className="h-9 w-auto max-w-40 object-contain" />
}
