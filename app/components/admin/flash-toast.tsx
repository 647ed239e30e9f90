import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import { useHydrated } from "~/hooks/use-hydrated";
// A type only: nothing of the server module reaches the browser.
import type { FlashToast } from "~/http/toast.server";

/**
 * Shows the toast an admin action left for this page: as a toast with JavaScript, and,
 * without it, as a status region the server renders with the same words.
 */
export function FlashToastMessage({ flash }: { flash: FlashToast | null }) {
  const hydrated = useHydrated();
  const id = flash?.id;
  useEffect(() => {
    if (flash) toast({ title: flash.title, description: flash.description, variant: flash.variant });
    // Once per stored toast: a revalidation that brings no new one shows nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  if (!flash || hydrated) return null;
  const destructive = flash.variant === "destructive";
  return (
    <div
      role="status"
      className={`mt-4 rounded-md border px-4 py-3 text-sm ${destructive ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
    >
      <p className="font-semibold">{flash.title}</p>
      {flash.description ? <p className="mt-1">{flash.description}</p> : null}
    </div>
  );
}
