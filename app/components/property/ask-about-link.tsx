import { Link } from "react-router";
import { useT } from "~/i18n/use-t";

/**
 * The contact form about one home: the home page with ?about=<id>, scrolled to the form.
 * A plain link, so it works without JavaScript and can be shared.
 */
export function inquiryHref(propertyId: number): string {
  return `/?about=${propertyId}#contact`;
}

/**
 * 'Ask about this home': opens the contact form with the home named (routes/_index/route.tsx).
 * `className` carries the padding (px-4 unless it says otherwise), as ApplyLink's does.
 */
export function AskAboutLink({ propertyId, onClick, className = "px-4" }: { propertyId: number; onClick?: () => void; className?: string }) {
  const { t } = useT();
  return (
    <Link
      to={inquiryHref(propertyId)}
      onClick={onClick}
      className={`inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 text-center font-semibold text-white hover:bg-brand-800 ${className}`}
    >
      {t("properties.ask_about", "Ask about this home")}
    </Link>
  );
}
