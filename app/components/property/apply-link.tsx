import { useT } from "~/i18n/use-t";

export function ApplyLink({ href, className = "" }: { href: string; className?: string }) {
  const { t } = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex h-11 items-center justify-center whitespace-nowrap rounded-md bg-accent-500 px-4 font-semibold text-slate-900 hover:bg-accent-400 ${className}`}
    >
      {t("properties.apply_here", "Apply Here")}
      <span className="sr-only"> {t("footer.new_tab", "(opens in a new tab)")}</span>
    </a>
  );
}
