import { useT } from "~/i18n/use-t";

/**
 * `wrap`: the label may take two lines (a narrow column), the button growing with it.
 * `className` carries the padding (px-4 unless it says otherwise), so a caller's own
 * padding is not lost to the order of the stylesheet.
 */
export function ApplyLink({ href, className = "px-4", wrap = false }: { href: string; className?: string; wrap?: boolean }) {
  const { t } = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`button-apply ${wrap ? "min-h-11 py-1 text-center leading-tight" : "h-11 whitespace-nowrap"} ${className}`}
    >
      {t("properties.apply_here", "Apply Here")}
      <span className="sr-only">{` ${t("footer.new_tab", "(opens in a new tab)")}`}</span>
    </a>
  );
}
