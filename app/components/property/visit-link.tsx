import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { visitPath } from "~/paths";

/**
 * 'Schedule a visit': the visit request form of one home (routes/properties.$id_.visit.tsx),
 * a plain link. `className` carries the padding (px-4 unless it says otherwise), as ApplyLink's does.
 */
export function VisitLink({ propertyId, onClick, className = "px-4" }: { propertyId: number; onClick?: () => void; className?: string }) {
  const { t } = useT();
  return (
    <Link
      to={visitPath(propertyId)}
      onClick={onClick}
      className={`inline-flex min-h-11 items-center justify-center rounded-md border border-brand-700 bg-white text-center font-semibold text-brand-800 hover:bg-brand-50 ${className}`}
    >
      {t("visit.link", "Schedule a visit")}
    </Link>
  );
}
