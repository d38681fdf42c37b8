/** Keeps left-to-right text (phones, e-mails, URLs, prices) in order inside right-to-left text. */
export function Ltr({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  )
}
