import { useT } from "~/i18n/use-t";

/**
 * Saved or compared homes that can no longer be shown: '{name} has been rented' (or sold,
 * or 'is no longer available'), or without a name 'A home that is no longer available'.
 */
export function UnavailableHomes({ homes }: { homes: { id: number; name: string | null; status?: string }[] }) {
  const { t } = useT();
  if (!homes.length) return null;
  return (
    <section aria-labelledby="unavailable-homes" className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="unavailable-homes" className="text-base font-semibold text-slate-900">
        {t("favorites.unavailable_title", "No longer available")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
        {homes.map((home) => (
          <li key={home.id}>
            {home.name === null
              ? t("favorites.unavailable_unnamed", "A home that is no longer available")
              : home.status === "rented" || home.status === "sold"
                ? t(`favorites.unavailable_${home.status}`, undefined, { name: home.name })
                : t("favorites.unavailable_item", "{{name}} is no longer available", { name: home.name })}
          </li>
        ))}
      </ul>
    </section>
  );
}
